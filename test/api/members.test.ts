import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import {
  api, assertBadRequest, assertFresh, assertNotFound, buildTestApp, createActivity, createCompany,
  createMember, DAY, recordOf, testStores, wireTimeAgo, type Api
} from '../support/helpers.js'

const TAG_A = '1b4e28ba-2fa1-41d2-883f-0016d3cca427'
const TAG_B = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b'

const FULL = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  primaryEmail: 'ada@example.com',
  emails: ['ada@example.com', 'ada@work.example', 'ada@example.com'],
  phones: ['+44 20 7946 0000', '+44 20 7946 0001', '+44 20 7946 0000'],
  jobTitle: 'Analyst',
  avatarUrl: 'https://example.com/ada.png',
  country: 'GB',
  language: 'en',
  tags: [TAG_A, TAG_B, TAG_A],
  linkedinUrl: 'https://www.linkedin.com/in/ada'
}

const IDENTITY_REQUIRED = {
  code: 'BAD_REQUEST',
  error: 'Invalid request',
  details: [{ field: 'firstName|lastName|primaryEmail', message: 'one of firstName, lastName, primaryEmail is required' }]
}

const uuids = (n: number) => Array.from({ length: n }, () => randomUUID())

const INVALID_FIELDS: Array<[string, Record<string, unknown>, string]> = [
  ['empty firstName', { firstName: '' }, 'firstName'],
  ['firstName of 1001 characters', { firstName: 'x'.repeat(1001) }, 'firstName'],
  ['firstName holding U+0000', { firstName: 'A\u0000' }, 'firstName'],
  ['firstName as a number', { firstName: 1 }, 'firstName'],
  ['empty lastName', { lastName: '' }, 'lastName'],
  ['lastName of 1001 characters', { lastName: 'x'.repeat(1001) }, 'lastName'],
  ['primaryEmail that is no address', { primaryEmail: 'ada at example.com' }, 'primaryEmail'],
  ['empty primaryEmail', { primaryEmail: '' }, 'primaryEmail'],
  ['emails as a string', { emails: 'ada@example.com' }, 'emails'],
  ['an email that is no address', { emails: ['ada@example.com', 'nope'] }, 'emails.1'],
  ['101 emails', { emails: Array.from({ length: 101 }, (_, i) => `a${i}@example.com`) }, 'emails'],
  ['an empty phone', { phones: [''] }, 'phones.0'],
  ['a phone of 101 characters', { phones: ['1'.repeat(101)] }, 'phones.0'],
  ['a phone as a number', { phones: [5550000] }, 'phones.0'],
  ['101 phones', { phones: Array.from({ length: 101 }, (_, i) => `+1 555 ${i}`) }, 'phones'],
  ['jobTitle of 1001 characters', { jobTitle: 'x'.repeat(1001) }, 'jobTitle'],
  ['jobTitle holding U+0000', { jobTitle: '\u0000' }, 'jobTitle'],
  ['avatarUrl with ftp scheme', { avatarUrl: 'ftp://example.com/a.png' }, 'avatarUrl'],
  ['avatarUrl that is no url', { avatarUrl: 'a picture' }, 'avatarUrl'],
  ['country as a number', { country: 44 }, 'country'],
  ['language of 1001 characters', { language: 'x'.repeat(1001) }, 'language'],
  ['a tag that is not a uuid', { tags: ['vip'] }, 'tags.0'],
  ['101 tags', { tags: uuids(101) }, 'tags'],
  ['linkedinUrl without scheme', { linkedinUrl: 'linkedin.com/in/ada' }, 'linkedinUrl'],
  ['an unknown field', { nickname: 'ada' }, 'nickname'],
  ['id', { id: randomUUID() }, 'id'],
  ['workspaceId', { workspaceId: randomUUID() }, 'workspaceId'],
  ['createdAt', { createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
  ['updatedAt', { updatedAt: '2020-01-01T00:00:00Z' }, 'updatedAt'],
  ['level', { level: 5 }, 'level'],
  ['pulse', { pulse: 1 }, 'pulse'],
  ['firstActivity', { firstActivity: '2020-01-01T00:00:00Z' }, 'firstActivity'],
  ['lastActivity', { lastActivity: '2020-01-01T00:00:00Z' }, 'lastActivity'],
  ['companyId', { companyId: randomUUID() }, 'companyId'],
  ['source', { source: 'Api' }, 'source']
]
const NOT_ALLOWED = new Set(['nickname', 'id', 'workspaceId', 'createdAt', 'updatedAt', 'level', 'pulse', 'firstActivity',
  'lastActivity', 'companyId', 'source'])

async function getMember (client: Api, id: string) {
  return recordOf<Record<string, unknown>>(await client.get(`/v1/members/${id}`), 200, 'member')
}

async function derived (client: Api, id: string) {
  const { firstActivity, lastActivity, pulse, level } = await getMember(client, id)
  return { firstActivity, lastActivity, pulse, level }
}

for (const store of testStores()) {
  describe(`members (${store.name})`, () => {
    test('POST /v1/members with every field answers 201 with the whole member, de-duplicated lists and no linkedinUrl', async (t) => {
      const app = await buildTestApp(t, store)
      const workspaceId = randomUUID()
      const before = Date.now()
      const res = await api(app, workspaceId).post('/v1/members', FULL)
      const member = recordOf<{ id: string, createdAt: string, updatedAt: string }>(res, 201, 'member')
      assertFresh(member, before)
      assert.deepEqual(res.json(), {
        member: {
          id: member.id,
          firstName: 'Ada',
          lastName: 'Lovelace',
          primaryEmail: 'ada@example.com',
          emails: ['ada@example.com', 'ada@work.example'],
          phones: ['+44 20 7946 0000', '+44 20 7946 0001'],
          jobTitle: 'Analyst',
          avatarUrl: 'https://example.com/ada.png',
          language: 'en',
          country: 'GB',
          tags: [TAG_A, TAG_B],
          level: 0,
          pulse: 0,
          source: 'Api',
          companyId: null,
          workspaceId,
          firstActivity: null,
          lastActivity: null,
          createdAt: member.createdAt,
          updatedAt: member.createdAt
        }
      })
    })

    test('POST /v1/members needs only one of firstName, lastName or primaryEmail; the rest is null or []', async (t) => {
      const app = await buildTestApp(t, store)
      const workspaceId = randomUUID()
      const client = api(app, workspaceId)
      const empty = {
        firstName: null,
        lastName: null,
        primaryEmail: null,
        emails: [],
        phones: [],
        jobTitle: null,
        avatarUrl: null,
        language: null,
        country: null,
        tags: [],
        level: 0,
        pulse: 0,
        source: 'Api',
        companyId: null,
        workspaceId,
        firstActivity: null,
        lastActivity: null
      }
      for (const body of [{ firstName: 'A' }, { lastName: 'B' }, { primaryEmail: 'c@example.com' }]) {
        const before = Date.now()
        const member = await createMember(client, body)
        assertFresh(member, before)
        assert.deepEqual(member, { id: member.id, ...empty, ...body, createdAt: member.createdAt, updatedAt: member.createdAt })
        assert.deepEqual(await getMember(client, member.id), member)
      }
    })

    test('POST /v1/members takes null optional fields as unset', async (t) => {
      const app = await buildTestApp(t, store)
      const member = await createMember(api(app, randomUUID()), {
        firstName: null,
        lastName: 'B',
        primaryEmail: null,
        emails: null,
        phones: null,
        jobTitle: null,
        avatarUrl: null,
        country: null,
        language: null,
        tags: null,
        linkedinUrl: null
      })
      const { firstName, primaryEmail, emails, phones, jobTitle, avatarUrl, country, language, tags } = member
      assert.deepEqual({ firstName, primaryEmail, emails, phones, jobTitle, avatarUrl, country, language, tags }, {
        firstName: null, primaryEmail: null, emails: [], phones: [], jobTitle: null, avatarUrl: null, country: null, language: null, tags: []
      })
      assert.equal('linkedinUrl' in member, false)
    })

    test('POST /v1/members without firstName, lastName and primaryEmail answers 400', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      for (const body of [{}, { linkedinUrl: 'https://www.linkedin.com/in/x' }, { jobTitle: 'CTO', emails: ['a@example.com'] },
        { firstName: null, lastName: null, primaryEmail: null }]) {
        const res = await client.post('/v1/members', body)
        assert.equal(res.statusCode, 400)
        assert.deepEqual(res.json(), IDENTITY_REQUIRED)
      }
    })

    test('POST /v1/members accepts the largest values: 1000-character strings, 100 emails, phones and tags', async (t) => {
      const app = await buildTestApp(t, store)
      const long = 'ü'.repeat(1000)
      const emails = Array.from({ length: 100 }, (_, i) => `a${i}@example.com`)
      const phones = Array.from({ length: 100 }, (_, i) => `${i}`.padStart(100, '+'))
      const tags = uuids(100)
      const member = await createMember(api(app, randomUUID()), {
        firstName: long, lastName: long, jobTitle: long, country: long, language: long, emails, phones, tags
      })
      assert.deepEqual([member.firstName, member.lastName, member.jobTitle, member.country, member.language], [long, long, long, long, long])
      assert.deepEqual([member.emails, member.phones, member.tags], [emails, phones, tags])
    })

    test('POST /v1/members rejects each invalid or read-only field with 400 naming the field', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      for (const [name, body, field] of INVALID_FIELDS) {
        await t.test(name, async () => {
          assertBadRequest(await client.post('/v1/members', { firstName: 'Ada', ...body }), field,
            NOT_ALLOWED.has(field) ? 'is not allowed' : undefined)
        })
      }
      assertBadRequest(await client.post('/v1/members', [{ firstName: 'Ada' }]), 'body')
    })

    test('GET /v1/members/:id answers 200 with the member as created', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client, FULL)
      const res = await client.get(`/v1/members/${member.id}`)
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { member })
    })

    test('GET /v1/members/:id answers 404 for an unknown, malformed, other-kind or other-workspace id', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const member = await createMember(a, FULL)
      const company = await createCompany(b)
      for (const id of [randomUUID(), 'not-a-uuid', '0', `urn:uuid:${member.id}`, company.id, member.id]) {
        assertNotFound(await b.get(`/v1/members/${id}`))
      }
      assert.deepEqual((await a.get(`/v1/members/${member.id}`)).json(), { member })
    })

    test('DELETE /v1/members/:id answers 200 {success: true}; the member is gone afterwards', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client, FULL)
      const other = await createMember(client, { firstName: 'Other' })
      const res = await client.delete(`/v1/members/${member.id}`)
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { success: true })
      assertNotFound(await client.get(`/v1/members/${member.id}`))
      assertNotFound(await client.delete(`/v1/members/${member.id}`))
      assert.deepEqual((await client.get(`/v1/members/${other.id}`)).json(), { member: other })
      assertBadRequest(await client.post('/v1/activities', { memberId: member.id, activityTypeKey: 'note' }), 'memberId')
    })

    test('DELETE /v1/members/:id answers 404 for an unknown, malformed or other-workspace id, deleting nothing', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const member = await createMember(a, FULL)
      const activity = await createActivity(a, { memberId: member.id })
      const before = await getMember(a, member.id)
      for (const id of [randomUUID(), 'not-a-uuid', member.id]) assertNotFound(await b.delete(`/v1/members/${id}`))
      assert.deepEqual(await getMember(a, member.id), before)
      assert.deepEqual((await a.get(`/v1/activities/${activity.id}`)).json(), { activity })
      assert.equal((await a.get('/v1/activities')).json().totalActivities, 1)
    })

    test('DELETE /v1/members/:id removes its activities and clears the references other activities had to them', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const gone = await createMember(client, { firstName: 'Gone' })
      const kept = await createMember(client, { firstName: 'Kept' })
      const g1 = await createActivity(client, { memberId: gone.id, createdAt: wireTimeAgo(3 * DAY) })
      const g2 = await createActivity(client, { memberId: gone.id, replyTo: g1.id })
      const k1 = await createActivity(client, { memberId: kept.id, createdAt: wireTimeAgo(2 * DAY) })
      const reply = await createActivity(client, { memberId: kept.id, replyTo: g1.id, reactTo: g2.id, inviteTo: k1.id })
      const invite = await createActivity(client, { memberId: kept.id, inviteTo: g2.id, replyTo: k1.id })
      const keptBefore = await getMember(client, kept.id)
      assert.equal((await client.get('/v1/activities')).json().totalActivities, 5)

      assert.deepEqual((await client.delete(`/v1/members/${gone.id}`)).json(), { success: true })

      assertNotFound(await client.get(`/v1/activities/${g1.id}`))
      assertNotFound(await client.get(`/v1/activities/${g2.id}`))
      const list = (await client.get('/v1/activities')).json()
      assert.equal(list.totalActivities, 3)
      assert.deepEqual(list.activities.map((a: { id: string }) => a.id).sort(), [k1.id, reply.id, invite.id].sort())
      const replyAfter = recordOf<Record<string, unknown>>(await client.get(`/v1/activities/${reply.id}`), 200, 'activity')
      assert.deepEqual({ ...replyAfter, updatedAt: reply.updatedAt }, { ...reply, replyTo: null, reactTo: null })
      const inviteAfter = recordOf<Record<string, unknown>>(await client.get(`/v1/activities/${invite.id}`), 200, 'activity')
      assert.deepEqual({ ...inviteAfter, updatedAt: invite.updatedAt }, { ...invite, inviteTo: null })
      assert.deepEqual((await client.get(`/v1/activities/${k1.id}`)).json(), { activity: k1 })
      assert.deepEqual(await getMember(client, kept.id), keptBefore)
    })

    test('a member without activities has firstActivity and lastActivity null, pulse 0 and level 0', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      assert.deepEqual(await derived(client, member.id), { firstActivity: null, lastActivity: null, pulse: 0, level: 0 })
    })

    test('firstActivity and lastActivity are the earliest and latest createdAt of the member\'s activities', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      const bystander = await createMember(client, { firstName: 'Bystander' })
      await createActivity(client, { memberId: bystander.id, createdAt: '2010-01-01T00:00:00Z' })
      const steps: Array<[string, string, string]> = [
        ['2022-03-01T10:00:00+01:00', '2022-03-01T09:00:00Z', '2022-03-01T09:00:00Z'],
        ['2023-05-05T05:05:05Z', '2022-03-01T09:00:00Z', '2023-05-05T05:05:05Z'],
        ['2022-06-01T00:00:00Z', '2022-03-01T09:00:00Z', '2023-05-05T05:05:05Z'],
        ['2021-01-01T00:00:00.900Z', '2021-01-01T00:00:00Z', '2023-05-05T05:05:05Z']
      ]
      for (const [createdAt, first, last] of steps) {
        await createActivity(client, { memberId: member.id, createdAt })
        const now = await derived(client, member.id)
        assert.deepEqual([now.firstActivity, now.lastActivity], [first, last], createdAt)
      }
      const latest = await createActivity(client, { memberId: member.id })
      const now = await derived(client, member.id)
      assert.deepEqual([now.firstActivity, now.lastActivity], ['2021-01-01T00:00:00Z', latest.createdAt])
      const other = await derived(client, bystander.id)
      assert.deepEqual([other.firstActivity, other.lastActivity], ['2010-01-01T00:00:00Z', '2010-01-01T00:00:00Z'])
    })

    test('pulse counts each activity of a new type 1 point over the last 90 days; level is its tier of the default thresholds', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      // [activities now, activities 30 days ago, activities 100 days ago, pulse, level]
      const cases: Array<[number, number, number, number, number]> = [
        [0, 0, 1, 0, 0],
        [0, 1, 0, 1, 1],
        [1, 1, 3, 2, 1],
        [3, 1, 0, 4, 1],
        [4, 1, 0, 5, 2],
        [9, 0, 1, 9, 2],
        [9, 1, 0, 10, 3],
        [20, 0, 0, 20, 4]
      ]
      for (const [recent, month, old, pulse, level] of cases) {
        const member = await createMember(client)
        for (let i = 0; i < recent; i++) await createActivity(client, { memberId: member.id })
        for (let i = 0; i < month; i++) await createActivity(client, { memberId: member.id, createdAt: wireTimeAgo(30 * DAY) })
        for (let i = 0; i < old; i++) await createActivity(client, { memberId: member.id, createdAt: wireTimeAgo(100 * DAY) })
        const now = await derived(client, member.id)
        assert.deepEqual([now.pulse, now.level], [pulse, level], `${recent} now, ${month} 30 days ago, ${old} 100 days ago`)
      }
    })

    test('an activity from a year ago sets firstActivity but gives no pulse', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      const createdAt = wireTimeAgo(365 * DAY)
      await createActivity(client, { memberId: member.id, createdAt })
      assert.deepEqual(await derived(client, member.id), { firstActivity: createdAt, lastActivity: createdAt, pulse: 0, level: 0 })
    })

    test('moving an activity to another member updates the derived fields of both members', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const from = await createMember(client, { firstName: 'From' })
      const to = await createMember(client, { firstName: 'To' })
      const early = await createActivity(client, { memberId: from.id, createdAt: '2020-01-01T00:00:00Z' })
      const recent = await createActivity(client, { memberId: from.id })
      await createActivity(client, { memberId: to.id, createdAt: '2021-01-01T00:00:00Z' })
      assert.deepEqual(await derived(client, from.id),
        { firstActivity: '2020-01-01T00:00:00Z', lastActivity: recent.createdAt, pulse: 1, level: 1 })

      recordOf(await client.patch(`/v1/activities/${recent.id}`, { memberId: to.id }), 200, 'activity')
      assert.deepEqual(await derived(client, from.id),
        { firstActivity: '2020-01-01T00:00:00Z', lastActivity: '2020-01-01T00:00:00Z', pulse: 0, level: 0 })
      assert.deepEqual(await derived(client, to.id),
        { firstActivity: '2021-01-01T00:00:00Z', lastActivity: recent.createdAt, pulse: 1, level: 1 })

      recordOf(await client.patch(`/v1/activities/${early.id}`, { memberId: to.id }), 200, 'activity')
      assert.deepEqual(await derived(client, from.id), { firstActivity: null, lastActivity: null, pulse: 0, level: 0 })
      assert.deepEqual(await derived(client, to.id),
        { firstActivity: '2020-01-01T00:00:00Z', lastActivity: recent.createdAt, pulse: 1, level: 1 })

      // Patching other fields, or to the same member, changes no derived field.
      recordOf(await client.patch(`/v1/activities/${recent.id}`, { memberId: to.id, title: 'same member' }), 200, 'activity')
      assert.deepEqual(await derived(client, to.id),
        { firstActivity: '2020-01-01T00:00:00Z', lastActivity: recent.createdAt, pulse: 1, level: 1 })
    })

    test('a member\'s derived fields only count its own workspace\'s activities', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const member = await createMember(a)
      assertBadRequest(await b.post('/v1/activities', { memberId: member.id, activityTypeKey: 'note' }), 'memberId')
      assert.deepEqual(await derived(a, member.id), { firstActivity: null, lastActivity: null, pulse: 0, level: 0 })
    })
  })
}
