import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import { IdParams, SuccessBody, withErrors } from '../../schemas/common.js'
import {
  ChannelBody, ChannelCreateSchema, ChannelListBody, ChannelListQuerySchema, ChannelPageSchema, ChannelPatchSchema
} from '../../schemas/channels.js'
import { channelFilter } from '../../services/lists.js'
import type { Store } from '../../store/types.js'

export const channelRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.post('', {
    schema: { body: ChannelCreateSchema, response: withErrors({ 201: ChannelBody }, 400) }
  }, async (request, reply) => {
    const channel = await store.channels.create(request.workspaceId, request.body)
    return reply.code(201).send({ channel })
  })

  app.get('/:id', {
    schema: { params: IdParams, response: withErrors({ 200: ChannelBody }, 404) }
  }, async (request) => {
    const channel = await store.channels.get(request.workspaceId, request.params.id)
    if (channel === undefined) throw notFound()
    return { channel }
  })

  app.patch('/:id', {
    schema: { params: IdParams, body: ChannelPatchSchema, response: withErrors({ 200: ChannelListBody }, 400, 404) }
  }, async (request) => {
    const channel = await store.channels.update(request.workspaceId, request.params.id, request.body)
    if (channel === undefined) throw notFound()
    return { channel: [channel] }
  })

  app.get('', {
    schema: { querystring: ChannelListQuerySchema, response: withErrors({ 200: ChannelPageSchema }, 400) }
  }, async (request) => {
    const query = request.query
    const { total, items } = await store.channels.list(request.workspaceId, channelFilter(query))
    return { page: query.page, pageSize: query.pageSize, totalChannels: total, channels: items }
  })

  app.delete('/:id', {
    schema: { params: IdParams, response: withErrors({ 200: SuccessBody }, 404) }
  }, async (request) => {
    if (!await store.channels.remove(request.workspaceId, request.params.id)) throw notFound()
    return { success: true }
  })
}
