import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { api, newWorkspace, openTestApp, recordOf, testStores, UUID, type Api, type Response, type TestStore } from '../support/helpers.js'
import { DAY, START, WINDOW, wire } from '../support/engagement-support.js'

// Issue 16, "Items apply in order, as if sent one by one" (docs/ingestion.md), as a property. The bulk routes
// defer bookkeeping to the end of a request (workspace counters, the counted list index, engagement day counts and
// pulses), so what a bulk request leaves must be checked against what the same items sent one by one leave.
//
// Two fresh workspaces get the same setup through the HTTP API. A random list of items, drawn from small pools so
// that re-deliveries of one (source, externalId), first uses of one new email (in other cases), unknown ids, times
// outside the 90-day window or in the future, and invalid fields are frequent, goes to workspace A as ONE bulk
// request and to workspace B ONE BY ONE, in order. Then:
//   - each bulk result's status and record or error envelope equal the single request's answer;
//   - everything the API shows of the two workspaces is equal, modulo ids: ids (and workspaceId) are renamed to
//     labels in the order they are first met, walking A's results and B's answers in lockstep, so one record of A
//     and its twin in B get the same label. Orders whose ties break by id (random, so differing between A and B)
//     are compared by their sort key, and the records as sets.
//
// The clock is fixed (every run at START), so timestamps are comparable exactly. FC_RUNS sets the runs per store
// (unset: 15 for activities, 10 for members and companies).

const RUNS = Number(process.env.FC_RUNS ?? 0)

// ---- Renaming ids ----

/** Renames every uuid in a JSON value to a label, the same uuid always to the same label, new ones in order met. */
class Labels {
  private readonly names = new Map<string, string>()
  constructor (private readonly prefix: string) {}
  set (id: string, label: string): void { this.names.set(id, label) }
  of (value: unknown): unknown {
    if (typeof value === 'string') {
      if (!UUID.test(value)) return value
      let label = this.names.get(value)
      if (label === undefined) this.names.set(value, label = `${this.prefix}${this.names.size}`)
      return label
    }
    if (Array.isArray(value)) return value.map((item) => this.of(item))
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.of(item)]))
    }
    return value
  }
}

const sortedJson = (values: unknown[]) => values.map((value) => JSON.stringify(value)).sort()

// ---- The workspace both runs start from ----

interface Setup {
  client: Api
  workspaceId: string
  members: string[]
  channels: string[]
  activities: string[]
  labels: Labels
}

/** Emails the setup's members have (M0: a primary and a secondary, M1: a primary; M2 none). */
const SETUP_MEMBERS = [
  { firstName: 'Ada', primaryEmail: 'ada@x.io', emails: ['ada.alt@x.io'] },
  { lastName: 'Bo', primaryEmail: 'bob@x.io' },
  { firstName: 'Cy' }
]

