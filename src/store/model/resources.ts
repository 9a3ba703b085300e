import { DEFAULT_POINTS } from '../../domain/engagement.js'
import type { ActivityType } from '../../schemas/activity-types.js'
import { searchTerms } from '../../domain/members.js'
import { identityKeys } from '../../domain/identity.js'
import { normalizeDomain, uniqueInOrder } from '../../domain/normalize.js'
import { emailDomain } from '../../domain/company-domains.js'
import { time, type Convert, type FieldMap } from './columns.js'
import { NEVER } from './engagement.js'
import type { ActivityRow, ActivityTypeRow, BaseRow, ChannelRow, CompanyRow, MemberRow } from './records.js'
import { identity, identityFacts } from './rules.js'
import type { Match, UniqueKey } from './matching.js'

// One description per resource, compiled by both stores: its table and columns, the request fields that set
// them, the side tables that index its list-valued fields, what its deletion does to the records that name it,
// and its list: filters (field, column, kind, the sorts the filter's index also delivers), sorts, and a kept
// total. Each store turns a description into SQL of its dialect (see lists.ts and each store's record-table.ts).

/** A list column: an array, de-duplicated in order (SQLite keeps it as JSON text, PostgreSQL as an array). */
export const list: Convert = (value) => uniqueInOrder((value ?? []) as unknown[])
/** A company domain is kept normalised (`https://www.Example.com/` is `example.com`); empty is unset. */
export const domain: Convert = (value) => value == null ? null : normalizeDomain(value as string) || null
const orApi: Convert = (value) => value ?? 'Api'
const nameKey = (row: { name: string }) => ({ name_key: row.name.toLowerCase() })

/**
 * A table of (workspace_id, owner, values...) rows derived from a record, so a filter on one of the values is an
 * index range, not a scan: a record's tags, a member's search terms. Kept in step by every write.
 */
export interface SideTable<Row> {
  table: string
  owner: string
  /** The value columns, with their PostgreSQL types. */
  columns: ReadonlyArray<readonly [column: string, type: string]>
  rows: (row: Row) => string[][]
}

/**
 * A list filter. `serves` names the sorts whose order the filter's index also delivers: for any other sort the
 * query must not walk the sort's index and filter as it goes (a scan of the whole workspace) but read the
 * filter's index and sort what matches.
 */
export type Filter =
  | { kind: 'equals' | 'id', column: string, serves?: readonly string[], bounded?: boolean }
  /** `unindexed`: the condition is checked on rows some other index finds, never a range of the column's own. */
  | { kind: 'atLeast' | 'atMost', column: string, serves?: readonly string[], time?: boolean, unindexed?: boolean, value?: (filter: number) => number | undefined }
  /** Text starting with the filter (already lower-cased), over the column's index. */
  | { kind: 'prefix', column: string, serves?: readonly string[], bounded?: boolean }
  /** Records having a row in a side table whose `column` equals the filter (starts with it, for `prefix`). */
  | { kind: 'side', table: string, owner: string, column: string, type: string, prefix?: boolean, where?: string, serves?: readonly string[] }
  /** `column` holds the id of the `table` row with `key` = the filter (none: matches nothing). */
  | { kind: 'lookup', column: string, table: string, key: string, serves?: readonly string[] }

/** A sort key: its column, whether it holds NULL (lowest, both ways), whether its index is bounded (lists.ts). */
export interface Sort {
  column: string
  nullable?: boolean
  bounded?: boolean
}

export interface Resource<Row extends BaseRow = BaseRow> {
  table: string
  /** The workspace counter of its records, and the counted index's list; none: lists count their rows. */
  counter?: 'companies' | 'members' | 'activities' | 'channels'
  /** Every column, in the order the rows are read. */
  columns: readonly string[]
  /** Request fields and the columns they set; every converter takes null, which clears the column. */
  fields: FieldMap
  /** Values of the columns no request field sets, for a new row; a PATCH never writes them. */
  initial: Record<string, unknown>
  /** Columns computed from the others (search keys), refreshed on every write. */
  derive?: (row: Row) => Partial<Row>
  /** Time columns besides created_at and updated_at (epoch seconds in rows, timestamptz in PostgreSQL). */
  times: readonly string[]
  sideTables: ReadonlyArray<SideTable<Row>>
  /** Columns of other tables that name a deleted record and become null with it (their updated_at moves). */
  detachOnDelete: ReadonlyArray<readonly [table: string, column: string]>
  filters: Record<string, Filter>
  sorts: Record<string, Sort>
  /** The total of a list filtered by exactly one filter, kept in a column of the row that filter names. */
  keptTotal?: { filter: string, table: string, column: string }
  /** How an incoming record finds the stored one it stands for (ingestion: upserts and bulk writes). */
  match?: Match<Row>
}

