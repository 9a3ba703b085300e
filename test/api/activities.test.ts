import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import type { Activity } from '../../src/schemas/activities.js'
import {
  api, assertBadRequest, assertFresh, assertNotFound, buildTestApp, createActivity, createChannel, createMember, DAY,
  nextSecond, recordOf, testStores, UUID, WIRE_TIME, wireTimeAgo, type Api
} from '../support/helpers.js'

async function getActivity (client: Api, id: string): Promise<Activity> {
  return recordOf<Activity>(await client.get(`/v1/activities/${id}`), 200, 'activity')
}

async function total (client: Api): Promise<number> {
  const res = await client.get('/v1/activities?pageSize=100')
  assert.equal(res.statusCode, 200)
  return res.json().totalActivities
}

/** The list order of the contract: createdAt desc, then id desc. */
const newestFirst = (a: Activity, b: Activity) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : (a.createdAt < b.createdAt ? 1 : -1)

// Body fields each wrong in one way (apart from references), shared by create and PATCH.
const INVALID_FIELDS: Array<[string, Record<string, unknown>, string]> = [
  ['empty activityTypeKey', { activityTypeKey: '' }, 'activityTypeKey'],
  ['activityTypeKey with upper case', { activityTypeKey: 'Note' }, 'activityTypeKey'],
  ['activityTypeKey with a space', { activityTypeKey: 'new note' }, 'activityTypeKey'],
  ['activityTypeKey with a slash', { activityTypeKey: 'a/b' }, 'activityTypeKey'],
  ['activityTypeKey with a non-ASCII letter', { activityTypeKey: 'café' }, 'activityTypeKey'],
  ['activityTypeKey of 101 characters', { activityTypeKey: 'k'.repeat(101) }, 'activityTypeKey'],
  ['activityTypeKey as a number', { activityTypeKey: 7 }, 'activityTypeKey'],
  ['memberId that is not a uuid', { memberId: 'ada' }, 'memberId'],
  ['title of 1001 characters', { title: 't'.repeat(1001) }, 'title'],
  ['title as a number', { title: 1 }, 'title'],
  ['message of 100001 characters', { message: 'm'.repeat(100_001) }, 'message'],
  ['message holding U+0000', { message: 'a\u0000b' }, 'message'],
  ['externalId of 1001 characters', { externalId: 'e'.repeat(1001) }, 'externalId'],
  ['channelId that is not a uuid', { channelId: 'general' }, 'channelId'],
  ['eventId that is not a uuid', { eventId: 'launch' }, 'eventId'],
  ['replyTo that is not a uuid', { replyTo: 'x' }, 'replyTo'],
  ['reactTo as a number', { reactTo: 1 }, 'reactTo'],
  ['inviteTo that is a urn', { inviteTo: `urn:uuid:${randomUUID()}` }, 'inviteTo'],
  ['an unknown field', { kind: 'note' }, 'kind'],
  ['id', { id: randomUUID() }, 'id'],
  ['workspaceId', { workspaceId: randomUUID() }, 'workspaceId'],
  ['updatedAt', { updatedAt: '2020-01-01T00:00:00Z' }, 'updatedAt'],
  ['activityTypeId', { activityTypeId: randomUUID() }, 'activityTypeId']
]
const NOT_ALLOWED = new Set(['kind', 'id', 'workspaceId', 'updatedAt', 'activityTypeId'])
// PATCH cannot change where or when an activity happened.
const NOT_ALLOWED_IN_PATCH = new Set([...NOT_ALLOWED, 'createdAt', 'source'])