async function setup (app: FastifyInstance): Promise<Setup> {
  const workspaceId = newWorkspace()
  const client = api(app, workspaceId)
  const labels = new Labels('new')
  labels.set(workspaceId, 'WS')
  const members: string[] = []
  for (const [i, body] of SETUP_MEMBERS.entries()) {
    members.push(recordOf<{ id: string }>(await client.post('/v1/members', body), 201, 'member').id)
    labels.set(members[i]!, `M${i}`)
  }
  const channels: string[] = []
  for (const [i, body] of [{ name: 'general', source: 'discord', externalId: 'c0' }, { name: 'random' }].entries()) {
    channels.push(recordOf<{ id: string }>(await client.post('/v1/channels', body), 201, 'channel').id)
    labels.set(channels[i]!, `C${i}`)
  }
  const message = recordOf<{ id: string }>(await client.post('/v1/activity-types',
    { key: 'message', points: 6, channelPoints: [{ channelId: channels[1], points: 2 }] }), 201, 'activityType')
  labels.set(message.id, 'T-message')
  const reply = recordOf<{ id: string }>(await client.post('/v1/activity-types', { key: 'reply', points: 5 }), 201, 'activityType')
  labels.set(reply.id, 'T-reply')
  // Two activities the items may re-deliver (e1 from discord, e2 from Api) or reply to.
  const activities: string[] = []
  for (const [i, body] of [
    { memberId: members[0], activityTypeKey: 'message', source: 'discord', externalId: 'e1', channelId: channels[0], title: 'first', createdAt: wire(START - 10 * DAY) },
    { memberId: members[1], activityTypeKey: 'reply', externalId: 'e2', createdAt: wire(START - 100 * DAY) }
  ].entries()) {
    activities.push(recordOf<{ id: string }>(await client.post('/v1/activities', body), 201, 'activity').id)
    labels.set(activities[i]!, `A${i}`)
  }
  labels.set(UNKNOWN, 'UNKNOWN')
  return { client, workspaceId, members, channels, activities, labels }
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

// ---- Activity items ----

type MemberRef =
  | { kind: 'id', n: number }
  | { kind: 'unknownId' }
  | { kind: 'email', email: string, firstName: string | undefined }
  | { kind: 'both', n: number, email: string }
  | { kind: 'none' }

type Ref = { kind: 'channel' | 'activity', n: number } | { kind: 'unknown' }

interface ActivityItem {
  member: MemberRef
  key: string
  externalId: string | undefined
  source: string | undefined
  channel: Ref | null | undefined
  replyTo: Ref | undefined
  /** Seconds before START (negative: in the future). */
  back: number | undefined
  title: string | null | undefined
  invalid: Record<string, unknown> | undefined
}

// Emails of the setup's members in other cases, and new ones (a first use creates a member, a later one uses it).
const EMAILS = ['ada@x.io', 'ADA.ALT@x.io', 'Bob@X.io', 'new1@x.io', 'NEW1@x.io', 'new2@x.io']
const KEYS = ['message', 'reply', 'reaction']

const memberRef: fc.Arbitrary<MemberRef> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('id' as const), n: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'unknownId' as const }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('email' as const), email: fc.constantFrom(...EMAILS), firstName: fc.option(fc.constantFrom('Eve', 'Dan'), { nil: undefined }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('both' as const), n: fc.nat(2), email: fc.constantFrom(...EMAILS) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) }
)
/** `arbitrary` `present` times for `absent` times undefined (which shrinking prefers). */
const optional = <T> (arbitrary: fc.Arbitrary<T>, present = 1, absent = 1) =>
  fc.oneof({ weight: absent, arbitrary: fc.constant(undefined) }, { weight: present, arbitrary })
const back = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 120 * DAY }) },
  { weight: 2, arbitrary: fc.constantFrom(0, 1, WINDOW - 1, WINDOW, WINDOW + 1) },
  { weight: 1, arbitrary: fc.constantFrom(-1, -DAY) }
)
const activityItem: fc.Arbitrary<ActivityItem> = fc.record({
  member: memberRef,
  key: fc.constantFrom(...KEYS),
  externalId: optional(fc.constantFrom('e1', 'e2', 'e3', 'e4', 'e5'), 3, 1),
  source: optional(fc.constantFrom('discord', 'Api')),
  channel: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('channel' as const), n: fc.nat(1) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'unknown' as const }) }
  ),
  replyTo: optional(fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('activity' as const), n: fc.nat(1) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'unknown' as const }) }
  ), 1, 6),
  back: optional(back, 3, 1),
  title: optional(fc.constantFrom<string | null>('Hi', 'Hello', '', null)),
  invalid: optional(fc.constantFrom<Record<string, unknown>>(
    { unknownField: 1 }, { channelId: 'not-a-uuid' }, { replyTo: 'nope' }, { activityTypeKey: 'Bad Key' }, { title: 7 }
  ), 1, 12)
})

/** An item as the body of POST /v1/activities in the workspace `w`. */
function activityBody (item: ActivityItem, w: Setup): Record<string, unknown> {
  const ref = (r: Ref) => r.kind === 'unknown' ? UNKNOWN : r.kind === 'channel' ? w.channels[r.n]! : w.activities[r.n]!
  const body: Record<string, unknown> = {}
  const m = item.member
  if (m.kind === 'id' || m.kind === 'both') body.memberId = w.members[m.n]
  if (m.kind === 'unknownId') body.memberId = UNKNOWN
  if (m.kind === 'email') body.member = { primaryEmail: m.email, ...(m.firstName === undefined ? {} : { firstName: m.firstName }) }
  if (m.kind === 'both') body.member = { primaryEmail: m.email }
  body.activityTypeKey = item.key
  if (item.externalId !== undefined) body.externalId = item.externalId
  if (item.source !== undefined) body.source = item.source
  if (item.channel !== undefined) body.channelId = item.channel === null ? null : ref(item.channel)
  if (item.replyTo !== undefined) body.replyTo = ref(item.replyTo)
  if (item.back !== undefined) body.createdAt = wire(START - item.back)
  if (item.title !== undefined) body.title = item.title
  return { ...body, ...item.invalid }
}

