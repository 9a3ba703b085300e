import type { Activity } from '../../schemas/activities.js'
import type { Channel } from '../../schemas/channels.js'
import type { Company } from '../../schemas/companies.js'
import type { Member } from '../../schemas/members.js'
import type { ActivityType } from '../../schemas/activity-types.js'
import { toWireTime } from '../../domain/time.js'

// The rows both stores read, and the records they become: snake_case columns, times as epoch seconds,
// lists as arrays. Row types stay inside src/store; only records leave it.

export interface BaseRow {
  workspace_id: string
  id: string
  created_at: number
  updated_at: number
}

/**
 * The record of a row: each field from its snake_case column, the `times` from epoch seconds to RFC 3339 text.
 * A field missing here fails every response that holds the record (the response schema requires them all).
 */
function recordOf<R, Row extends BaseRow> (fields: ReadonlyArray<keyof R & string>, times: ReadonlyArray<keyof R & string> = []): (row: Row) => R {
  const plan = ['id', 'workspaceId', 'createdAt', 'updatedAt', ...fields].map((field) =>
    [field, field.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()), ['createdAt', 'updatedAt', ...times].includes(field)] as const)
  return (row) => {
    const record: Record<string, unknown> = {}
    for (const [field, column, time] of plan) {
      const value = (row as unknown as Record<string, unknown>)[column]
      record[field] = time && value !== null ? toWireTime(value as number) : value
    }
    return record as R
  }
}

export interface CompanyRow extends BaseRow {
  name: string
  name_key: string
  industry: string | null
  address: string | null
  domain: string | null
  employees: number | null
  founded_at: number | null
  logo_url: string | null
  tags: string[]
  source: string
}

export interface MemberRow extends BaseRow {
  first_name: string | null
  last_name: string | null
  primary_email: string | null
  emails: string[]
  phones: string[]
  job_title: string | null
  avatar_url: string | null
  language: string | null
  country: string | null
  tags: string[]
  /** Stored, never read back into a record. */
  linkedin_url: string | null
  source: string
  company_id: string | null
  activity_count: number
  /** The pulse as last computed (0 while excluded), exact at every instant before pulse_until (engagement.ts). */
  pulse: number
  pulse_until: number
  /** 1 when excluded from engagement (staff, bots), else 0. */
  excluded: number
  first_activity: number | null
  last_activity: number | null
  /** The primary email's normalised domain (domain/identity.ts emailDomain), null without one. */
  email_domain: string | null
}

export interface ActivityRow extends BaseRow {
  external_id: string | null
  title: string | null
  message: string | null
  reply_to: string | null
  react_to: string | null
  invite_to: string | null
  source: string
  activity_type_id: string
  channel_id: string | null
  event_id: string | null
  member_id: string
}

export interface ChannelRow extends BaseRow {
  external_id: string | null
  name: string
  name_key: string
  source: string
}

export const toCompany = recordOf<Company, CompanyRow>(['name', 'industry', 'address', 'domain', 'employees', 'foundedAt',
  'logoUrl', 'tags', 'source'], ['foundedAt'])

const memberFields = recordOf<Omit<Member, 'level' | 'pulse'>, MemberRow>(['firstName', 'lastName', 'primaryEmail', 'emails',
  'phones', 'jobTitle', 'avatarUrl', 'language', 'country', 'tags', 'source', 'companyId', 'firstActivity', 'lastActivity'],
['firstActivity', 'lastActivity'])

/** The member record of a row, with its pulse and level at the moment of the read. */
export function toMember (row: MemberRow, pulse: number, level: number): Member {
  return { ...memberFields(row), level, pulse }
}

export const toActivity = recordOf<Activity, ActivityRow>(['externalId', 'title', 'message', 'replyTo', 'reactTo', 'inviteTo',
  'source', 'activityTypeId', 'channelId', 'eventId', 'memberId'])

export interface ActivityTypeRow extends BaseRow {
  key: string
  name: string
  points: number
  /** The overrides as JSON text: [{channelId, points}], in the order given. */
  channel_points: string
}

const activityTypeFields = recordOf<Omit<ActivityType, 'channelPoints'>, ActivityTypeRow>(['key', 'name', 'points'])

export function toActivityType (row: ActivityTypeRow): ActivityType {
  return { ...activityTypeFields(row), channelPoints: JSON.parse(row.channel_points) }
}

export const toChannel = recordOf<Channel, ChannelRow>(['externalId', 'name', 'source'])
