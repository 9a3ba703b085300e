import { Type, type Static, type TSchema } from 'typebox'
import { ActivityCreateSchema } from './activities.js'
import { ActivityTypeCreateSchema } from './activity-types.js'
import { ChannelCreateSchema } from './channels.js'
import { Body, DateTimeInput, Nullable, Text, Uuid } from './common.js'
import { CompanyCreateSchema } from './companies.js'
import { EngagementSettingsPutSchema } from './engagement.js'
import { IdentitySettingsPutSchema } from './identity.js'
import { MemberCreateSchema } from './members.js'

// The lines of a workspace's export (docs/cli.md, export): a header, the workspace's settings, then one line per
// record, `{type, record}`. A record holds what a create body sets, checked as a create checks it, plus what
// no request sets but a copy must keep: its id, source and times, a member's company, linkedinUrl and
// exclusion, an activity's member and type by id. Values derived from activities (a member's activity count,
// first and last activity, pulse, level) are not in it: a restore derives them again from the activities.

export const EXPORT_VERSION = 1

export const ExportHeaderSchema = Body({
  type: Type.Literal('export'),
  version: Type.Literal(EXPORT_VERSION),
  workspaceId: Uuid,
  exportedAt: DateTimeInput
})
export type ExportHeader = Static<typeof ExportHeaderSchema>

/** What every exported record has beyond its create body; all but activity types have a source. */
const idAndTimes = { id: Uuid, createdAt: DateTimeInput, updatedAt: DateTimeInput }
const stamps = { ...idAndTimes, source: Text({ min: 1, max: 100 }) }

/** A create body's fields but `omitted`. */
function fieldsOf (schema: { properties: Record<string, TSchema> }, ...omitted: string[]): Record<string, TSchema> {
  return Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !omitted.includes(name)))
}

export const ExportedChannelSchema = Body({ ...fieldsOf(ChannelCreateSchema), ...stamps })
export const ExportedActivityTypeSchema = Body({ ...fieldsOf(ActivityTypeCreateSchema), ...idAndTimes })
export const ExportedCompanySchema = Body({ ...fieldsOf(CompanyCreateSchema), ...stamps })
export const ExportedMemberSchema = Body({
  ...fieldsOf(MemberCreateSchema),
  ...stamps,
  companyId: Nullable(Uuid),
  excluded: Type.Boolean()
})
export const ExportedActivitySchema = Body({
  ...fieldsOf(ActivityCreateSchema, 'member', 'activityTypeKey', 'createdAt'),
  ...stamps,
  memberId: Uuid,
  activityTypeId: Uuid
})

// Static types of schemas built from spread properties lose their fields, so each record's type is written out.
type OrNull<T> = T | null
interface Stamped {
  id: string
  source: string
  createdAt: string
  updatedAt: string
}
export interface ExportedChannel extends Stamped {
  name: string
  externalId?: OrNull<string>
}
export interface ExportedActivityType extends Omit<Stamped, 'source'> {
  key: string
  name?: string
  points?: number
  channelPoints?: Array<{ channelId: string, points: number }>
}
export interface ExportedCompany extends Stamped {
  name: string
  industry?: OrNull<string>
  address?: OrNull<string>
  domain?: OrNull<string>
  employees?: OrNull<number>
  foundedAt?: OrNull<string>
  logoUrl?: OrNull<string>
  tags?: OrNull<string[]>
}
export interface ExportedMember extends Stamped {
  firstName?: OrNull<string>
  lastName?: OrNull<string>
  primaryEmail?: OrNull<string>
  emails?: OrNull<string[]>
  phones?: OrNull<string[]>
  jobTitle?: OrNull<string>
  avatarUrl?: OrNull<string>
  country?: OrNull<string>
  language?: OrNull<string>
  tags?: OrNull<string[]>
  linkedinUrl?: OrNull<string>
  companyId: OrNull<string>
  excluded: boolean
}
export interface ExportedActivity extends Stamped {
  memberId: string
  activityTypeId: string
  externalId?: OrNull<string>
  title?: OrNull<string>
  message?: OrNull<string>
  replyTo?: OrNull<string>
  reactTo?: OrNull<string>
  inviteTo?: OrNull<string>
  channelId?: OrNull<string>
  eventId?: OrNull<string>
}

/** The records of each kind, as an export holds them. */
export interface TransferRecords {
  channels: ExportedChannel
  activityTypes: ExportedActivityType
  companies: ExportedCompany
  members: ExportedMember
  activities: ExportedActivity
}

/** Each kind's line type and record schema. */
export const EXPORTED = {
  channels: { type: 'channel', schema: ExportedChannelSchema },
  activityTypes: { type: 'activityType', schema: ExportedActivityTypeSchema },
  companies: { type: 'company', schema: ExportedCompanySchema },
  members: { type: 'member', schema: ExportedMemberSchema },
  activities: { type: 'activity', schema: ExportedActivitySchema }
} as const satisfies Record<keyof TransferRecords, { type: string, schema: TSchema }>

/** The lines holding the workspace's settings, each as its PUT route takes it (/v1/engagement-settings, /v1/identity-settings). */
export const SETTINGS_LINES = {
  engagementSettings: EngagementSettingsPutSchema,
  identitySettings: IdentitySettingsPutSchema
}
export type SettingsLine = keyof typeof SETTINGS_LINES
