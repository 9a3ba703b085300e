import { Type, type Static } from 'typebox'
import { Body, DateTimeInput, ListQuery, NullableString, Text, Uuid, optionalFields } from './common.js'

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
})
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

export const ActivityCreateSchema = Body({
  memberId: Uuid,
  activityTypeKey: ActivityTypeKey,
  ...optionalFields({ ...activityFields, source: Source, createdAt: DateTimeInput })
})
export type ActivityCreate = Static<typeof ActivityCreateSchema>

export const ActivityPatchSchema = Body({
  memberId: Type.Optional(Uuid),
  activityTypeKey: Type.Optional(ActivityTypeKey),
  ...optionalFields(activityFields)
})
export type ActivityPatch = Static<typeof ActivityPatchSchema>

export const ActivityBody = Type.Object({ activity: ActivitySchema })
export const ActivityPageSchema = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalActivities: Type.Integer(),
  activities: Type.Array(ActivitySchema)
})

const activityFilters = {
  channelId: Uuid,
  activityTypeKey: ActivityTypeKey,
  since: DateTimeInput,
  until: DateTimeInput,
  source: Source
}
export const ActivityListQuerySchema = ListQuery({ memberId: Uuid, ...activityFilters })
export type ActivityListQuery = Static<typeof ActivityListQuerySchema>
/** A member's timeline: the same filters, the member in the path. */
export const MemberActivityQuerySchema = ListQuery(activityFilters)
export const MemberIdParams = Type.Object({ memberId: Uuid }, { additionalProperties: false })
