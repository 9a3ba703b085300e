import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import { IdParams, SuccessBody, withErrors } from '../../schemas/common.js'
import { MemberBody, MemberCreateSchema, MemberListQuerySchema, MemberPageSchema, MemberPatchSchema } from '../../schemas/members.js'
import type { Store } from '../../store/types.js'
import { memberFilter } from '../../services/lists.js'

export const memberRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.post('', {
    schema: { body: MemberCreateSchema, response: withErrors({ 201: MemberBody }, 400) }
  }, async (request, reply) => {
    const member = await store.members.create(request.workspaceId, request.body)
    return reply.code(201).send({ member })
  })

  app.get('', {
    schema: { querystring: MemberListQuerySchema, response: withErrors({ 200: MemberPageSchema }, 400) }
  }, async (request) => {
    const query = request.query
    const { total, items } = await store.members.list(request.workspaceId, memberFilter(query))
    return { page: query.page, pageSize: query.pageSize, totalMembers: total, members: items }
  })

  app.patch('/:id', {
    schema: { params: IdParams, body: MemberPatchSchema, response: withErrors({ 200: MemberBody }, 400, 404) }
  }, async (request) => {
    const member = await store.members.update(request.workspaceId, request.params.id, request.body)
    if (member === undefined) throw notFound()
    return { member }
  })

  app.get('/:id', {
    schema: { params: IdParams, response: withErrors({ 200: MemberBody }, 404) }
  }, async (request) => {
    const member = await store.members.get(request.workspaceId, request.params.id)
    if (member === undefined) throw notFound()
    return { member }
  })

  app.delete('/:id', {
    schema: { params: IdParams, response: withErrors({ 200: SuccessBody }, 404) }
  }, async (request) => {
    if (!await store.members.remove(request.workspaceId, request.params.id)) throw notFound()
    return { success: true }
  })
}