const tags = (table: string, owner: string): SideTable<{ tags: string[] }> =>
  ({ table, owner, columns: [['tag', 'uuid']], rows: (row) => row.tags.map((tag) => [tag]) })
const tagFilter = (table: string, owner: string): Filter => ({ kind: 'side', table, owner, column: 'tag', type: 'uuid' })
const byTime = { createdAt: { column: 'created_at' } }

/** An activity or a channel is the event of its source that has its externalId: one record per pair. */
const bySourcePair: Match<{ source: string, external_id: string | null }> = {
  key: (row) => row.external_id === null ? undefined : [row.source, row.external_id],
  where: { kind: 'columns', columns: [['source', false], ['external_id', true]] },
  unique: { fields: ['externalId', 'source'] }
}
const externalId = (serves: readonly string[]): Filter => ({ kind: 'equals', column: 'external_id', bounded: true, serves })

function memberTerms (row: MemberRow): string[][] {
  const { names, emails } = searchTerms(identity(row))
  return [...names.map((term) => [term, 'name']), ...emails.map((term) => [term, 'email'])]
}

/** A member's emails, lower-cased, each once: no other member of the workspace may hold one. */
function memberEmails (row: MemberRow): UniqueKey[] {
  const keys = new Map<string, string>()
  if (row.primary_email !== null) keys.set(row.primary_email.toLowerCase(), 'primaryEmail')
  for (const email of row.emails) if (!keys.has(email.toLowerCase())) keys.set(email.toLowerCase(), 'emails')
  return [...keys].map(([email, field]) => ({ key: [email], field }))
}

/** A member's identity keys (domain/identity.ts) with its createdAt, the order each key's matches are read in. */
export function memberKeys (row: MemberRow): string[][] {
  return identityKeys(identityFacts(row)).map(({ kind, key }) => [kind, key, String(row.created_at)])
}

export const companies = {
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
  },
  initial: {},
  derive: nameKey,
  times: ['founded_at'],
  sideTables: [tags('company_tags', 'company_id')],
  // Its members stay, detached.
  detachOnDelete: [['members', 'company_id']],
  filters: {
    q: { kind: 'prefix', column: 'name_key', bounded: true, serves: ['name'] },
    domain: { kind: 'equals', column: 'domain', bounded: true, serves: ['createdAt'] },
    tag: tagFilter('company_tags', 'company_id')
  },
  sorts: { ...byTime, name: { column: 'name_key', bounded: true } },
  // One company per domain (docs/identity.md): a write giving a company another's domain is a 409.
  match: {
    key: (row) => row.domain === null ? undefined : [row.domain],
    where: { kind: 'columns', columns: [['domain', true]] },
    unique: { fields: ['domain'] }
  }
} satisfies Resource<CompanyRow>

export const members = {
  table: 'members',
  counter: 'members',
  // linkedin_url and activity_count are written, never read back into a record.
  columns: ['workspace_id', 'id', 'first_name', 'last_name', 'primary_email', 'emails', 'phones', 'job_title',
    'avatar_url', 'language', 'country', 'tags', 'linkedin_url', 'source', 'company_id', 'activity_count',
    'pulse', 'pulse_until', 'excluded', 'first_activity', 'last_activity', 'email_domain', 'created_at', 'updated_at'],
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
  },
  initial: { activity_count: 0, pulse: 0, pulse_until: NEVER, excluded: 0, first_activity: null, last_activity: null },
  // The primary email's domain, normalised: a company given that domain attaches the members without a company
  // that have it, by the index on it (docs/identity.md).
  derive: (row) => ({ email_domain: emailDomain(row.primary_email) }),
  times: ['first_activity', 'last_activity'],
  sideTables: [
    tags('member_tags', 'member_id'),
    { table: 'member_terms', owner: 'member_id', columns: [['term', 'text'], ['kind', 'text']], rows: memberTerms },
    // Who is probably the same person (GET /v1/members/{id}/duplicates): one row per identity key.
    { table: 'member_keys', owner: 'member_id', columns: [['kind', 'text'], ['key', 'text'], ['created_at', 'int8']], rows: memberKeys }
  ],
  detachOnDelete: [],
  filters: {
    q: { kind: 'side', table: 'member_terms', owner: 'member_id', column: 'term', type: 'text', prefix: true },
    email: { kind: 'side', table: 'member_terms', owner: 'member_id', column: 'term', type: 'text', where: "kind = 'email'" },
    companyId: { kind: 'id', column: 'company_id', serves: ['createdAt'] },
    tag: tagFilter('member_tags', 'member_id'),
    // Set by the store, not by requests: minLevel as a stored pulse, and which stored pulses are exact (engagement.ts).
    minPulse: { kind: 'atLeast', column: 'pulse', serves: ['pulse'] },
    // Most members are exact: the sort's index, checking each row, finds a page sooner than this filter's would.
    exactAfter: { kind: 'atLeast', column: 'pulse_until', unindexed: true, serves: ['createdAt', 'lastActivity', 'pulse'] },
    staleAt: { kind: 'atMost', column: 'pulse_until' },
    activeSince: { kind: 'atLeast', column: 'last_activity', time: true, serves: ['lastActivity'] },
    activeUntil: { kind: 'atMost', column: 'last_activity', time: true, serves: ['lastActivity'] }
  },
  sorts: { ...byTime, lastActivity: { column: 'last_activity', nullable: true }, pulse: { column: 'pulse' } },
  // A member's emails are its search terms of kind 'email', lower-cased (src/domain/members.ts); none is another's.
  match: {
    key: (row) => row.primary_email === null ? undefined : [row.primary_email.toLowerCase()],
    where: { kind: 'side', table: 'member_terms', owner: 'member_id', column: 'term', where: "kind = 'email'" },
    unique: { fields: ['primaryEmail', 'emails'], keys: memberEmails }
  }
} satisfies Resource<MemberRow>

