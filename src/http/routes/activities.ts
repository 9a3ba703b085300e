import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import { putActivities, putActivity } from '../../services/activities.js'
import { ActivityBulkResults } from '../../schemas/bulk.js'
import { bulkRoute } from './bulk.js'
import { IdParams, SuccessBody, withErrors } from '../../schemas/common.js'
import {
  ActivityBody, ActivityCreateSchema, type ActivityCreate, ActivityListQuerySchema, ActivityPageSchema, ActivityPatchSchema,
  MemberActivityQuerySchema, MemberIdParams
} from '../../schemas/activities.js'
import { activityFilter } from '../../services/lists.js'
import type { Store } from '../../store/types.js'

export const activityRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.get('', {
    schema: {
      operationId: 'listActivities',
      summary: 'List activities',
      description: 'A page of the workspace\'s activities, newest first (`createdAt` desc, then `id` desc). Filters ' +
        '(`memberId`, `channelId`, `activityTypeKey`, `source` exact; `since` and `until` bound `createdAt`, inclusive) ' +
        'combine with AND, and `totalActivities` counts what they match.',
      tags: ['activities'],
      querystring: ActivityListQuerySchema,
      response: withErrors({ 200: ActivityPageSchema })
    }
  }, async (request) => {
    const query = request.query
    const { total, items } = await store.activities.list(request.workspaceId, activityFilter(query))
    return { page: query.page, pageSize: query.pageSize, totalActivities: total, activities: items }
  })

  // One member's timeline: the activity list's filters, the member from the path (404 when unknown).
  app.get('/member/:memberId', {
    schema: {
      operationId: 'listMemberActivities',
      summary: 'List a member\'s activities',
      description: 'The member\'s timeline: the activity list\'s filters, for the member of the path (404 when the ' +
        'workspace has no such member).',
      tags: ['activities'],
      params: MemberIdParams,
      querystring: MemberActivityQuerySchema,
      response: withErrors({ 200: ActivityPageSchema }, 404)
    }
  }, async (request) => {
    const { workspaceId, query, params } = request
    if (await store.members.get(workspaceId, params.memberId) === undefined) throw notFound()
    const { total, items } = await store.activities.list(workspaceId, activityFilter({ ...query, memberId: params.memberId }))
    return { page: query.page, pageSize: query.pageSize, totalActivities: total, activities: items }
  })

  app.post('', {
    schema: {
      operationId: 'createActivity',
      summary: 'Create an activity',
      description: 'Records an activity of a member, named by `memberId` or by `member` (the workspace\'s member with ' +
        'that `primaryEmail` among its emails, created from `member` when none has it). An activity with an ' +
        '`externalId` is the event of its `source`: when the workspace has an activity with that (source, externalId), ' +
        'it is updated from the body as a PATCH would (200; `createdAt` never moves), else created (201). ' +
        '`activityTypeKey` names a type of the workspace, created on first use; `channelId`, `replyTo`, `reactTo` and ' +
        '`inviteTo` must name records of the workspace (else 400 naming the field); `createdAt` backfills a past ' +
        'activity (never in the future).',
      tags: ['activities'],
      body: ActivityCreateSchema,
      response: withErrors({ 200: ActivityBody, 201: ActivityBody }, 413, 415)
    }
  }, async (request, reply) => {
    const { record, created } = await putActivity(store, request.workspaceId, request.body)
    return reply.code(created ? 201 : 200).send({ activity: record })
  })

  await app.register(bulkRoute({
    operationId: 'bulkActivities',
    summary: 'Create or update activities in bulk',
    description: 'Up to 1,000 activities, each a body of `POST /v1/activities` with its rules (re-deliveries by ' +
      '(source, externalId) update, members by id or by email), applied in order as if sent one by one, in one ' +
      'transaction: an item that is invalid answers its error and changes nothing, never failing the others.',
    tag: 'activities',
    items: 'activities',
    record: 'activity',
    item: ActivityCreateSchema,
    results: ActivityBulkResults,
    write: async (workspaceId, items: ActivityCreate[]) => await putActivities(store, workspaceId, items)
  }))

  app.get('/:id', {
    schema: {
      operationId: 'getActivity',
      summary: 'Get an activity',
      description: 'The activity with this id.',
      tags: ['activities'],
      params: IdParams,
      response: withErrors({ 200: ActivityBody }, 404)
    }
  }, async (request) => {
    const activity = await store.activities.get(request.workspaceId, request.params.id)
    if (activity === undefined) throw notFound()
    return { activity }
  })

  app.patch('/:id', {
    schema: {
      operationId: 'updateActivity',
      summary: 'Update an activity',
      description: 'Changes the fields the body names (omitted: unchanged, `null`: cleared); `activityTypeKey` moves ' +
        'the activity to that type. The member\'s derived values follow at once. An `externalId` another activity of ' +
        'the same source has is a 409 naming it.',
      tags: ['activities'],
      params: IdParams,
      body: ActivityPatchSchema,
      response: withErrors({ 200: ActivityBody }, 404, 409, 413, 415)
    }
  }, async (request) => {
    const activity = await store.activities.update(request.workspaceId, request.params.id, request.body)
    if (activity === undefined) throw notFound()
    return { activity }
  })

  app.delete('/:id', {
    schema: {
      operationId: 'deleteActivity',
      summary: 'Delete an activity',
      description: 'Deletes the activity; its member\'s derived values follow at once.',
      tags: ['activities'],
      params: IdParams,
      response: withErrors({ 200: SuccessBody }, 404, 413, 415)
    }
  }, async (request) => {
    if (!await store.activities.remove(request.workspaceId, request.params.id)) throw notFound()
    return { success: true }
  })
}
