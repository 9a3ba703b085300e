import { normalizeDomain } from '../../domain/normalize.js'
import { time, type Convert, type FieldMap } from './columns.js'

// What both stores know of each table: its columns in read order, the request fields that set them, the
// initial values of the columns no field sets, and the columns derived from others. `list` is the store's
// own way of keeping list columns.

/** A company domain is kept normalised (`https://www.Example.com/` is `example.com`); empty is unset. */
export const domain: Convert = (value) => value == null ? null : normalizeDomain(value as string) || null
const orApi: Convert = (value) => value ?? 'Api'
const nameKey = (row: { name: string }) => ({ name_key: row.name.toLowerCase() })

export function tables (list: Convert) {
  return {
    companies: {
      table: 'companies',
      counter: 'companies',
      columns: ['workspace_id', 'id', 'name', 'name_key', 'industry', 'address', 'domain', 'employees', 'founded_at',
        'logo_url', 'tags', 'source', 'created_at', 'updated_at'],
      fields: {
        name: ['name'],
        industry: ['industry'],
        address: ['address'],
        domain: ['domain', domain],
        employees: ['employees'],
        foundedAt: ['founded_at', time],
        logoUrl: ['logo_url'],
        tags: ['tags', list]
      } satisfies FieldMap,
      initial: {},
      derive: nameKey
    },
    members: {
      table: 'members',
      counter: 'members',
      // linkedin_url and activity_count are written, never read back into a record.
      columns: ['workspace_id', 'id', 'first_name', 'last_name', 'primary_email', 'emails', 'phones', 'job_title',
        'avatar_url', 'language', 'country', 'tags', 'linkedin_url', 'source', 'company_id', 'activity_count',
        'engagement', 'first_activity', 'last_activity', 'created_at', 'updated_at'],
      fields: {
        firstName: ['first_name'],
        lastName: ['last_name'],
        primaryEmail: ['primary_email'],
        emails: ['emails', list],
        phones: ['phones', list],
        jobTitle: ['job_title'],
        avatarUrl: ['avatar_url'],
        country: ['country'],
        language: ['language'],
        tags: ['tags', list],
        linkedinUrl: ['linkedin_url'],
        companyId: ['company_id']
      } satisfies FieldMap,
      initial: { activity_count: 0, engagement: 0, first_activity: null, last_activity: null }
    },
    activities: {
      table: 'activities',
      counter: 'activities',
      columns: ['workspace_id', 'id', 'external_id', 'title', 'message', 'reply_to', 'react_to', 'invite_to', 'source',
        'activity_type_id', 'channel_id', 'event_id', 'member_id', 'created_at', 'updated_at'],
      fields: {
        externalId: ['external_id'],
        title: ['title'],
        message: ['message'],
        replyTo: ['reply_to'],
        reactTo: ['react_to'],
        inviteTo: ['invite_to'],
        channelId: ['channel_id'],
        eventId: ['event_id'],
        memberId: ['member_id'],
        source: ['source', orApi]
      } satisfies FieldMap,
      initial: {}
    },
    channels: {
      table: 'channels',
      counter: 'channels',
      columns: ['workspace_id', 'id', 'external_id', 'name', 'name_key', 'source', 'created_at', 'updated_at'],
      fields: {
        name: ['name'],
        externalId: ['external_id'],
        source: ['source', orApi]
      } satisfies FieldMap,
      initial: {},
      derive: nameKey
    }
  } as const
}