// ---- Comparing answers ----

interface BulkResult { index: number, status: number, [key: string]: unknown }

function bulkResults (res: Response, count: number): BulkResult[] {
  assert.equal(res.statusCode, 200, `the bulk request: ${res.body.slice(0, 2000)}`)
  const { results } = res.json() as { results: BulkResult[] }
  assert.equal(results.length, count)
  results.forEach((result, i) => assert.equal(result.index, i))
  return results
}

/**
 * Result `i` of A's bulk answer against B's answer to the same item alone: the same status, and the same record
 * or error envelope once ids are labelled (which names the records A and B made in the same order alike).
 */
function assertSameAnswer (i: number, result: BulkResult, alone: Response, key: string, a: Setup, b: Setup, item: unknown): void {
  const { index, status, ...rest } = result
  const bulkBody = status < 300 ? { [key]: rest[key] } : rest.error
  const aloneBody = alone.json() as unknown
  assert.deepEqual(
    { status, body: a.labels.of(bulkBody) },
    { status: alone.statusCode, body: b.labels.of(aloneBody) },
    `item ${i} (${JSON.stringify(item)}): bulk result (left) against the same item alone (right)`)
}

async function getJson<T> (client: Api, url: string): Promise<T> {
  const res = await client.get(url)
  assert.equal(res.statusCode, 200, `GET ${url}: ${res.body.slice(0, 1000)}`)
  return res.json() as T
}

/** Every page of a list (pageSize 10, so the counted index's paging is read too), and its total. */
async function wholeList<T> (client: Api, url: string, key: string, totalKey: string): Promise<{ total: number, items: T[] }> {
  const items: T[] = []
  let total = -1
  for (let page = 1; ; page++) {
    const body = await getJson<Record<string, unknown>>(client, `${url}${url.includes('?') ? '&' : '?'}pageSize=10&page=${page}`)
    total = body[totalKey] as number
    const got = body[key] as T[]
    items.push(...got)
    if (got.length < 10) break
  }
  assert.equal(items.length, total, `${url}: the pages hold ${items.length} records, the total says ${total}`)
  return { total, items }
}

interface Labelled { id: string, createdAt: string, pulse?: number }

/**
 * A list as A and B serve it: the total, the sequence of sort keys (ties break by id, which differ), and the
 * records as a set, labelled.
 */
async function sameList (a: Setup, b: Setup, url: (w: Setup) => string, key: string, totalKey: string, sortKey: (r: Labelled) => unknown, what: string): Promise<void> {
  const [listA, listB] = [await wholeList<Labelled>(a.client, url(a), key, totalKey), await wholeList<Labelled>(b.client, url(b), key, totalKey)]
  assert.equal(new Set(listA.items.map((r) => r.id)).size, listA.items.length, `${what}: no record twice in A's pages`)
  assert.equal(listA.total, listB.total, `${what}: total (A left, one by one right)`)
  assert.deepEqual(listA.items.map(sortKey), listB.items.map(sortKey), `${what}: order`)
  assert.deepEqual(sortedJson(listA.items.map((r) => a.labels.of(r))), sortedJson(listB.items.map((r) => b.labels.of(r))), `${what}: records`)
}

