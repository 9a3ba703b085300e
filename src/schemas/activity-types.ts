import { Type, type Static } from 'typebox'
import { MAX_CHANNEL_POINTS, MAX_POINTS } from '../domain/engagement.js'
import { ActivityTypeKey } from './activities.js'
import { Body, EXAMPLE, ListQuery, Ref, Text, Uuid } from './common.js'

const ACTIVITY_TYPE_EXAMPLE = {
  id: '0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c',
  key: 'message',
  name: 'Message',
  points: 6,
  channelPoints: [{ channelId: '6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e', points: 2 }],
  ...EXAMPLE
}

const Points = Type.Integer({ minimum: 0, maximum: MAX_POINTS, description: 'What one activity of the type gives to its member\'s pulse' })

const ChannelPointsSchema = Type.Object({
  channelId: Type.String(),
  points: Type.Integer()
}, { description: 'What one activity of the type gives in this channel, instead of the type\'s points' })

export const ActivityTypeSchema = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: Type.String(),
  points: Type.Integer(),
  channelPoints: Type.Array(ChannelPointsSchema),
  workspaceId: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String()
}, {
  $id: 'ActivityType',
  description: 'A kind of activity and the points each one gives (docs/engagement.md); made with 1 point on its key\'s first use',
  examples: [ACTIVITY_TYPE_EXAMPLE]
})
export type ActivityType = Static<typeof ActivityTypeSchema>

// Each channel at most once: checked by the services layer, which names the repeated entry.
const ChannelPointsInput = Type.Array(Body({ channelId: Uuid, points: Points }), {
  maxItems: MAX_CHANNEL_POINTS,
  description: 'Per-channel overrides of `points`, each channel of the workspace at most once; the list replaces the previous one'
})
const Name = Text({ min: 1 })

export const ActivityTypeCreateSchema = Body({
  key: ActivityTypeKey,
  name: Type.Optional(Name),
  points: Type.Optional(Points),
  channelPoints: Type.Optional(ChannelPointsInput)
}, { examples: [{ key: 'message', name: 'Message', points: 6, channelPoints: [{ channelId: '6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e', points: 2 }] }] })
export type ActivityTypeCreate = Static<typeof ActivityTypeCreateSchema>

// `key` cannot change: activities and connectors name the type by it.
export const ActivityTypePatchSchema = Body({
  name: Type.Optional(Name),
  points: Type.Optional(Points),
  channelPoints: Type.Optional(ChannelPointsInput)
}, { examples: [{ points: 5 }] })
export type ActivityTypePatch = Static<typeof ActivityTypePatchSchema>

export const ActivityTypeListQuerySchema = ListQuery({ q: Type.String({ minLength: 1, maxLength: 100, description: 'A prefix of the key' }) })
export type ActivityTypeListQuery = Static<typeof ActivityTypeListQuerySchema>

export const ActivityTypeBody = Type.Object({ activityType: Ref(ActivityTypeSchema) }, {
  $id: 'ActivityTypeBody', description: 'The activity type', examples: [{ activityType: ACTIVITY_TYPE_EXAMPLE }]
})

export const ActivityTypePageSchema = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalActivityTypes: Type.Integer(),
  activityTypes: Type.Array(Ref(ActivityTypeSchema))
}, {
  $id: 'ActivityTypePage',
  description: 'A page of activity types, by key, and the total the filters match',
  examples: [{ page: 1, pageSize: 10, totalActivityTypes: 1, activityTypes: [ACTIVITY_TYPE_EXAMPLE] }]
})
