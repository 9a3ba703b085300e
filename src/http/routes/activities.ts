import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import { createActivity } from '../../services/activities.js'
import { IdParams, SuccessBody, withErrors } from '../../schemas/common.js'
import {
  ActivityBody, ActivityCreateSchema, ActivityListQuerySchema, ActivityPageSchema, ActivityPatchSchema,
  MemberActivityQuerySchema, MemberIdParams
} from '../../schemas/activities.js'
import { activityFilter } from '../../services/lists.js'
import type { Store } from '../../store/types.js'

export const activityRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.get('', {
    schema: { querystring: ActivityListQuerySchema, response: withErrors({ 200: ActivityPageSchema }, 400) }
  }, async (request) => {
    const query = request.query
    const { total, items } = await store.activities.list(request.workspaceId, activityFilter(query))
    return { page: query.page, pageSize: query.pageSize, totalActivities: total, activities: items }
  })

  // One member's timeline: the activity list's filters, the member from the path (404 when unknown).
  app.get('/member/:memberId', {
    schema: {
      params: MemberIdParams,
      querystring: MemberActivityQuerySchema,
      response: withErrors({ 200: ActivityPageSchema }, 400, 404)
    }
  }, async (request) => {
    const { workspaceId, query, params } = request
    if (await store.members.get(workspaceId, params.memberId) === undefined) throw notFound()
    const { total, items } = await store.activities.list(workspaceId, activityFilter({ ...query, memberId: params.memberId }))
    return { page: query.page, pageSize: query.pageSize, totalActivities: total, activities: items }
  })

  app.post('', {
    schema: { body: ActivityCreateSchema, response: withErrors({ 201: ActivityBody }, 400) }
  }, async (request, reply) => {
    const activity = await createActivity(store, request.workspaceId, request.body)
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

  app.delete('/:id', {
    schema: { params: IdParams, response: withErrors({ 200: SuccessBody }, 404) }
  }, async (request) => {
    if (!await store.activities.remove(request.workspaceId, request.params.id)) throw notFound()
    return { success: true }
  })
}
