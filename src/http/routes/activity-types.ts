import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import { IdParams, SuccessBody, withErrors } from '../../schemas/common.js'
import {
  ActivityTypeBody, ActivityTypeCreateSchema, ActivityTypeListQuerySchema, ActivityTypePageSchema, ActivityTypePatchSchema
} from '../../schemas/activity-types.js'
import { createActivityType, updateActivityType } from '../../services/engagement.js'
import { activityTypeFilter } from '../../services/lists.js'
import type { Store } from '../../store/types.js'

export const activityTypeRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.get('', {
    schema: {
      operationId: 'listActivityTypes',
      summary: 'List activity types',
      description: 'A page of the workspace\'s activity types, by `key` ascending. `q` is a case-insensitive prefix ' +
        'of the key.',
      tags: ['activity-types'],
      querystring: ActivityTypeListQuerySchema,
      response: withErrors({ 200: ActivityTypePageSchema })
    }
  }, async (request) => {
    const query = request.query
    const { total, items } = await store.activityTypes.list(request.workspaceId, activityTypeFilter(query))
    return { page: query.page, pageSize: query.pageSize, totalActivityTypes: total, activityTypes: items }
  })

  app.post('', {
    schema: {
      operationId: 'createActivityType',
      summary: 'Create an activity type',
      description: 'Creates a type with its points: `key` is required, `name` defaults to the key, `points` to 1, ' +
        '`channelPoints` to none. Each override names a channel of the workspace, at most once (else 400). A key ' +
        'the workspace already has is a 409 whose `details` name the existing type (`id`).',
      tags: ['activity-types'],
      body: ActivityTypeCreateSchema,
      response: withErrors({ 201: ActivityTypeBody }, 409, 413, 415)
    }
  }, async (request, reply) => {
    const activityType = await createActivityType(store, request.workspaceId, request.body)
    return reply.code(201).send({ activityType })
  })

  app.get('/:id', {
    schema: {
      operationId: 'getActivityType',
      summary: 'Get an activity type',
      description: 'The activity type with this id, with its points and per-channel overrides.',
      tags: ['activity-types'],
      params: IdParams,
      response: withErrors({ 200: ActivityTypeBody }, 404)
    }
  }, async (request) => {
    const activityType = await store.activityTypes.get(request.workspaceId, request.params.id)
    if (activityType === undefined) throw notFound()
    return { activityType }
  })

  app.patch('/:id', {
    schema: {
      operationId: 'updateActivityType',
      summary: 'Update an activity type',
      description: 'Changes `name`, `points` and `channelPoints` (the list replaces the previous one); `key` cannot ' +
        'change. Every member\'s pulse and level follow the new points by the time the answer is sent.',
      tags: ['activity-types'],
      params: IdParams,
      body: ActivityTypePatchSchema,
      response: withErrors({ 200: ActivityTypeBody }, 404, 413, 415)
    }
  }, async (request) => {
    const activityType = await updateActivityType(store, request.workspaceId, request.params.id, request.body)
    if (activityType === undefined) throw notFound()
    return { activityType }
  })

  app.delete('/:id', {
    schema: {
      operationId: 'deleteActivityType',
      summary: 'Delete an activity type',
      description: 'Deletes a type no activity uses; while activities use it, a 409.',
      tags: ['activity-types'],
      params: IdParams,
      response: withErrors({ 200: SuccessBody }, 404, 409, 413, 415)
    }
  }, async (request) => {
    if (!await store.activityTypes.remove(request.workspaceId, request.params.id)) throw notFound()
    return { success: true }
  })
}