// Every activity filter's index ends with (created_at, id), so each one also delivers the list order.
const timeline = ['createdAt']

export const activities = {
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
  },
  initial: {},
  times: [],
  sideTables: [],
  // Its cascade (references cleared, the member's derived fields) is each store's own.
  detachOnDelete: [],
  filters: {
    memberId: { kind: 'id', column: 'member_id', serves: timeline },
    channelId: { kind: 'id', column: 'channel_id', serves: timeline },
    activityTypeKey: { kind: 'lookup', column: 'activity_type_id', table: 'activity_types', key: 'key', serves: timeline },
    since: { kind: 'atLeast', column: 'created_at', time: true, serves: timeline },
    until: { kind: 'atMost', column: 'created_at', time: true, serves: timeline },
    source: { kind: 'equals', column: 'source', serves: timeline },
    externalId: externalId(timeline)
  },
  sorts: byTime,
  // A member's whole timeline: its total is the count its member row keeps.
  keptTotal: { filter: 'memberId', table: 'members', column: 'activity_count' },
  match: bySourcePair
} satisfies Resource<ActivityRow>

export const channels = {
  table: 'channels',
  counter: 'channels',
  columns: ['workspace_id', 'id', 'external_id', 'name', 'name_key', 'source', 'created_at', 'updated_at'],
  fields: {
    name: ['name'],
    externalId: ['external_id'],
    source: ['source', orApi]
  },
  initial: {},
  derive: nameKey,
  times: [],
  sideTables: [],
  // Its activities stay, without a channel.
  detachOnDelete: [['activities', 'channel_id']],
  filters: {
    q: { kind: 'prefix', column: 'name_key', bounded: true },
    source: { kind: 'equals', column: 'source', serves: ['createdAt'] },
    externalId: externalId(['createdAt'])
  },
  sorts: byTime,
  match: bySourcePair
} satisfies Resource<ChannelRow>

export const activityTypes = {
  table: 'activity_types',
  columns: ['workspace_id', 'id', 'key', 'name', 'points', 'channel_points', 'created_at', 'updated_at'],
  fields: {
    key: ['key'],
    name: ['name'],
    points: ['points', (value) => value ?? DEFAULT_POINTS],
    // JSON text on both stores: the record's list, in the order given; the side table is what queries read.
    channelPoints: ['channel_points', (value) => JSON.stringify(value ?? [])]
  },
  initial: {},
  derive: (row) => row.name === null ? { name: row.key } : {},
  times: [],
  sideTables: [{
    table: 'activity_type_channel_points',
    owner: 'activity_type_id',
    columns: [['channel_id', 'uuid'], ['points', 'int4']],
    rows: (row) => (JSON.parse(row.channel_points) as ActivityType['channelPoints']).map(({ channelId, points }) => [channelId, String(points)])
  }],
  detachOnDelete: [],
  filters: { q: { kind: 'prefix', column: 'key', serves: ['key'] } },
  sorts: { key: { column: 'key' } }
} satisfies Resource<ActivityTypeRow>

/** The list columns of a resource: the columns its `list` fields set. */
export const listColumns = (resource: Pick<Resource, 'fields'>): string[] =>
  Object.values(resource.fields).filter(([, convert]) => convert === list).map(([column]) => column)