for (const store of testStores()) {
  describe(`activities (${store.name})`, () => {
    test('POST /v1/activities with every field answers 201 with the whole activity', async (t) => {
      const app = await buildTestApp(t, store)
      const workspaceId = randomUUID()
      const client = api(app, workspaceId)
      const member = await createMember(client)
      const channel = await createChannel(client)
      const target = await createActivity(client, { memberId: member.id })
      const eventId = randomUUID()
      const body = {
        memberId: member.id,
        activityTypeKey: 'github:pull_request.opened-v2',
        title: 'Opened a pull request',
        message: 'Fixes the build',
        externalId: 'gh-1234',
        channelId: channel.id,
        eventId,
        replyTo: target.id,
        reactTo: target.id,
        inviteTo: target.id,
        source: 'GitHub',
        createdAt: '2024-03-01T12:00:00+02:00'
      }
      const before = Date.now()
      const res = await client.post('/v1/activities', body)
      const activity = recordOf<Activity>(res, 201, 'activity')
      assert.match(activity.id, UUID)
      assert.match(activity.activityTypeId, UUID)
      assert.match(activity.updatedAt, WIRE_TIME)
      assert.ok(Date.parse(activity.updatedAt) >= Math.floor(before / 1000) * 1000 && Date.parse(activity.updatedAt) <= Date.now())
      assert.deepEqual(res.json(), {
        activity: {
          id: activity.id,
          externalId: 'gh-1234',
          title: 'Opened a pull request',
          message: 'Fixes the build',
          replyTo: target.id,
          reactTo: target.id,
          inviteTo: target.id,
          source: 'GitHub',
          activityTypeId: activity.activityTypeId,
          channelId: channel.id,
          eventId,
          memberId: member.id,
          workspaceId,
          createdAt: '2024-03-01T10:00:00Z',
          updatedAt: activity.updatedAt
        }
      })
      assert.deepEqual(await getActivity(client, activity.id), activity)
    })

    test('POST /v1/activities with only memberId and activityTypeKey answers source "Api", now, and nulls', async (t) => {
      const app = await buildTestApp(t, store)
      const workspaceId = randomUUID()
      const client = api(app, workspaceId)
      const member = await createMember(client)
      const before = Date.now()
      const res = await client.post('/v1/activities', { memberId: member.id, activityTypeKey: 'note' })
      const activity = recordOf<Activity>(res, 201, 'activity')
      assertFresh(activity, before)
      assert.match(activity.activityTypeId, UUID)
      assert.deepEqual(res.json(), {
        activity: {
          id: activity.id,
          externalId: null,
          title: null,
          message: null,
          replyTo: null,
          reactTo: null,
          inviteTo: null,
          source: 'Api',
          activityTypeId: activity.activityTypeId,
          channelId: null,
          eventId: null,
          memberId: member.id,
          workspaceId,
          createdAt: activity.createdAt,
          updatedAt: activity.createdAt
        }
      })
      const nulls = await createActivity(client, {
        memberId: member.id,
        title: null,
        message: null,
        externalId: null,
        channelId: null,
        eventId: null,
        replyTo: null,
        reactTo: null,
        inviteTo: null,
        source: null,
        createdAt: null
      })
      assert.deepEqual(nulls, { ...activity, id: nulls.id, createdAt: nulls.createdAt, updatedAt: nulls.updatedAt })
    })

    test('POST /v1/activities accepts the largest values: a 100000-character message, 1000-character strings, a 100-character key', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      const message = '𝄞'.repeat(100_000)
      const long = 'x'.repeat(1000)
      const activity = await createActivity(client, {
        memberId: member.id, activityTypeKey: 'k'.repeat(100), message, title: long, externalId: long, source: 's'.repeat(100)
      })
      assert.equal(activity.message, message)
      assert.deepEqual([activity.title, activity.externalId, activity.source], [long, long, 's'.repeat(100)])
      assert.equal((await getActivity(client, activity.id)).message, message)
    })

    test('the same activityTypeKey gives the same activityTypeId within a workspace, and another in another workspace', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const memberA = await createMember(a)
      const memberB = await createMember(b)
      const first = await createActivity(a, { memberId: memberA.id, activityTypeKey: 'chat:message' })
      const second = await createActivity(a, { memberId: memberA.id, activityTypeKey: 'chat:message' })
      const other = await createActivity(a, { memberId: memberA.id, activityTypeKey: 'chat:reaction' })
      const elsewhere = await createActivity(b, { memberId: memberB.id, activityTypeKey: 'chat:message' })
      assert.equal(second.activityTypeId, first.activityTypeId)
      assert.notEqual(other.activityTypeId, first.activityTypeId)
      assert.notEqual(elsewhere.activityTypeId, first.activityTypeId)
      assert.notEqual(elsewhere.activityTypeId, other.activityTypeId)

      const patched = recordOf<Activity>(await a.patch(`/v1/activities/${other.id}`, { activityTypeKey: 'chat:message' }), 200, 'activity')
      assert.equal(patched.activityTypeId, first.activityTypeId)
      const fresh = recordOf<Activity>(await a.patch(`/v1/activities/${second.id}`, { activityTypeKey: 'chat:edit' }), 200, 'activity')
      assert.ok(![first.activityTypeId, other.activityTypeId, elsewhere.activityTypeId].includes(fresh.activityTypeId))
      assert.equal((await createActivity(a, { memberId: memberA.id, activityTypeKey: 'chat:edit' })).activityTypeId, fresh.activityTypeId)
    })

    test('POST /v1/activities backfills createdAt: any offset is converted to UTC, fractions dropped, 1970 at the earliest', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      const cases: Array<[string, string]> = [
        ['2019-07-14T23:30:00-02:00', '2019-07-15T01:30:00Z'],
        ['2019-07-14T10:00:00.999999+05:45', '2019-07-14T04:15:00Z'],
        ['1970-01-01T00:00:00Z', '1970-01-01T00:00:00Z'],
        ['1970-01-01T02:00:00+02:00', '1970-01-01T00:00:00Z']
      ]
      for (const [sent, stored] of cases) {
        const activity = await createActivity(client, { memberId: member.id, createdAt: sent })
        assert.equal(activity.createdAt, stored, sent)
        assert.equal((await getActivity(client, activity.id)).createdAt, stored)
      }
      const recent = wireTimeAgo(1)
      assert.equal((await createActivity(client, { memberId: member.id, createdAt: recent })).createdAt, recent)
    })

    test('POST /v1/activities rejects a createdAt in the future or before 1970, creating nothing', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      const inAnHour = new Date(Date.now() + 3600_000).toISOString()
      for (const createdAt of [inAnHour, '2999-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '1970-01-01T01:59:59+02:00',
        '1900-01-01T00:00:00Z', '2020-01-01', '2020-02-30T00:00:00Z', 'now', 0]) {
        assertBadRequest(await client.post('/v1/activities', { memberId: member.id, activityTypeKey: 'note', createdAt }), 'createdAt')
      }
      assert.equal(await total(client), 0)
    })

    test('POST /v1/activities without memberId or activityTypeKey answers 400 "is required"', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      assertBadRequest(await client.post('/v1/activities', { activityTypeKey: 'note' }), 'memberId', 'is required')
      assertBadRequest(await client.post('/v1/activities', { memberId: member.id }), 'activityTypeKey', 'is required')
      assertBadRequest(await client.post('/v1/activities', { memberId: null, activityTypeKey: 'note' }), 'memberId')
      assertBadRequest(await client.post('/v1/activities', { memberId: member.id, activityTypeKey: null }), 'activityTypeKey')
      assert.equal(await total(client), 0)
    })

    test('POST /v1/activities rejects each invalid or read-only field with 400 naming the field, creating nothing', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      const cases: typeof INVALID_FIELDS = [...INVALID_FIELDS,
        ['empty source', { source: '' }, 'source'],
        ['source of 101 characters', { source: 's'.repeat(101) }, 'source']]
      for (const [name, body, field] of cases) {
        await t.test(name, async () => {
          assertBadRequest(await client.post('/v1/activities', { memberId: member.id, activityTypeKey: 'note', ...body }), field,
            NOT_ALLOWED.has(field) ? 'is not allowed' : undefined)
        })
      }
      assert.equal(await total(client), 0)
    })

    test('POST /v1/activities rejects references to records that are not in the workspace, naming the field', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const member = await createMember(a)
      const foreignMember = await createMember(b)
      const foreignChannel = await createChannel(b)
      const foreignActivity = await createActivity(b, { memberId: foreignMember.id })
      const channel = await createChannel(a)
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ memberId: randomUUID() }, 'memberId'],
        [{ memberId: foreignMember.id }, 'memberId'],
        [{ memberId: channel.id }, 'memberId'],
        [{ channelId: randomUUID() }, 'channelId'],
        [{ channelId: foreignChannel.id }, 'channelId'],
        [{ channelId: member.id }, 'channelId'],
        [{ replyTo: randomUUID() }, 'replyTo'],
        [{ replyTo: foreignActivity.id }, 'replyTo'],
        [{ reactTo: foreignActivity.id }, 'reactTo'],
        [{ reactTo: member.id }, 'reactTo'],
        [{ inviteTo: foreignActivity.id }, 'inviteTo'],
        [{ inviteTo: randomUUID() }, 'inviteTo']
      ]
      for (const [body, field] of cases) {
        assertBadRequest(await a.post('/v1/activities', { memberId: member.id, activityTypeKey: 'note', ...body }), field,
          'does not name a record of this workspace')
      }
      assert.equal(await total(a), 0)
      assert.equal(await total(b), 1)
      // eventId names nothing the service keeps: any uuid will do.
      const eventId = randomUUID()
      assert.equal((await createActivity(a, { memberId: member.id, eventId, channelId: channel.id })).eventId, eventId)
    })

    test('GET /v1/activities/:id answers 404 for an unknown, malformed, other-kind or other-workspace id', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const member = await createMember(a)
      const activity = await createActivity(a, { memberId: member.id })
      for (const id of [randomUUID(), 'not-a-uuid', member.id, activity.id]) assertNotFound(await b.get(`/v1/activities/${id}`))
      assert.deepEqual(await getActivity(a, activity.id), activity)
    })

    test('PATCH /v1/activities/:id changes the fields sent, keeps the omitted ones and clears the null ones', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      const other = await createMember(client, { firstName: 'Other' })
      const channel = await createChannel(client)
      const channel2 = await createChannel(client, { name: 'random' })
      const target = await createActivity(client, { memberId: member.id })
      const target2 = await createActivity(client, { memberId: member.id })
      const activity = await createActivity(client, {
        memberId: member.id,
        title: 'T',
        message: 'M',
        externalId: 'E',
        channelId: channel.id,
        eventId: randomUUID(),
        replyTo: target.id,
        reactTo: target.id,
        inviteTo: target.id,
        source: 'Discord',
        createdAt: '2024-01-01T00:00:00Z'
      })
      const eventId = randomUUID()
      const res = await client.patch(`/v1/activities/${activity.id}`, {
        title: 'T2', memberId: other.id, channelId: channel2.id, eventId, replyTo: target2.id, message: null, inviteTo: null
      })
      const patched = recordOf<Activity>(res, 200, 'activity')
      const expected = {
        ...activity,
        title: 'T2',
        memberId: other.id,
        channelId: channel2.id,
        eventId,
        replyTo: target2.id,
        message: null,
        inviteTo: null,
        updatedAt: patched.updatedAt
      }
      assert.deepEqual(res.json(), { activity: expected })
      assert.deepEqual(await getActivity(client, activity.id), expected)

      const cleared = recordOf<Activity>(await client.patch(`/v1/activities/${activity.id}`, {
        title: null, externalId: null, channelId: null, eventId: null, replyTo: null, reactTo: null
      }), 200, 'activity')
      assert.deepEqual(cleared, {
        ...expected, title: null, externalId: null, channelId: null, eventId: null, replyTo: null, reactTo: null, updatedAt: cleared.updatedAt
      })
      assert.equal(cleared.createdAt, '2024-01-01T00:00:00Z')
      assert.equal(cleared.source, 'Discord')
    })

    test('PATCH /v1/activities/:id with {} answers 200 unchanged; a change moves updatedAt, never createdAt', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      const activity = await createActivity(client, { memberId: member.id, title: 'T' })
      await nextSecond()
      const same = await client.patch(`/v1/activities/${activity.id}`, {})
      assert.equal(same.statusCode, 200)
      assert.deepEqual(same.json(), { activity })
      const changed = recordOf<Activity>(await client.patch(`/v1/activities/${activity.id}`, { title: 'T2' }), 200, 'activity')
      assert.equal(changed.createdAt, activity.createdAt)
      assert.ok(changed.updatedAt > activity.updatedAt, `${changed.updatedAt} > ${activity.updatedAt}`)
      assert.deepEqual(await getActivity(client, activity.id), changed)
    })

    test('PATCH /v1/activities/:id rejects null memberId or activityTypeKey, and each invalid field, leaving it unchanged', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      const activity = await createActivity(client, { memberId: member.id, title: 'T' })
      assertBadRequest(await client.patch(`/v1/activities/${activity.id}`, { memberId: null }), 'memberId')
      assertBadRequest(await client.patch(`/v1/activities/${activity.id}`, { activityTypeKey: null }), 'activityTypeKey')
      const cases: typeof INVALID_FIELDS = [...INVALID_FIELDS,
        ['createdAt', { createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
        ['source', { source: 'Api' }, 'source']]
      for (const [name, body, field] of cases) {
        await t.test(name, async () => {
          assertBadRequest(await client.patch(`/v1/activities/${activity.id}`, { title: 'changed', ...body }), field,
            NOT_ALLOWED_IN_PATCH.has(field) ? 'is not allowed' : undefined)
        })
      }
      assert.deepEqual(await getActivity(client, activity.id), activity)
    })

    test('PATCH /v1/activities/:id rejects references outside the workspace, or to the activity itself, naming the field', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const member = await createMember(a)
      const foreignMember = await createMember(b)
      const foreignChannel = await createChannel(b)
      const foreignActivity = await createActivity(b, { memberId: foreignMember.id })
      const activity = await createActivity(a, { memberId: member.id })
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ memberId: randomUUID() }, 'memberId'],
        [{ memberId: foreignMember.id }, 'memberId'],
        [{ channelId: foreignChannel.id }, 'channelId'],
        [{ channelId: randomUUID() }, 'channelId'],
        [{ replyTo: foreignActivity.id }, 'replyTo'],
        [{ reactTo: randomUUID() }, 'reactTo'],
        [{ inviteTo: foreignActivity.id }, 'inviteTo']
      ]
      for (const [body, field] of cases) {
        assertBadRequest(await a.patch(`/v1/activities/${activity.id}`, { title: 'changed', ...body }), field,
          'does not name a record of this workspace')
      }
      for (const field of ['replyTo', 'reactTo', 'inviteTo']) {
        assertBadRequest(await a.patch(`/v1/activities/${activity.id}`, { [field]: activity.id }), field, 'cannot name the activity itself')
      }
      assert.deepEqual(await getActivity(a, activity.id), activity)
      assert.deepEqual(await getActivity(b, foreignActivity.id), foreignActivity)
    })

    test('PATCH /v1/activities/:id answers 404 for an unknown, malformed or other-workspace id, changing nothing', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const member = await createMember(a)
      const activity = await createActivity(a, { memberId: member.id, title: 'T' })
      const bMember = await createMember(b)
      for (const id of [randomUUID(), 'not-a-uuid', activity.id]) {
        assertNotFound(await b.patch(`/v1/activities/${id}`, { title: 'hijacked' }))
      }
      assertNotFound(await b.patch(`/v1/activities/${activity.id}`, { memberId: bMember.id }))
      assertNotFound(await b.patch(`/v1/activities/${activity.id}`, {}))
      assert.deepEqual(await getActivity(a, activity.id), activity)
    })

    test('GET /v1/activities on an empty workspace answers page 1 of 10 with no activities', async (t) => {
      const app = await buildTestApp(t, store)
      const res = await api(app, randomUUID()).get('/v1/activities')
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { page: 1, pageSize: 10, totalActivities: 0, activities: [] })
    })

    test('GET /v1/activities pages through activities newest first; a page past the end is empty', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      // 25 distinct days, created out of order.
      const days = Array.from({ length: 25 }, (_, i) => (i * 7) % 25 + 1)
      const created: Activity[] = []
      for (const day of days) created.push(await createActivity(client, { memberId: member.id, createdAt: wireTimeAgo(day * DAY) }))
      const sorted = [...created].sort(newestFirst)
      assert.equal(new Set(sorted.map((a) => a.createdAt)).size, 25)

      const page = async (query: string) => {
        const res = await client.get(`/v1/activities${query}`)
        assert.equal(res.statusCode, 200, res.body)
        return res.json()
      }
      assert.deepEqual(await page(''), { page: 1, pageSize: 10, totalActivities: 25, activities: sorted.slice(0, 10) })
      assert.deepEqual(await page('?page=1'), { page: 1, pageSize: 10, totalActivities: 25, activities: sorted.slice(0, 10) })
      assert.deepEqual(await page('?page=2'), { page: 2, pageSize: 10, totalActivities: 25, activities: sorted.slice(10, 20) })
      assert.deepEqual(await page('?page=3&pageSize=10'), { page: 3, pageSize: 10, totalActivities: 25, activities: sorted.slice(20) })
      assert.deepEqual(await page('?page=4'), { page: 4, pageSize: 10, totalActivities: 25, activities: [] })
      assert.deepEqual(await page('?pageSize=100'), { page: 1, pageSize: 100, totalActivities: 25, activities: sorted })
      assert.deepEqual(await page('?pageSize=11&page=2'), { page: 2, pageSize: 11, totalActivities: 25, activities: sorted.slice(11, 22) })
      assert.deepEqual(await page('?page=2&pageSize=20'), { page: 2, pageSize: 20, totalActivities: 25, activities: sorted.slice(20) })
      assert.deepEqual(await page('?page=9007199254740991&pageSize=100'),
        { page: 9007199254740991, pageSize: 100, totalActivities: 25, activities: [] })
    })

    test('GET /v1/activities breaks createdAt ties by id, descending', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const member = await createMember(client)
      const other = await createMember(client, { firstName: 'Other' })
      const created: Activity[] = []
      for (let i = 0; i < 12; i++) {
        created.push(await createActivity(client, { memberId: i % 2 === 0 ? member.id : other.id, createdAt: '2024-05-05T05:05:05Z' }))
      }
      created.push(await createActivity(client, { memberId: member.id, createdAt: '2024-05-05T05:05:06Z' }))
      created.push(await createActivity(client, { memberId: member.id, createdAt: '2024-05-05T05:05:04.999Z' }))
      for (let i = 0; i < 3; i++) created.push(await createActivity(client, { memberId: member.id, createdAt: '2024-05-05T05:05:05.500Z' }))
      const sorted = [...created].sort(newestFirst)
      assert.equal(sorted[0]?.createdAt, '2024-05-05T05:05:06Z')
      assert.equal(sorted.at(-1)?.createdAt, '2024-05-05T05:05:04Z')
      const first = (await client.get('/v1/activities')).json()
      const second = (await client.get('/v1/activities?page=2')).json()
      assert.deepEqual([...first.activities, ...second.activities], sorted)
      assert.deepEqual((await client.get('/v1/activities?pageSize=17')).json().activities, sorted)
    })

    test('GET /v1/activities lists and counts only the token\'s workspace, with updates reflected', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const memberA = await createMember(a)
      const memberB = await createMember(b)
      const mine = [await createActivity(a, { memberId: memberA.id }), await createActivity(a, { memberId: memberA.id })]
      for (let i = 0; i < 11; i++) await createActivity(b, { memberId: memberB.id })
      const patched = recordOf<Activity>(await a.patch(`/v1/activities/${mine[0]!.id}`, { title: 'edited' }), 200, 'activity')
      const res = await a.get('/v1/activities')
      assert.deepEqual(res.json(), { page: 1, pageSize: 10, totalActivities: 2, activities: [mine[1], patched] })
      assert.equal(await total(b), 11)
      assert.deepEqual(await total(api(app, randomUUID())), 0)
    })

    test('GET /v1/activities rejects a page or pageSize out of range, not an integer, or an unknown parameter', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const cases: Array<[string, string]> = [
        ['page=0', 'page'],
        ['page=-1', 'page'],
        ['page=1.5', 'page'],
        ['page=abc', 'page'],
        ['page=', 'page'],
        ['page=1&page=2', 'page'],
        ['page=9007199254740992', 'page'],
        ['pageSize=0', 'pageSize'],
        ['pageSize=9', 'pageSize'],
        ['pageSize=101', 'pageSize'],
        ['pageSize=10.5', 'pageSize'],
        ['pageSize=abc', 'pageSize'],
        ['pageSize=-10', 'pageSize'],
        ['limit=10', 'limit'],
        ['page=1&offset=0', 'offset']
      ]
      for (const [query, field] of cases) {
        await t.test(query, async () => {
          assertBadRequest(await client.get(`/v1/activities?${query}`), field, ['limit', 'offset'].includes(field) ? 'is not allowed' : undefined)
        })
      }
    })
  })
}
