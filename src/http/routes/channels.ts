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
    schema: {
      operationId: 'createChannel',
      summary: 'Create a channel',
      description: 'Creates a channel: `name` is required, `source` defaults to `"Api"`.',
      tags: ['channels'],
      body: ChannelCreateSchema,
      response: withErrors({ 201: ChannelBody }, 413, 415)
    }
  }, async (request, reply) => {
    const channel = await store.channels.create(request.workspaceId, request.body)
    return reply.code(201).send({ channel })
  })

  app.get('/:id', {
    schema: {
      operationId: 'getChannel',
      summary: 'Get a channel',
      description: 'The channel with this id, as a single object.',
      tags: ['channels'],
      params: IdParams,
      response: withErrors({ 200: ChannelBody }, 404)
    }
  }, async (request) => {
    const channel = await store.channels.get(request.workspaceId, request.params.id)
    if (channel === undefined) throw notFound()
    return { channel }
  })

  app.patch('/:id', {
    schema: {
      operationId: 'updateChannel',
      summary: 'Update a channel',
      description: 'Changes `name` and `externalId`. The answer holds the channel in an array of one, as the ' +
        'specification says.',
      tags: ['channels'],
      params: IdParams,
      body: ChannelPatchSchema,
      response: withErrors({ 200: ChannelListBody }, 404, 413, 415)
    }
  }, async (request) => {
    const channel = await store.channels.update(request.workspaceId, request.params.id, request.body)
    if (channel === undefined) throw notFound()
    return { channel: [channel] }
  })

  app.get('', {
    schema: {
      operationId: 'listChannels',
      summary: 'List channels',
      description: 'A page of the workspace\'s channels, newest first. `q` is a case-insensitive prefix of the name, ' +
        '`source` an exact source.',
      tags: ['channels'],
      querystring: ChannelListQuerySchema,
      response: withErrors({ 200: ChannelPageSchema })
    }
  }, async (request) => {
    const query = request.query
    const { total, items } = await store.channels.list(request.workspaceId, channelFilter(query))
    return { page: query.page, pageSize: query.pageSize, totalChannels: total, channels: items }
  })

  app.delete('/:id', {
    schema: {
      operationId: 'deleteChannel',
      summary: 'Delete a channel',
      description: 'Deletes the channel; its activities stay, with `channelId` null.',
      tags: ['channels'],
      params: IdParams,
      response: withErrors({ 200: SuccessBody }, 404, 413, 415)
    }
  }, async (request) => {
    if (!await store.channels.remove(request.workspaceId, request.params.id)) throw notFound()
    return { success: true }
  })
}
