import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { api, buildTestApp, testStores, type Response } from '../support/helpers.js'

// One script of requests, replayed on SQLite and on PostgreSQL: every status and body must match once generated
// ids and "now" times are replaced by placeholders. It aims at what differs between the two stores' storage:
// text[] quoting, time conversion at the ends of the year range, uuid columns, deferred references, paging.

const TAG = '1b4e28ba-2fa1-41d2-883f-0016d3cca427'
const UNKNOWN = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b'
const AWKWARD = ['NULL', 'null', '{x}', 'a"b', 'a\\b', ' ', 'é😀', 'a,b', '{"a,b"}', "it's", '\\N', '']

type Body = Record<string, Record<string, string>>

async function script (app: FastifyInstance): Promise<unknown[]> {
  // Fixed workspaces: each store is a database of its own, and the answers must match to the byte.
  const client = api(app, '0b5e7a52-9d3c-4a43-8f8e-5a1f0e6d2c11')
  const other = api(app, '11111111-1111-4111-8111-111111111111')
  const answers: unknown[] = []
  const send = async (request: Promise<Response>): Promise<Body> => {
    const res = await request
    answers.push([res.statusCode, res.json()])
    return res.json() as Body
  }

  const company = (await send(client.post('/v1/companies', {
    name: 'A"\\{}', foundedAt: '0000-01-01T00:00:00Z', tags: [TAG, TAG.toUpperCase(), TAG], employees: 0
  }))).company!
  await send(client.post('/v1/companies', { name: 'B', foundedAt: '9999-12-31T23:59:59Z', employees: 2147483647, domain: 'é😀' }))
  await send(client.post('/v1/companies', { name: 'C', foundedAt: '1969-12-31T23:59:59.999+01:30' }))
  await send(client.patch(`/v1/companies/${company.id}`, {}))
  await send(client.patch(`/v1/companies/${company.id}`, { tags: [TAG] }))
  await send(client.patch(`/v1/companies/${company.id}`, { tags: null, foundedAt: null, industry: 'x' }))
  await send(client.get(`/v1/companies/${company.id}`))
  await send(other.get(`/v1/companies/${company.id}`))

  const ada = (await send(client.post('/v1/members', {
    firstName: 'Ada', phones: AWKWARD.filter(Boolean), emails: ['a@b.co', 'a@b.co', 'C@d.co'], tags: [TAG]
  }))).member!
  const bob = (await send(client.post('/v1/members', { lastName: 'Bob', linkedinUrl: 'https://l.example/bob' }))).member!
  const channel = (await send(client.post('/v1/channels', { name: 'general', source: 'Slack', externalId: AWKWARD.join('|') }))).channel!
  await send(client.patch(`/v1/channels/${channel.id}`, { name: 'g2', externalId: null }))
  await send(client.get(`/v1/channels/${channel.id}`))

  const first = (await send(client.post('/v1/activities', {
    memberId: ada.id, activityTypeKey: 'a', createdAt: '1970-01-01T00:00:00Z', channelId: channel.id, eventId: TAG
  }))).activity!
  const second = (await send(client.post('/v1/activities', {
    memberId: ada.id, activityTypeKey: 'a', createdAt: '2025-06-01T00:00:00Z', replyTo: first.id, message: 'm'.repeat(100_000)
  }))).activity!
  const third = (await send(client.post('/v1/activities', {
    memberId: bob.id, activityTypeKey: 'b', createdAt: '2025-06-02T00:00:00+02:00', reactTo: second.id, inviteTo: first.id
  }))).activity!
  await send(client.post('/v1/activities', { memberId: bob.id, activityTypeKey: 'b', replyTo: UNKNOWN }))
  await send(client.post('/v1/activities', { memberId: UNKNOWN, activityTypeKey: 'b', channelId: UNKNOWN }))
  await send(client.post('/v1/activities', { memberId: bob.id, activityTypeKey: 'b', channelId: UNKNOWN, replyTo: UNKNOWN }))
  await send(client.patch(`/v1/activities/${third.id}`, { replyTo: third.id }))
  await send(client.patch(`/v1/activities/${third.id}`, { memberId: UNKNOWN }))
  await send(client.patch(`/v1/activities/${third.id}`, {}))
  await send(client.patch(`/v1/activities/${third.id}`, { memberId: bob.id, title: null }))
  await send(client.get(`/v1/members/${ada.id}`))
  await send(client.patch(`/v1/activities/${second.id}`, { memberId: bob.id, activityTypeKey: 'c' }))
  await send(client.get(`/v1/members/${ada.id}`))
  await send(client.get(`/v1/members/${bob.id}`))
  await send(client.get('/v1/activities'))
  await send(client.get('/v1/activities?page=2&pageSize=10'))
  await send(client.get('/v1/activities?page=9007199254740991&pageSize=100'))

  // Removing Ada takes her activities; the references to them from Bob's activities are cleared.
  await send(client.delete(`/v1/members/${ada.id}`))
  await send(client.delete(`/v1/members/${ada.id}`))
  await send(client.get(`/v1/activities/${third.id}`))
  await send(client.get(`/v1/activities/${first.id}`))
  await send(client.get(`/v1/members/${bob.id}`))
  await send(client.get('/v1/activities'))
  await send(client.delete(`/v1/members/${bob.id}`))
  await send(client.get('/v1/activities'))
  await send(other.get('/v1/activities'))
  await send(other.get(`/v1/channels/${channel.id}`))
  return answers
}

