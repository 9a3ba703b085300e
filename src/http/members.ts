import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { badRequest, notFound } from '../errors.js'
import { IdParams, SuccessBody, withErrors } from '../schemas/common.js'
import { MEMBER_IDENTITY, MemberBody, MemberCreateSchema } from '../schemas/members.js'
import type { Store } from '../store/types.js'

export const memberRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.post('', {
    schema: { body: MemberCreateSchema, response: withErrors({ 201: MemberBody }, 400) }
  }, async (request, reply) => {
    const body = request.body
    if (MEMBER_IDENTITY.every((field) => body[field] == null)) {
      throw badRequest([{ field: MEMBER_IDENTITY.join('|'), message: `one of ${MEMBER_IDENTITY.join(', ')} is required` }])
    }
    const member = await store.members.create(request.workspaceId, body)
    return reply.code(201).send({ member })
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
