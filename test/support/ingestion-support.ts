// Shared by the ingestion suites (issue 16): reads of the records a write should have made or left alone, and
// the exact envelopes of a conflict and of a refused request.
import assert from 'node:assert/strict'
import { after } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { Activity } from '../../src/schemas/activities.js'
import type { Channel } from '../../src/schemas/channels.js'
import type { Company } from '../../src/schemas/companies.js'
import type { Member } from '../../src/schemas/members.js'
import { api, newWorkspace, openTestApp, recordOf, type Api, type Response, type TestStore } from './helpers.js'
import { DAY, START } from './engagement-support.js'

export type { Activity, Channel, Company, Member }

/** One case of a suite: a fresh workspace on the suite's app, whose store clock the case moves. */
export interface Case {
  app: FastifyInstance
  client: Api
  workspaceId: string
  /** The store's time when the case began, in epoch seconds. */
  start: number
  advance (seconds: number): void
}

/**
 * Cases on one app per suite (building an app costs about half a second, so a file of cases each on its own app
 * would take tens): each case gets a workspace of its own and starts a day after the last case's clock, which only
 * ever moves forward. Call in a describe block; the app is built by the first case and closed after the last.
 */
export function sharedApp (store: TestStore): () => Promise<Case> {
  let now = START
  let opened: ReturnType<typeof openTestApp> | undefined
  after(async () => { if (opened !== undefined) await (await opened).close() })
  return async () => {
    opened ??= openTestApp(store, { clock: () => now })
    const { app } = await opened
    now += DAY
    const workspaceId = newWorkspace()
    return { app, client: api(app, workspaceId), workspaceId, start: now, advance (seconds) { now += seconds } }
  }
}

export async function getActivity (client: Api, id: string): Promise<Activity> {
  return recordOf<Activity>(await client.get(`/v1/activities/${id}`), 200, 'activity')
}

export async function getMember (client: Api, id: string): Promise<Member> {
  return recordOf<Member>(await client.get(`/v1/members/${id}`), 200, 'member')
}

export async function getChannel (client: Api, id: string): Promise<Channel> {
  return recordOf<Channel>(await client.get(`/v1/channels/${id}`), 200, 'channel')
}

export async function getCompany (client: Api, id: string): Promise<Company> {
  return recordOf<Company>(await client.get(`/v1/companies/${id}`), 200, 'company')
}

export interface ActivityPage { page: number, pageSize: number, totalActivities: number, activities: Activity[] }
export interface ChannelPage { page: number, pageSize: number, totalChannels: number, channels: Channel[] }

/** GET an activity list URL (`/v1/activities?...` or a member's timeline), expecting 200. */
export async function activityPage (client: Api, url: string): Promise<ActivityPage> {
  const res = await client.get(url)
  assert.equal(res.statusCode, 200, res.body)
  return res.json() as ActivityPage
}

export async function channelPage (client: Api, url: string): Promise<ChannelPage> {
  const res = await client.get(url)
  assert.equal(res.statusCode, 200, res.body)
  return res.json() as ChannelPage
}

/** How many activities the workspace has (query: extra filters, already encoded). */
export async function activityTotal (client: Api, query = ''): Promise<number> {
  return (await activityPage(client, `/v1/activities?pageSize=100${query === '' ? '' : `&${query}`}`)).totalActivities
}

/** How many activities the member's timeline holds. */
export async function timelineTotal (client: Api, memberId: string): Promise<number> {
  return (await activityPage(client, `/v1/activities/member/${memberId}?pageSize=100`)).totalActivities
}

/** How many members the workspace has, or how many have `email` (the member list's filter: any email, any case). */
export async function memberTotal (client: Api, email?: string): Promise<number> {
  const res = await client.get(`/v1/members?pageSize=100${email === undefined ? '' : `&email=${encodeURIComponent(email)}`}`)
  assert.equal(res.statusCode, 200, res.body)
  return (res.json() as { totalMembers: number }).totalMembers
}

export async function channelTotal (client: Api, query = ''): Promise<number> {
  return (await channelPage(client, `/v1/channels?pageSize=100${query === '' ? '' : `&${query}`}`)).totalChannels
}

export async function companyTotal (client: Api): Promise<number> {
  const res = await client.get('/v1/companies?pageSize=100')
  assert.equal(res.statusCode, 200, res.body)
  return (res.json() as { totalCompanies: number }).totalCompanies
}

/** The keys of the workspace's activity types. */
export async function typeKeys (client: Api): Promise<string[]> {
  const res = await client.get('/v1/activity-types?pageSize=100')
  assert.equal(res.statusCode, 200, res.body)
  return (res.json() as { activityTypes: Array<{ key: string }> }).activityTypes.map((type) => type.key).sort()
}

/** A member's own fields: what "used unchanged" keeps (the derived ones and updatedAt follow its activities). */
export function ownFields (member: Member): Omit<Member, 'firstActivity' | 'lastActivity' | 'pulse' | 'level' | 'updatedAt'> {
  const { firstActivity, lastActivity, pulse, level, updatedAt, ...own } = member
  return own
}

/** What a member's activities make of it. */
export function derivedFields (member: Member): Pick<Member, 'firstActivity' | 'lastActivity' | 'pulse' | 'level'> {
  const { firstActivity, lastActivity, pulse, level } = member
  return { firstActivity, lastActivity, pulse, level }
}

/**
 * Asserts the exact 409 envelope of a pair (or an email, a domain) already held: one detail, naming `field`
 * and the record in the way, with a message.
 */
export function assertConflict (res: Response, field: string, id: string): void {
  assert.equal(res.statusCode, 409, res.body)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  const body = res.json() as { code: string, error: string, details?: Array<{ field: string, message: string, id?: string }> }
  assert.deepEqual(Object.keys(body), ['code', 'error', 'details'], res.body)
  assert.deepEqual({ code: body.code, error: body.error }, { code: 'CONFLICT', error: 'Conflict' })
  assert.equal(body.details?.length, 1, res.body)
  const [detail] = body.details ?? []
  assert.ok(typeof detail?.message === 'string' && detail.message.length > 0, res.body)
  assert.deepEqual(detail, { field, message: detail.message, id }, res.body)
}

/** Asserts a 400 envelope whose one detail is exactly `{field, message}`. */
export function assertBadField (res: Response, field: string, message: string): void {
  assert.equal(res.statusCode, 400, res.body)
  assert.deepEqual(res.json(), { code: 'BAD_REQUEST', error: 'Invalid request', details: [{ field, message }] })
}

/** The statuses of concurrent answers, in ascending order. */
export const statusesOf = (responses: readonly Response[]) => responses.map((res) => res.statusCode).sort((a, b) => a - b)

export const times = <T> (count: number, make: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => make(i))