/** Everything the API shows of the two workspaces is equal, modulo ids. */
async function assertSameState (a: Setup, b: Setup): Promise<void> {
  // Members (with pulse, level, firstActivity, lastActivity), in the default order and by pulse, and minLevel.
  const members = await wholeList<Labelled>(a.client, '/v1/members', 'members', 'totalMembers')
  await sameList(a, b, () => '/v1/members', 'members', 'totalMembers', (r) => r.createdAt, 'members')
  await sameList(a, b, () => '/v1/members?sort=-pulse', 'members', 'totalMembers', (r) => r.pulse, 'members by -pulse')
  await sameList(a, b, () => '/v1/members?sort=pulse', 'members', 'totalMembers', (r) => r.pulse, 'members by pulse')
  for (const level of [1, 2, 3, 4, 5]) {
    await sameList(a, b, () => `/v1/members?minLevel=${level}&sort=-pulse`, 'members', 'totalMembers', (r) => r.pulse, `members minLevel=${level}`)
  }
  // Each member's record, timeline and engagement, looked up in B by its label.
  const idsOfB = new Map<string, string>()
  for (const m of (await wholeList<Labelled>(b.client, '/v1/members', 'members', 'totalMembers')).items) idsOfB.set(b.labels.of(m.id) as string, m.id)
  for (const member of members.items) {
    const label = a.labels.of(member.id) as string
    const other = idsOfB.get(label)
    assert.ok(other !== undefined, `member ${label} of A has no twin in B`)
    for (const path of [(id: string) => `/v1/members/${id}`, (id: string) => `/v1/members/${id}/engagement`]) {
      assert.deepEqual(a.labels.of(await getJson(a.client, path(member.id))), b.labels.of(await getJson(b.client, path(other))), `${path(label)}`)
    }
    await sameList(a, b, (w) => `/v1/activities/member/${w === a ? member.id : other}`, 'activities', 'totalActivities', (r) => r.createdAt, `timeline of ${label}`)
    await sameList(a, b, (w) => `/v1/activities?memberId=${w === a ? member.id : other}`, 'activities', 'totalActivities', (r) => r.createdAt, `activities?memberId of ${label}`)
  }
  // Activities: all, and filtered.
  await sameList(a, b, () => '/v1/activities', 'activities', 'totalActivities', (r) => r.createdAt, 'activities')
  const filters = [
    ...['e1', 'e2', 'e3', 'e4', 'e5'].map((e) => `externalId=${e}`),
    ...['e1', 'e2', 'e3'].flatMap((e) => [`externalId=${e}&source=discord`, `externalId=${e}&source=Api`]),
    'source=discord', 'source=Api',
    ...KEYS.map((key) => `activityTypeKey=${key}`)
  ]
  for (const filter of filters) {
    await sameList(a, b, () => `/v1/activities?${filter}`, 'activities', 'totalActivities', (r) => r.createdAt, `activities?${filter}`)
  }
  for (const n of [0, 1]) {
    await sameList(a, b, (w) => `/v1/activities?channelId=${w.channels[n]!}`, 'activities', 'totalActivities', (r) => r.createdAt, `activities?channelId=C${n}`)
  }
  // Activity types (the one made on first use included).
  const types = async (w: Setup) => sortedJson((await getJson<{ activityTypes: unknown[] }>(w.client, '/v1/activity-types?pageSize=100')).activityTypes.map((t) => w.labels.of(t)))
  assert.deepEqual(await types(a), await types(b), 'activity types')
}

// ---- Member and company items ----

interface MemberItem {
  primaryEmail: string | undefined
  firstName: string | undefined
  jobTitle: string | undefined
  invalid: Record<string, unknown> | undefined
}

const MEMBER_EMAILS = ['ada@x.io', 'ADA.ALT@x.io', 'Bob@X.io', 'new1@x.io', 'NEW1@x.io', 'new2@x.io', 'not-an-email']
const memberItem: fc.Arbitrary<MemberItem> = fc.record({
  primaryEmail: optional(fc.constantFrom(...MEMBER_EMAILS), 5, 1),
  firstName: optional(fc.constantFrom('Eve', 'Dan')),
  jobTitle: optional(fc.constantFrom('CTO', 'Dev')),
  invalid: optional(fc.constantFrom<Record<string, unknown>>({ unknownField: true }, { phones: [''] }, { avatarUrl: 'ftp://x' }), 1, 8)
})
const memberBody = (item: MemberItem): Record<string, unknown> => ({
  ...(item.primaryEmail === undefined ? {} : { primaryEmail: item.primaryEmail }),
  ...(item.firstName === undefined ? {} : { firstName: item.firstName }),
  ...(item.jobTitle === undefined ? {} : { jobTitle: item.jobTitle }),
  ...item.invalid
})

interface CompanyItem { name: string, domain: string | undefined, industry: string | undefined, invalid: Record<string, unknown> | undefined }
const DOMAINS = ['acme.com', 'https://www.Acme.com/', 'ACME.com', 'globex.io', 'http://globex.io/about', '']
const companyItem: fc.Arbitrary<CompanyItem> = fc.record({
  name: fc.constantFrom('Acme', 'Globex', 'Initech'),
  domain: optional(fc.constantFrom(...DOMAINS), 5, 1),
  industry: optional(fc.constantFrom('Software', 'Retail')),
  invalid: optional(fc.constantFrom<Record<string, unknown>>({ unknownField: true }, { employees: -1 }, { name: '' }), 1, 8)
})
const companyBody = (item: CompanyItem): Record<string, unknown> => ({
  name: item.name,
  ...(item.domain === undefined ? {} : { domain: item.domain }),
  ...(item.industry === undefined ? {} : { industry: item.industry }),
  ...item.invalid
})

