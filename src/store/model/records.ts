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

// Each record is one object literal, so TypeScript checks its field set against the response schema's type (a
// field missing or extra fails to compile), and V8 builds it without generic property access: a mapper copying a
// list of fields in a loop makes keyed loads and stores that V8 cannot specialise (docs/performance.md).

const wireTimeOrNull = (seconds: number | null): string | null => seconds === null ? null : toWireTime(seconds)

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

export function toCompany (row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    industry: row.industry,
    address: row.address,
    domain: row.domain,
    employees: row.employees,
    foundedAt: wireTimeOrNull(row.founded_at),
    logoUrl: row.logo_url,
    tags: row.tags,
    source: row.source,
    workspaceId: row.workspace_id,
    createdAt: toWireTime(row.created_at),
    updatedAt: toWireTime(row.updated_at)
  }
}

/** The member record of a row, with its pulse and level at the moment of the read. */
export function toMember (row: MemberRow, pulse: number, level: number): Member {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    primaryEmail: row.primary_email,
    emails: row.emails,
    phones: row.phones,
    jobTitle: row.job_title,
    avatarUrl: row.avatar_url,
    language: row.language,
    country: row.country,
    tags: row.tags,
    level,
    pulse,
    source: row.source,
    companyId: row.company_id,
    workspaceId: row.workspace_id,
    firstActivity: wireTimeOrNull(row.first_activity),
    lastActivity: wireTimeOrNull(row.last_activity),
    createdAt: toWireTime(row.created_at),
    updatedAt: toWireTime(row.updated_at)
  }
}

export function toActivity (row: ActivityRow): Activity {
  return {
    id: row.id,
    externalId: row.external_id,
    title: row.title,
    message: row.message,
    replyTo: row.reply_to,
    reactTo: row.react_to,
    inviteTo: row.invite_to,
    source: row.source,
    activityTypeId: row.activity_type_id,
    channelId: row.channel_id,
    eventId: row.event_id,
    memberId: row.member_id,
    workspaceId: row.workspace_id,
    createdAt: toWireTime(row.created_at),
    updatedAt: toWireTime(row.updated_at)
  }
}

export interface ActivityTypeRow extends BaseRow {
  key: string
  name: string
  points: number
  /** The overrides as JSON text: [{channelId, points}], in the order given. */
  channel_points: string
}

export function toActivityType (row: ActivityTypeRow): ActivityType {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    points: row.points,
    channelPoints: JSON.parse(row.channel_points),
    workspaceId: row.workspace_id,
    createdAt: toWireTime(row.created_at),
    updatedAt: toWireTime(row.updated_at)
  }
}

export function toChannel (row: ChannelRow): Channel {
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    source: row.source,
    workspaceId: row.workspace_id,
    createdAt: toWireTime(row.created_at),
    updatedAt: toWireTime(row.updated_at)
  }
}
