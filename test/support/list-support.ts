// Shared by the list, PATCH and delete suites: a client bound to one workspace, record creation through the
// API, the expected body of a list page, and the orders the lists promise, computed from the records' values.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Activity } from '../../src/schemas/activities.js'
import type { Channel } from '../../src/schemas/channels.js'
import type { Company } from '../../src/schemas/companies.js'
import type { Member } from '../../src/schemas/members.js'
import { authHeader } from './helpers.js'
export { nextSecond } from './helpers.js'

export type { Activity, Channel, Company, Member }

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

export interface Client {
  workspaceId: string
  get (url: string): Promise<LightMyRequestResponse>
  post (url: string, payload: object): Promise<LightMyRequestResponse>
  patch (url: string, payload: object): Promise<LightMyRequestResponse>
  delete (url: string): Promise<LightMyRequestResponse>
}

/** Requests of one workspace (a fresh one unless given). */
export function client (app: FastifyInstance, workspaceId: string = randomUUID()): Client {
  const headers = authHeader(workspaceId)
  const send = (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) })
  return {
    workspaceId,
    get: (url) => send('GET', url),
    post: (url, payload) => send('POST', url, payload),
    patch: (url, payload) => send('PATCH', url, payload),
    delete: (url) => send('DELETE', url)
  }
}

/** The record a 2xx answer wraps under `key`, after checking the status. */
export function recordOf<T> (res: LightMyRequestResponse, status: number, key: string): T {
  assert.equal(res.statusCode, status, res.body)
  return (res.json() as Record<string, T>)[key]!
}

export async function createMember (api: Client, body: object): Promise<Member> {
  return recordOf<Member>(await api.post('/v1/members', body), 201, 'member')
}

export async function createCompany (api: Client, body: object): Promise<Company> {
  return recordOf<Company>(await api.post('/v1/companies', body), 201, 'company')
}

export async function createChannel (api: Client, body: object): Promise<Channel> {
  return recordOf<Channel>(await api.post('/v1/channels', body), 201, 'channel')
}

export async function createActivity (api: Client, body: object): Promise<Activity> {
  return recordOf<Activity>(await api.post('/v1/activities', body), 201, 'activity')
}

export async function getMember (api: Client, id: string): Promise<Member> {
  return recordOf<Member>(await api.get(`/v1/members/${id}`), 200, 'member')
}

export async function getActivity (api: Client, id: string): Promise<Activity> {
  return recordOf<Activity>(await api.get(`/v1/activities/${id}`), 200, 'activity')
}

// Each list: its path, its total field, its array field, and the key of its single-record answer.
const LISTS = {
  members: { total: 'totalMembers', one: 'member' },
  companies: { total: 'totalCompanies', one: 'company' },
  channels: { total: 'totalChannels', one: 'channel' },
  activities: { total: 'totalActivities', one: 'activity' }
} as const
type ListName = keyof typeof LISTS

/** A list body as the API must answer it: `records` in the given order, whole. */
export function pageBody (list: ListName, page: number, pageSize: number, total: number, records: readonly object[]) {
  return { page, pageSize, [LISTS[list].total]: total, [list]: records }
}

/**
 * The expected list body for records given by id, each read back with GET now (members' pulse and the
 * cascades' updatedAt are only known at read time), so the list is compared with the whole current record.
 */
export async function currentPage (api: Client, list: ListName, page: number, pageSize: number, total: number, ids: readonly string[]) {
  const records = []
  for (const id of ids) records.push(recordOf<object>(await api.get(`/v1/${list}/${id}`), 200, LISTS[list].one))
  return pageBody(list, page, pageSize, total, records)
}

/** GET a list URL, expecting 200; the parsed body. */
export async function listOf (api: Client, url: string): Promise<Record<string, unknown>> {
  const res = await api.get(url)
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

/** The ids of a list answer's records, in order. */
export async function idsOf (api: Client, url: string): Promise<string[]> {
  const body = await listOf(api, url)
  const key = Object.keys(LISTS).find((name) => Array.isArray(body[name]))!
  return (body[key] as Array<{ id: string }>).map((record) => record.id)
}

/** Ids compare as their lower-case text, which is also their byte order (uuid columns compare the same way). */
function compareText (a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

interface Keyed { id: string }

/** Records in a list's order: by `key` (null lowest), ties by id in the same direction. */
export function sortBy<T extends Keyed> (records: readonly T[], key: (record: T) => string | number | null, direction: 'asc' | 'desc'): T[] {
  const sign = direction === 'asc' ? 1 : -1
  return [...records].sort((a, b) => {
    const ka = key(a)
    const kb = key(b)
    let order = 0
    if (ka === null || kb === null) order = ka === kb ? 0 : ka === null ? -1 : 1
    else order = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : compareText(String(ka), String(kb))
    return sign * (order !== 0 ? order : compareText(a.id, b.id))
  })
}

/** The default order of every list: createdAt desc, then id desc. */
export const newestFirst = <T extends Keyed & { createdAt: string }> (records: readonly T[]) =>
  sortBy(records, (record) => record.createdAt, 'desc')

export const idsIn = (records: readonly Keyed[]) => records.map((record) => record.id)

/** Ids in ascending order (how an ascending sort breaks ties); `desc` for descending sorts. */
export const byId = (ids: readonly string[], direction: 'asc' | 'desc' = 'asc') =>
  [...ids].sort((a, b) => (direction === 'asc' ? 1 : -1) * compareText(a, b))

const BAD_REQUEST = { code: 'BAD_REQUEST', error: 'Invalid request' }
export const NOT_FOUND = { code: 'NOT_FOUND', error: 'Resource not found' }

export function assertBadRequest (res: LightMyRequestResponse, field: string, message: string): void {
  assert.equal(res.statusCode, 400, res.body)
  assert.deepEqual(res.json(), { ...BAD_REQUEST, details: [{ field, message }] })
}

export function assertNotFound (res: LightMyRequestResponse): void {
  assert.equal(res.statusCode, 404, res.body)
  assert.deepEqual(res.json(), NOT_FOUND)
}

export const DAY = 24 * 3600

/** The wire form of an instant `seconds` before now (whole seconds, so it reads back unchanged). */
export function wireTimeAgo (seconds: number): string {
  return new Date((Math.floor(Date.now() / 1000) - seconds) * 1000).toISOString().slice(0, 19) + 'Z'
}

/**
 * Waits until the clock has entered the next whole second, so records written before and after differ in
 * createdAt / updatedAt (stored at whole seconds).
 */
/** Query strings with encoded values (`+` and `:` in date-times, spaces in names). */
export function qs (params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)])).toString()
}
