import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import type { Engagement } from '../../domain/engagement.js'
import { toWireTime } from '../../domain/time.js'
import { IdParams, withErrors } from '../../schemas/common.js'
import {
  EngagementBody, EngagementPatchSchema, EngagementSettingsBody, EngagementSettingsPutSchema, type EngagementRecord
} from '../../schemas/engagement.js'
import { setEngagementSettings } from '../../services/engagement.js'
import type { Store } from '../../store/types.js'

// The workspace's thresholds, and a member's engagement explained: a resource of its own, so the member record
// keeps exactly the spec's fields.
export const engagementRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.get('/engagement-settings', {
    schema: {
      operationId: 'getEngagementSettings',
      summary: 'Get the engagement settings',
      description: 'The pulse at which each level from 1 to 12 starts in this workspace (until set: 1, 5, 10, 20, 40, ' +
        '80, 150, 250, 400, 600, 900, 1300).',
      tags: ['engagement'],
      response: withErrors({ 200: EngagementSettingsBody })
    }
  }, async (request) => ({ engagementSettings: await store.engagement.settings(request.workspaceId) }))

  app.put('/engagement-settings', {
    schema: {
      operationId: 'setEngagementSettings',
      summary: 'Set the engagement settings',
      description: 'Replaces the level thresholds: exactly 12 strictly ascending integers from 1 up. Every member\'s ' +
        'level, and the member list\'s `minLevel`, follow them by the time the answer is sent.',
      tags: ['engagement'],
      body: EngagementSettingsPutSchema,
      response: withErrors({ 200: EngagementSettingsBody }, 413, 415)
    }
  }, async (request) => ({ engagementSettings: await setEngagementSettings(store, request.workspaceId, request.body) }))

  app.get('/members/:id/engagement', {
    schema: {
      operationId: 'getMemberEngagement',
      summary: 'Explain a member\'s engagement',
      description: 'The member\'s pulse and level now, the 90-day window they were computed on, and per activity type ' +
        'with activities in it how many and the points they gave (by points descending, then key). An excluded ' +
        'member shows pulse and level 0, and the breakdown of the pulse it would have.',
      tags: ['engagement'],
      params: IdParams,
      response: withErrors({ 200: EngagementBody }, 404)
    }
  }, async (request) => {
    const engagement = await store.engagement.explain(request.workspaceId, request.params.id)
    if (engagement === undefined) throw notFound()
    return { engagement: wire(engagement) }
  })

  app.patch('/members/:id/engagement', {
    schema: {
      operationId: 'updateMemberEngagement',
      summary: 'Exclude or include a member',
      description: '`excluded: true` leaves a member (staff, a bot) out of engagement: pulse and level 0 in its record, ' +
        'every list, sort and `minLevel`, until `excluded: false` brings its exact pulse back. Answers as the GET does.',
      tags: ['engagement'],
      params: IdParams,
      body: EngagementPatchSchema,
      response: withErrors({ 200: EngagementBody }, 404, 413, 415)
    }
  }, async (request) => {
    const engagement = await store.engagement.setExcluded(request.workspaceId, request.params.id, request.body.excluded)
    if (engagement === undefined) throw notFound()
    return { engagement: wire(engagement) }
  })
}

function wire (engagement: Engagement): EngagementRecord {
  return { ...engagement, windowStart: toWireTime(engagement.windowStart), windowEnd: toWireTime(engagement.windowEnd) }
}