/**
 * The documented semantics of a member or company item sent alone: find the record by its key through the list's
 * filter, PATCH it when there is one, else POST. A key the filter refuses (400) or no key: POST.
 */
async function upsertAlone (client: Api, resource: 'members' | 'companies', filter: string | undefined, body: Record<string, unknown>): Promise<Response> {
  if (filter !== undefined) {
    const found = await client.get(`/v1/${resource}?pageSize=100&${filter}`)
    if (found.statusCode === 200) {
      const records = (found.json() as Record<string, Array<{ id: string }>>)[resource]!
      assert.ok(records.length <= 1, `${filter} names one record at most: ${found.body}`)
      if (records.length === 1) return await client.patch(`/v1/${resource}/${records[0]!.id}`, body)
    }
  }
  return await client.post(`/v1/${resource}`, body)
}

// ---- Member batches the store judges together ----

// A batch naming each email once (ignoring case) is judged for all at once and written together (docs/ingestion.md,
// "How fast"): a first import of new members, items updating setup members (by a primary or a secondary email), or
// giving a new member a setup member's email (a 409 naming it), and domains that make a company (acme.com, once
// for all its items, and initech.dev, which also attaches Dora, a member of that domain without a company), join one
// (globex.io, which the setup made) or none (gmail.com, example.com). Then the same items again, some edited: a
// re-import. Names come from small pools, so members share identity keys (duplicates).

interface ImportItem {
  primaryEmail: string | undefined
  alt: string | undefined
  firstName: string | undefined
  lastName: string | undefined
  jobTitle: string | undefined
  invalid: Record<string, unknown> | undefined
  /** The re-import edits the item's jobTitle. */
  edited: boolean
}

const IMPORT_EMAILS = ['ada@x.io', 'ADA.ALT@x.io', 'Bob@X.io', 'n1@acme.com', 'N2@Acme.com', 'n3@globex.io', 'n4@gmail.com',
  'n5@example.com', 'n6@initech.dev', 'N7@initech.dev', 'n8@x.io', 'dora@initech.dev']
const importItem: fc.Arbitrary<ImportItem> = fc.record({
  primaryEmail: optional(fc.constantFrom(...IMPORT_EMAILS), 8, 1),
  alt: optional(fc.constantFrom(...IMPORT_EMAILS, 'alt1@acme.com', 'alt2@home.org'), 1, 2),
  firstName: optional(fc.constantFrom('Ann', 'Lee')),
  lastName: optional(fc.constantFrom('Kay', 'Ray')),
  jobTitle: optional(fc.constantFrom('CTO', 'Dev')),
  invalid: optional(fc.constantFrom<Record<string, unknown>>({ unknownField: true }, { avatarUrl: 'ftp://x' }), 1, 10),
  edited: fc.boolean()
})
/** Items naming each email once: an item naming one an earlier item named is left out. */
const distinctEmails = (items: ImportItem[]): ImportItem[] => {
  const seen = new Set<string>()
  return items.filter((item) => {
    const emails = [...new Set([item.primaryEmail, item.alt].filter((email) => email !== undefined).map((email) => email.toLowerCase()))]
    if (emails.some((email) => seen.has(email))) return false
    for (const email of emails) seen.add(email)
    return true
  })
}
const importBody = (item: ImportItem, again = false): Record<string, unknown> => ({
  ...(item.primaryEmail === undefined ? {} : { primaryEmail: item.primaryEmail }),
  ...(item.alt === undefined ? {} : { emails: [item.alt] }),
  ...(item.firstName === undefined ? {} : { firstName: item.firstName }),
  ...(item.lastName === undefined ? {} : { lastName: item.lastName }),
  ...(again && item.edited ? { jobTitle: 'Lead' } : item.jobTitle === undefined ? {} : { jobTitle: item.jobTitle }),
  ...item.invalid
})

