import { Type, type Static } from 'typebox'
import { MemberByEmailSchema } from './members.js'
import { Body, DateTimeInput, EXAMPLE, ListQuery, NullableString, Ref, Text, Uuid, optionalFields } from './common.js'

const ACTIVITY_EXAMPLE = {
  id: 'e1f3a5c7-9b2d-4e6f-a8c0-2d4f6b8a0c1e',
  externalId: 'msg-7731',
  title: 'Hello',
  message: 'Glad to be here!',
  replyTo: null,
  reactTo: null,
  inviteTo: null,
  source: 'discord',
  activityTypeId: '0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a',
  channelId: '6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e',
  eventId: null,
  memberId: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
  ...EXAMPLE
}

export const ActivitySchema = Type.Object({
  id: Type.String(),
  externalId: NullableString,
  title: NullableString,
  message: NullableString,
  replyTo: NullableString,
  reactTo: NullableString,
  inviteTo: NullableString,
  source: Type.String(),
  activityTypeId: Type.String(),
  channelId: NullableString,
  eventId: NullableString,
  memberId: Type.String(),
  workspaceId: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String()
}, { $id: 'Activity', description: 'Something a member did: a message, a reaction, a visit', examples: [ACTIVITY_EXAMPLE] })
export type Activity = Static<typeof ActivitySchema>

const Source = Text({ min: 1, max: 100 })

export const ActivityTypeKey = Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9:_.-]+$' })

const activityFields = {
  externalId: Text(),
  title: Text(),
  message: Text({ max: 100_000 }),
  replyTo: Uuid,
  reactTo: Uuid,
  inviteTo: Uuid,
  channelId: Uuid,
  eventId: Uuid
}

// Exactly one of memberId and member (src/services/activities.ts says so, naming the field).
export const ActivityCreateSchema = Body({
  memberId: Type.Optional(Uuid),
  member: Type.Optional(MemberByEmailSchema),
  activityTypeKey: ActivityTypeKey,
  ...optionalFields({ ...activityFields, source: Source, createdAt: DateTimeInput })
}, {
  examples: [{
    memberId: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
    activityTypeKey: 'message',
    title: 'Hello',
    message: 'Glad to be here!',
    channelId: '6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e',
    source: 'discord',
    externalId: 'msg-7731',
    createdAt: '2026-01-05T10:30:00+01:00'
  }]
})
export type ActivityCreate = Static<typeof ActivityCreateSchema>

export const ActivityPatchSchema = Body({
  memberId: Type.Optional(Uuid),
  activityTypeKey: Type.Optional(ActivityTypeKey),
  ...optionalFields(activityFields)
}, { examples: [{ title: 'Edited', activityTypeKey: 'comment', replyTo: null }] })
export type ActivityPatch = Static<typeof ActivityPatchSchema>

export const ActivityBody = Type.Object({ activity: Ref(ActivitySchema) }, { $id: 'ActivityBody', description: 'The activity', examples: [{ activity: ACTIVITY_EXAMPLE }] })
export const ActivityPageSchema = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalActivities: Type.Integer(),
  activities: Type.Array(Ref(ActivitySchema))
}, {
  $id: 'ActivityPage',
  description: 'A page of activities, newest first, and the total the filters match',
  examples: [{ page: 1, pageSize: 10, totalActivities: 1, activities: [ACTIVITY_EXAMPLE] }]
})

const activityFilters = {
  channelId: Uuid,
  activityTypeKey: ActivityTypeKey,
  since: DateTimeInput,
  until: DateTimeInput,
  source: Source,
  externalId: Text({ min: 1 })
}
export const ActivityListQuerySchema = ListQuery({ memberId: Uuid, ...activityFilters })
export type ActivityListQuery = Static<typeof ActivityListQuerySchema>
/** A member's timeline: the same filters, the member in the path. */
export const MemberActivityQuerySchema = ListQuery(activityFilters)
export const MemberIdParams = Type.Object({ memberId: Uuid }, { additionalProperties: false })
