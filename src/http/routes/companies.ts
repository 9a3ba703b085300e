import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import { IdParams, SuccessBody, withErrors } from '../../schemas/common.js'
import { CompanyBody, CompanyCreateSchema, CompanyListQuerySchema, type CompanyCreate, CompanyPageSchema, CompanyPatchSchema } from '../../schemas/companies.js'
import { companyFilter } from '../../services/lists.js'
import { CompanyBulkResults } from '../../schemas/bulk.js'
import { bulkRoute } from './bulk.js'
import type { Store } from '../../store/types.js'

export const companyRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.post('', {
    schema: {
      operationId: 'createCompany',
      summary: 'Create a company',
      description: 'Creates a company in the workspace of the token. `name` is required; `domain` is stored normalised ' +
        '(`https://www.Acme.com/` becomes `acme.com`), and a domain another company of the workspace has is a 409 ' +
        'naming it; `tags` are uuids, de-duplicated in order. A company made with a domain attaches the workspace\'s ' +
        'members whose primary email has that domain and who have no company (see `/v1/identity-settings`).',
      tags: ['companies'],
      body: CompanyCreateSchema,
      response: withErrors({ 201: CompanyBody }, 409, 413, 415)
    }
  }, async (request, reply) => {
    const company = await store.companies.create(request.workspaceId, request.body)
    return reply.code(201).send({ company })
  })

  await app.register(bulkRoute({
    operationId: 'bulkCompanies',
    summary: 'Create or update companies in bulk',
    description: 'Up to 1,000 companies, each a body of `POST /v1/companies`: one with a `domain` the workspace has ' +
      '(normalised: `https://www.Acme.com/` is `acme.com`) updates that company as a PATCH would (200), else it is ' +
      'created (201); applied in order as if sent one by one, in one transaction: an item that is invalid answers ' +
      'its error and changes nothing, never failing the others.',
    tag: 'companies',
    items: 'companies',
    record: 'company',
    item: CompanyCreateSchema,
    results: CompanyBulkResults,
    write: async (workspaceId, items: CompanyCreate[]) => await store.companies.putMany(workspaceId, items)
  }))

  app.get('/:id', {
    schema: {
      operationId: 'getCompany',
      summary: 'Get a company',
      description: 'The company with this id, in the workspace of the token.',
      tags: ['companies'],
      params: IdParams,
      response: withErrors({ 200: CompanyBody }, 404)
    }
  }, async (request) => {
    const company = await store.companies.get(request.workspaceId, request.params.id)
    if (company === undefined) throw notFound()
    return { company }
  })

  app.patch('/:id', {
    schema: {
      operationId: 'updateCompany',
      summary: 'Update a company',
      description: 'Changes the fields the body names: an omitted field is unchanged, `null` clears it (`name` cannot be ' +
        'cleared), `{}` changes nothing. `updatedAt` moves on every change. A `domain` another company of the workspace ' +
        'has is a 409 naming it; a new domain attaches the members of that domain that have no company.',
      tags: ['companies'],
      params: IdParams,
      body: CompanyPatchSchema,
      response: withErrors({ 200: CompanyBody }, 404, 409, 413, 415)
    }
  }, async (request) => {
    const company = await store.companies.update(request.workspaceId, request.params.id, request.body)
    if (company === undefined) throw notFound()
    return { company }
  })

  app.get('', {
    schema: {
      operationId: 'listCompanies',
      summary: 'List companies',
      description: 'A page of the workspace\'s companies, newest first unless `sort` says otherwise. `q` is a ' +
        'case-insensitive prefix of the name, `domain` the normalised domain, `tag` a tag id; filters combine with AND ' +
        'and `totalCompanies` counts what they match.',
      tags: ['companies'],
      querystring: CompanyListQuerySchema,
      response: withErrors({ 200: CompanyPageSchema })
    }
  }, async (request) => {
    const query = request.query
    const { total, items } = await store.companies.list(request.workspaceId, companyFilter(query))
    return { page: query.page, pageSize: query.pageSize, totalCompanies: total, companies: items }
  })

  app.delete('/:id', {
    schema: {
      operationId: 'deleteCompany',
      summary: 'Delete a company',
      description: 'Deletes the company; its members stay, with `companyId` null.',
      tags: ['companies'],
      params: IdParams,
      response: withErrors({ 200: SuccessBody }, 404, 413, 415)
    }
  }, async (request) => {
    if (!await store.companies.remove(request.workspaceId, request.params.id)) throw notFound()
    return { success: true }
  })
}
