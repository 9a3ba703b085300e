import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import { IdParams, SuccessBody, withErrors } from '../../schemas/common.js'
import {
  ChannelBody, ChannelCreateSchema, type ChannelCreate, ChannelListBody, ChannelListQuerySchema, ChannelPageSchema, ChannelPatchSchema
} from '../../schemas/channels.js'
import { channelFilter } from '../../services/lists.js'
import { ChannelBulkResults } from '../../schemas/bulk.js'
import { bulkRoute } from './bulk.js'
import type { Store } from '../../store/types.js'

export const channelRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.post('', {
    schema: {
      operationId: 'createChannel',
      summary: 'Create a channel',
      description: 'Creates a channel: `name` is required, `source` defaults to `"Api"`. A channel with an `externalId` ' +
        'is the one of its `source`: when the workspace has a channel with that (source, externalId), it is updated from ' +
        'the body as a PATCH would (200), else created (201).',
      tags: ['channels'],
      body: ChannelCreateSchema,
      response: withErrors({ 200: ChannelBody, 201: ChannelBody }, 413, 415)
    }
  }, async (request, reply) => {
    const { record, created } = await store.channels.put(request.workspaceId, request.body)
    return reply.code(created ? 201 : 200).send({ channel: record })
  })

  await app.register(bulkRoute({
    operationId: 'bulkChannels',
    summary: 'Create or update channels in bulk',
    description: 'Up to 1,000 channels, each a body of `POST /v1/channels` (matched by (source, externalId) when it has ' +
      'an `externalId`: updated, 200; else created, 201), applied in order as if sent one by one, in one transaction: ' +
      'an item that is invalid answers its error and changes nothing, never failing the others.',
    tag: 'channels',
    items: 'channels',
    record: 'channel',
    item: ChannelCreateSchema,
    results: ChannelBulkResults,
    write: async (workspaceId, items: ChannelCreate[]) => await store.channels.putMany(workspaceId, items)
  }))

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
      description: 'Changes `name` and `externalId` (one another channel of the same source has is a 409 naming it). ' +
        'The answer holds the channel in an array of one, as the specification says.',
      tags: ['channels'],
      params: IdParams,
      body: ChannelPatchSchema,
      response: withErrors({ 200: ChannelListBody }, 404, 409, 413, 415)
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