// What test/api/differential.test.ts found the stores answering differently, each as the requests that showed it.
async function found (app: FastifyInstance): Promise<unknown[]> {
  const client = api(app, '2c1f4b9e-6a0d-4c55-9f5e-3b7a1d2e8c40')
  const answers: unknown[] = []
  const send = async (request: Promise<Response>): Promise<Body> => {
    const res = await request
    answers.push([res.statusCode, res.json()])
    return res.json() as Body
  }
  const text = (length: number, first: number) => Array.from({ length }, (_, i) => String.fromCodePoint(first + ((i * 7919) % 0x5200))).join('')

  // 1,000 characters of 3 or 4 bytes in an indexed field: more than a PostgreSQL btree entry holds (it answered 500).
  const company = (await send(client.post('/v1/companies', { name: text(1000, 0x4e00), domain: text(1000, 0x20000) }))).company!
  await send(client.patch(`/v1/companies/${company.id}`, { name: text(1000, 0x20000) }))
  await send(client.post('/v1/companies', { name: 'İ'.repeat(1000) }))
  await send(client.get('/v1/companies?sort=name'))
  await send(client.post('/v1/channels', { name: text(1000, 0x4e00) }))
  const member = (await send(client.post('/v1/members', { firstName: text(670, 0x20000), lastName: text(670, 0x20000) }))).member!
  await send(client.get(`/v1/members?q=${encodeURIComponent(text(100, 0x20000))}`))
  // Two problems in one member PATCH (no identity left, an unknown company): each store named another.
  await send(client.patch(`/v1/members/${member.id}`, { firstName: null, lastName: null, companyId: UNKNOWN }))
  // An activity's own id as its channelId: "cannot name the activity itself" on one, no such channel on the other.
  const activity = (await send(client.post('/v1/activities', { memberId: member.id, activityTypeKey: 'a' }))).activity!
  await send(client.patch(`/v1/activities/${activity.id}`, { channelId: activity.id }))
  return answers
}

/** Generated ids become ID0, ID1, ... in order of appearance; times of the last minute become NOW. */
function normalize (answers: unknown[]): unknown {
  const ids = new Map<string, string>()
  const now = Date.now()
  return JSON.parse(JSON.stringify(answers, (_key, value: unknown) => {
    if (typeof value !== 'string') return value
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/.test(value)) {
      if (!ids.has(value)) ids.set(value, `ID${ids.size}`)
      return ids.get(value)
    }
    if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(value) && Math.abs(Date.parse(value) - now) < 60_000) return 'NOW'
    return value
  }))
}

describe('sqlite and postgres side by side', { skip: testStores().length < 2 && 'no PostgreSQL: see npm test' }, () => {
  test('the same requests get the same answers from both stores', async (t) => {
    const [sqlite, postgres] = await Promise.all(testStores().map(async (store) =>
      normalize(await script(await buildTestApp(t, store)))))
    assert.deepEqual(postgres, sqlite)
  })

  test('what the differential test found answers alike', async (t) => {
    const [sqlite, postgres] = await Promise.all(testStores().map(async (store) =>
      normalize(await found(await buildTestApp(t, store)))))
    assert.deepEqual(postgres, sqlite)
  })
})