/** The setup, and Dora (initech.dev, no company: written while autoCompanies was off) and Globex (globex.io). */
async function importSetup (app: FastifyInstance): Promise<Setup> {
  const w = await setup(app)
  const settings = async (autoCompanies: boolean) =>
    assert.equal((await w.client.put('/v1/identity-settings', { autoCompanies, freeMailDomains: [] })).statusCode, 200)
  await settings(false)
  w.labels.set(recordOf<{ id: string }>(await w.client.post('/v1/members', { firstName: 'Dora', lastName: 'Kay', primaryEmail: 'dora@initech.dev' }), 201, 'member').id, 'M3')
  await settings(true)
  w.labels.set(recordOf<{ id: string }>(await w.client.post('/v1/companies', { name: 'Globex', domain: 'globex.io' }), 201, 'company').id, 'G0')
  return w
}

/** One bulk request to A, the same items one by one (find by email, then PATCH or POST) to B: the same answers. */
async function sameImport (a: Setup, b: Setup, bodies: Array<Record<string, unknown>>): Promise<void> {
  const results = bulkResults(await a.client.post('/v1/members/bulk', { members: bodies }), bodies.length)
  for (const [i, body] of bodies.entries()) {
    const email = body.primaryEmail as string | undefined
    const filter = email === undefined ? undefined : `email=${encodeURIComponent(email)}`
    assertSameAnswer(i, results[i]!, await upsertAlone(b.client, 'members', filter, body), 'member', a, b, body)
  }
}

/** What the API shows of the members and companies of A and B, modulo ids: lists, filters, pulse order, duplicates. */
async function sameMembersAndCompanies (a: Setup, b: Setup): Promise<void> {
  await sameList(a, b, () => '/v1/members', 'members', 'totalMembers', (r) => r.createdAt, 'members')
  await sameList(a, b, () => '/v1/members?sort=-pulse', 'members', 'totalMembers', (r) => r.pulse, 'members by -pulse')
  for (const email of [...IMPORT_EMAILS, 'alt1@acme.com', 'alt2@home.org']) {
    await sameList(a, b, () => `/v1/members?email=${encodeURIComponent(email)}`, 'members', 'totalMembers', (r) => r.createdAt, `members?email=${email}`)
  }
  await sameList(a, b, () => '/v1/companies', 'companies', 'totalCompanies', (r) => r.createdAt, 'companies')
  for (const domain of ['acme.com', 'globex.io', 'initech.dev', 'x.io', 'gmail.com', 'example.com']) {
    await sameList(a, b, () => `/v1/companies?domain=${domain}`, 'companies', 'totalCompanies', (r) => r.createdAt, `companies?domain=${domain}`)
  }
  // Each member's duplicates (its identity keys), as a set: their order breaks ties by id.
  const idsOfB = new Map<string, string>()
  for (const m of (await wholeList<Labelled>(b.client, '/v1/members', 'members', 'totalMembers')).items) idsOfB.set(b.labels.of(m.id) as string, m.id)
  for (const member of (await wholeList<Labelled>(a.client, '/v1/members', 'members', 'totalMembers')).items) {
    const label = a.labels.of(member.id) as string
    const duplicates = async (w: Setup, id: string) => sortedJson((await getJson<{ duplicates: unknown[] }>(w.client, `/v1/members/${id}/duplicates`)).duplicates.map((d) => w.labels.of(d)))
    assert.deepEqual(await duplicates(a, member.id), await duplicates(b, idsOfB.get(label)!), `duplicates of ${label}`)
  }
}

// ---- The properties ----

const describeItems = (items: unknown[]) => items.map((item, i) => `  ${i}: ${JSON.stringify(item)}`).join('\n')

