import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { badRequest, notFound } from '../errors.js'
import { nowSeconds, toEpochSeconds } from '../domain/time.js'
import { IdParams, PageQuerySchema, withErrors } from '../schemas/common.js'
import { ActivityBody, ActivityCreateSchema, ActivityPageSchema, ActivityPatchSchema } from '../schemas/activities.js'
import type { Store } from '../store/types.js'

export const activityRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.get('', {
    schema: { querystring: PageQuerySchema, response: withErrors({ 200: ActivityPageSchema }, 400) }
  }, async (request) => {
    const { page, pageSize } = request.query
    const { total, items } = await store.activities.list(request.workspaceId, { page, pageSize })
    return { page, pageSize, totalActivities: total, activities: items }
  })

  app.post('', {
    schema: { body: ActivityCreateSchema, response: withErrors({ 201: ActivityBody }, 400) }
  }, async (request, reply) => {
    const { createdAt } = request.body
    if (createdAt != null) {
      const at = toEpochSeconds(createdAt)
      // Backfills go back to 1970 at most (the engagement score's range), never into the future.
      if (at > nowSeconds()) throw badRequest([{ field: 'createdAt', message: 'must not be in the future' }])
      if (at < 0) throw badRequest([{ field: 'createdAt', message: 'must not be before 1970-01-01T00:00:00Z' }])
    }
    const activity = await store.activities.create(request.workspaceId, request.body)
    return reply.code(201).send({ activity })
  })

  app.get('/:id', {
    schema: { params: IdParams, response: withErrors({ 200: ActivityBody }, 404) }
  }, async (request) => {
    const activity = await store.activities.get(request.workspaceId, request.params.id)
    if (activity === undefined) throw notFound()
    return { activity }
  })

  app.patch('/:id', {
    schema: { params: IdParams, body: ActivityPatchSchema, response: withErrors({ 200: ActivityBody }, 400, 404) }
  }, async (request) => {
    const activity = await store.activities.update(request.workspaceId, request.params.id, request.body)
    if (activity === undefined) throw notFound()
    return { activity }
  })
}
