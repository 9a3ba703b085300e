import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import { IdParams, SuccessBody, withErrors } from '../../schemas/common.js'
import { CompanyBody, CompanyCreateSchema, CompanyListQuerySchema, CompanyPageSchema, CompanyPatchSchema } from '../../schemas/companies.js'
import { companyFilter } from '../../services/lists.js'
import type { Store } from '../../store/types.js'

export const companyRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.post('', {
    schema: { body: CompanyCreateSchema, response: withErrors({ 201: CompanyBody }, 400) }
  }, async (request, reply) => {
    const company = await store.companies.create(request.workspaceId, request.body)
    return reply.code(201).send({ company })
  })

  app.get('/:id', {
    schema: { params: IdParams, response: withErrors({ 200: CompanyBody }, 404) }
  }, async (request) => {
    const company = await store.companies.get(request.workspaceId, request.params.id)
    if (company === undefined) throw notFound()
    return { company }
  })

  app.patch('/:id', {
    schema: { params: IdParams, body: CompanyPatchSchema, response: withErrors({ 200: CompanyBody }, 400, 404) }
  }, async (request) => {
    const company = await store.companies.update(request.workspaceId, request.params.id, request.body)
    if (company === undefined) throw notFound()
    return { company }
  })

  app.get('', {
    schema: { querystring: CompanyListQuerySchema, response: withErrors({ 200: CompanyPageSchema }, 400) }
  }, async (request) => {
    const query = request.query
    const { total, items } = await store.companies.list(request.workspaceId, companyFilter(query))
    return { page: query.page, pageSize: query.pageSize, totalCompanies: total, companies: items }
  })

  app.delete('/:id', {
    schema: { params: IdParams, response: withErrors({ 200: SuccessBody }, 404) }
  }, async (request) => {
    if (!await store.companies.remove(request.workspaceId, request.params.id)) throw notFound()
    return { success: true }
  })
}