for (const store of testStores()) {
  describe(`bulk routes against the same items one by one (${store.name})`, () => {
    // One app per store (a fixed clock; counted-index blocks of 4 rows, so a few dozen activities split and merge
    // them), two fresh workspaces per run.
    let opened: { app: FastifyInstance, close (): Promise<void> } | undefined
    const app = async (s: TestStore) => (opened ??= await openTestApp(s, { clock: () => START, listBlockSize: 4 })).app

    test('POST /v1/activities/bulk answers and leaves what the same items sent one by one do', async (t) => {
      t.after(async () => { await opened?.close(); opened = undefined })
      const served = await app(store)
      await fc.assert(fc.asyncProperty(fc.array(activityItem, { minLength: 1, maxLength: 30, size: 'medium' }), async (items) => {
        const a = await setup(served)
        const b = await setup(served)
        try {
          const results = bulkResults(await a.client.post('/v1/activities/bulk', { activities: items.map((item) => activityBody(item, a)) }), items.length)
          for (const [i, item] of items.entries()) {
            const alone = await b.client.post('/v1/activities', activityBody(item, b))
            assertSameAnswer(i, results[i]!, alone, 'activity', a, b, item)
          }
          await assertSameState(a, b)
        } catch (error) {
          throw new Error(`items:\n${describeItems(items.map((item) => activityBody(item, a)))}\n${(error as Error).message}`, { cause: error })
        }
      }), { numRuns: RUNS || 15, includeErrorInReport: true })
    })

    test('POST /v1/members/bulk and /v1/companies/bulk answer and leave what find-then-PATCH-or-POST one by one does', async (t) => {
      t.after(async () => { await opened?.close(); opened = undefined })
      const served = await app(store)
      const items = fc.record({
        members: fc.array(memberItem, { minLength: 1, maxLength: 15 }),
        companies: fc.array(companyItem, { minLength: 1, maxLength: 10 })
      })
      await fc.assert(fc.asyncProperty(items, async ({ members, companies }) => {
        const a = await setup(served)
        const b = await setup(served)
        try {
          const memberResults = bulkResults(await a.client.post('/v1/members/bulk', { members: members.map(memberBody) }), members.length)
          for (const [i, item] of members.entries()) {
            const filter = item.primaryEmail === undefined ? undefined : `email=${encodeURIComponent(item.primaryEmail)}`
            assertSameAnswer(i, memberResults[i]!, await upsertAlone(b.client, 'members', filter, memberBody(item)), 'member', a, b, item)
          }
          // Companies first made in the setup's order, so the second item of a domain finds it.
          const companyResults = bulkResults(await a.client.post('/v1/companies/bulk', { companies: companies.map(companyBody) }), companies.length)
          for (const [i, item] of companies.entries()) {
            const filter = item.domain === undefined || item.domain === '' ? undefined : `domain=${encodeURIComponent(item.domain)}`
            assertSameAnswer(i, companyResults[i]!, await upsertAlone(b.client, 'companies', filter, companyBody(item)), 'company', a, b, item)
          }
          await sameList(a, b, () => '/v1/members', 'members', 'totalMembers', (r) => r.createdAt, 'members')
          for (const email of MEMBER_EMAILS.slice(0, 6)) {
            await sameList(a, b, () => `/v1/members?email=${encodeURIComponent(email)}`, 'members', 'totalMembers', (r) => r.createdAt, `members?email=${email}`)
          }
          await sameList(a, b, () => '/v1/companies', 'companies', 'totalCompanies', (r) => r.createdAt, 'companies')
          for (const domain of ['acme.com', 'globex.io']) {
            await sameList(a, b, () => `/v1/companies?domain=${domain}`, 'companies', 'totalCompanies', (r) => r.createdAt, `companies?domain=${domain}`)
          }
        } catch (error) {
          throw new Error(`members:\n${describeItems(members.map(memberBody))}\ncompanies:\n${describeItems(companies.map(companyBody))}\n${(error as Error).message}`, { cause: error })
        }
      }), { numRuns: RUNS || 10, includeErrorInReport: true })
    })

    test('a member batch naming each email once (new members, re-imports, companies from domains) answers and leaves what its items one by one do', async (t) => {
      // An app of its own, whose clock the re-import moves on, so that updatedAt shows which members it changed.
      let now = START
      const own = await openTestApp(store, { clock: () => now, listBlockSize: 4 })
      t.after(async () => { await own.close() })
      await fc.assert(fc.asyncProperty(fc.array(importItem, { minLength: 1, maxLength: 20 }).map(distinctEmails), async (items) => {
        now = START
        const a = await importSetup(own.app)
        const b = await importSetup(own.app)
        try {
          await sameImport(a, b, items.map((item) => importBody(item)))
          await sameMembersAndCompanies(a, b)
          now += 60
          await sameImport(a, b, items.map((item) => importBody(item, true)))
          await sameMembersAndCompanies(a, b)
        } catch (error) {
          throw new Error(`items:\n${describeItems(items.map((item) => importBody(item)))}\n${(error as Error).message}`, { cause: error })
        }
      }), { numRuns: RUNS || 10, includeErrorInReport: true })
    })
  })
}
