import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import {
  api, assertBadRequest, assertNotFound, createActivity, createChannel, createMember, newWorkspace, recordOf, testStores,
  UUID, type Api, type Response
} from '../support/helpers.js'
import { clockedApp, createType, getType, START, wire, type ActivityType } from '../support/engagement-support.js'

// Activity types (issue 15): records with points, per-channel overrides, made on a key's first use.

/** Asserts a 409 CONFLICT whose one detail names `field` (and the record in the way, when `id` is given). */
function assertConflict (res: Response, field: string, id?: string): void {
  assert.equal(res.statusCode, 409, res.body)
  const body = res.json() as { code: string, error: string, details: Array<{ field: string, message: string, id?: string }> }
  assert.deepEqual({ code: body.code, error: body.error }, { code: 'CONFLICT', error: 'Conflict' })
  assert.equal(body.details.length, 1, res.body)
  const [detail] = body.details
  assert.equal(detail?.field, field, res.body)
  assert.ok(typeof detail.message === 'string' && detail.message.length > 0, res.body)
  if (id !== undefined) assert.deepEqual(detail, { field, message: detail.message, id }, res.body)
}

async function listTypes (client: Api, query = ''): Promise<{ page: number, pageSize: number, totalActivityTypes: number, activityTypes: ActivityType[] }> {
  const res = await client.get(`/v1/activity-types${query === '' ? '' : `?${query}`}`)
  assert.equal(res.statusCode, 200, res.body)
  const body = res.json() as { page: number, pageSize: number, totalActivityTypes: number, activityTypes: ActivityType[] }
  assert.deepEqual(Object.keys(body), ['page', 'pageSize', 'totalActivityTypes', 'activityTypes'])
  return body
}

const keysOf = (types: readonly ActivityType[]) => types.map((type) => type.key)
const byKey = (keys: readonly string[]) => [...keys].sort((a, b) => a < b ? -1 : a > b ? 1 : 0)

// [what, body, field named]: each refused by POST (with a key) and PATCH alike.
const INVALID_FIELDS: Array<[string, Record<string, unknown>, string]> = [
  ['points below 0', { points: -1 }, 'points'],
  ['points above 100', { points: 101 }, 'points'],
  ['points not an integer', { points: 1.5 }, 'points'],
  ['points as text', { points: '5' }, 'points'],
  ['points null', { points: null }, 'points'],
  ['an empty name', { name: '' }, 'name'],
  ['a name of 1001 characters', { name: 'n'.repeat(1001) }, 'name'],
  ['name null', { name: null }, 'name'],
  ['channelPoints not a list', { channelPoints: { channelId: randomUUID(), points: 1 } }, 'channelPoints'],
  ['channelPoints null', { channelPoints: null }, 'channelPoints'],
  ['101 overrides', { channelPoints: Array.from({ length: 101 }, () => ({ channelId: randomUUID(), points: 1 })) }, 'channelPoints'],
  ['an override without channelId', { channelPoints: [{ points: 1 }] }, 'channelPoints.0.channelId'],
  ['an override without points', { channelPoints: [{ channelId: randomUUID() }] }, 'channelPoints.0.points'],
  ['an override of 101 points', { channelPoints: [{ channelId: randomUUID(), points: 101 }] }, 'channelPoints.0.points'],
  ['an override of -1 points', { channelPoints: [{ channelId: randomUUID(), points: -1 }] }, 'channelPoints.0.points'],
  ['an override of 2.5 points', { channelPoints: [{ channelId: randomUUID(), points: 2.5 }] }, 'channelPoints.0.points'],
  ['an override whose channelId is not a uuid', { channelPoints: [{ channelId: 'general', points: 1 }] }, 'channelPoints.0.channelId'],
  ['an override with another field', { channelPoints: [{ channelId: randomUUID(), points: 1, name: 'x' }] }, 'channelPoints.0.name'],
  ['an unknown field', { weight: 3 }, 'weight'],
  ['id', { id: randomUUID() }, 'id'],
  ['workspaceId', { workspaceId: randomUUID() }, 'workspaceId'],
  ['createdAt', { createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
  ['updatedAt', { updatedAt: '2020-01-01T00:00:00Z' }, 'updatedAt']
]

const INVALID_KEYS: Array<[string, Record<string, unknown>, string?]> = [
  ['no key', { name: 'Message' }, 'is required'],
  ['an empty key', { key: '' }],
  ['a key in upper case', { key: 'Message' }],
  ['a key with a space', { key: 'a b' }],
  ['a key of 101 characters', { key: 'k'.repeat(101) }],
  ['a key as a number', { key: 7 }],
  ['key null', { key: null }]
]

for (const store of testStores()) {
  describe(`activity types (${store.name})`, () => {
    test('POST with a key alone answers 201 with the defaults: the key as name, 1 point, no override', async (t) => {
      const { client, workspaceId } = await clockedApp(t, store)
      const res = await client.post('/v1/activity-types', { key: 'message' })
      const type = recordOf<ActivityType>(res, 201, 'activityType')
      assert.match(type.id, UUID)
      assert.deepEqual(res.json(), {
        activityType: { id: type.id, key: 'message', name: 'message', points: 1, channelPoints: [], workspaceId, createdAt: wire(START), updatedAt: wire(START) }
      })
      assert.deepEqual(await getType(client, type.id), type)
    })

    test('POST keeps every field it is given, the overrides in their order; 0 and 100 points are allowed', async (t) => {
      const { client, workspaceId } = await clockedApp(t, store)
      const [general, support] = [await createChannel(client, { name: 'general' }), await createChannel(client, { name: 'support' })]
      const channelPoints = [{ channelId: support.id, points: 100 }, { channelId: general.id, points: 0 }]
      const type = await createType(client, { key: 'reply', name: 'Reply in a thread', points: 0, channelPoints })
      assert.deepEqual(type, {
        id: type.id, key: 'reply', name: 'Reply in a thread', points: 0, channelPoints, workspaceId, createdAt: wire(START), updatedAt: wire(START)
      })
      assert.deepEqual(await getType(client, type.id), type)
      assert.equal((await createType(client, { key: 'k'.repeat(100), points: 100, name: 'ß'.repeat(1000) })).points, 100)
      // A channel id in upper case names the same channel, and is answered in lower case.
      const upper = await createType(client, { key: 'upper', channelPoints: [{ channelId: general.id.toUpperCase(), points: 3 }] })
      assert.deepEqual(upper.channelPoints, [{ channelId: general.id, points: 3 }])
    })

    test('a key first used by an activity makes its type with 1 point, the key as name and no override', async (t) => {
      const { client, workspaceId } = await clockedApp(t, store)
      const member = await createMember(client)
      const first = await createActivity(client, { memberId: member.id, activityTypeKey: 'comment' })
      const { activityTypes } = await listTypes(client)
      assert.deepEqual(activityTypes, [{
        id: first.activityTypeId, key: 'comment', name: 'comment', points: 1, channelPoints: [], workspaceId, createdAt: wire(START), updatedAt: wire(START)
      }])
      assert.deepEqual(await getType(client, first.activityTypeId), activityTypes[0])
      const second = await createActivity(client, { memberId: member.id, activityTypeKey: 'comment' })
      assert.equal(second.activityTypeId, first.activityTypeId)
      // A key moved to by an update is a first use too.
      const moved = recordOf<{ activityTypeId: string }>(await client.patch(`/v1/activities/${second.id}`, { activityTypeKey: 'edited' }), 200, 'activity')
      const edited = await getType(client, moved.activityTypeId)
      assert.deepEqual({ key: edited.key, name: edited.name, points: edited.points, channelPoints: edited.channelPoints },
        { key: 'edited', name: 'edited', points: 1, channelPoints: [] })
      assert.equal((await listTypes(client)).totalActivityTypes, 2)
    })

    test('an activity of a key made by POST uses that type, with its points', async (t) => {
      const { client } = await clockedApp(t, store)
      const type = await createType(client, { key: 'message', name: 'Message', points: 6 })
      const activity = await createActivity(client, { memberId: (await createMember(client)).id, activityTypeKey: 'message' })
      assert.equal(activity.activityTypeId, type.id)
      assert.deepEqual(await getType(client, type.id), type)
      assert.deepEqual(keysOf((await listTypes(client)).activityTypes), ['message'])
    })

    test('POST with a key the workspace has answers 409 naming the existing type; another workspace may have it', async (t) => {
      const { app, client } = await clockedApp(t, store)
      const type = await createType(client, { key: 'message', points: 6 })
      assertConflict(await client.post('/v1/activity-types', { key: 'message', points: 3 }), 'key', type.id)
      assert.deepEqual(await getType(client, type.id), type)
      // The same for a type an activity made.
      const made = await createActivity(client, { memberId: (await createMember(client)).id, activityTypeKey: 'reaction' })
      assertConflict(await client.post('/v1/activity-types', { key: 'reaction' }), 'key', made.activityTypeId)
      assert.equal((await listTypes(client)).totalActivityTypes, 2)
      const other = await createType(api(app, newWorkspace()), { key: 'message' })
      assert.notEqual(other.id, type.id)
    })

    test('PATCH changes name, points and channelPoints, which replace the previous list; updatedAt moves', async (t) => {
      const { client, advance } = await clockedApp(t, store)
      const [general, support] = [await createChannel(client, { name: 'general' }), await createChannel(client, { name: 'support' })]
      const type = await createType(client, { key: 'message', channelPoints: [{ channelId: general.id, points: 2 }] })
      advance(60)
      const patch = async (body: Record<string, unknown>) => recordOf<ActivityType>(await client.patch(`/v1/activity-types/${type.id}`, body), 200, 'activityType')
      const pointed = await patch({ points: 7 })
      assert.deepEqual(pointed, { ...type, points: 7, updatedAt: wire(START + 60) })
      advance(60)
      const replaced = await patch({ channelPoints: [{ channelId: support.id, points: 3 }], name: 'Message' })
      assert.deepEqual(replaced, { ...pointed, name: 'Message', channelPoints: [{ channelId: support.id, points: 3 }], updatedAt: wire(START + 120) })
      advance(60)
      assert.deepEqual(await patch({}), replaced)
      const cleared = await patch({ channelPoints: [] })
      assert.deepEqual(cleared, { ...replaced, channelPoints: [], updatedAt: wire(START + 180) })
      assert.deepEqual(await getType(client, type.id), cleared)
      assert.equal(cleared.createdAt, wire(START))
    })

    test('PATCH cannot change the key: 400 naming key, and the type is unchanged', async (t) => {
      const { client } = await clockedApp(t, store)
      const type = await createType(client, { key: 'message' })
      assertBadRequest(await client.patch(`/v1/activity-types/${type.id}`, { key: 'post' }), 'key')
      assertBadRequest(await client.patch(`/v1/activity-types/${type.id}`, { key: 'message', points: 2 }), 'key')
      assert.deepEqual(await getType(client, type.id), type)
    })

    test('an invalid field answers 400 naming it, on POST and PATCH, and nothing changes', async (t) => {
      const { client } = await clockedApp(t, store)
      const type = await createType(client, { key: 'message', points: 6 })
      for (const [, body, field] of INVALID_FIELDS) {
        assertBadRequest(await client.post('/v1/activity-types', { key: 'reply', ...body }), field)
        assertBadRequest(await client.patch(`/v1/activity-types/${type.id}`, body), field)
      }
      for (const [, body, message] of INVALID_KEYS) assertBadRequest(await client.post('/v1/activity-types', body), 'key', message)
      assert.deepEqual((await listTypes(client)).activityTypes, [type])
    })

    test('an override must name a channel of the workspace (400 naming the entry)', async (t) => {
      const { app, client } = await clockedApp(t, store)
      const general = await createChannel(client, { name: 'general' })
      const elsewhere = await createChannel(api(app, newWorkspace()), { name: 'general' })
      const type = await createType(client, { key: 'message' })
      for (const channelId of [randomUUID(), elsewhere.id]) {
        const channelPoints = [{ channelId: general.id, points: 1 }, { channelId, points: 2 }]
        assertBadRequest(await client.post('/v1/activity-types', { key: 'reply', channelPoints }), 'channelPoints.1.channelId')
        assertBadRequest(await client.patch(`/v1/activity-types/${type.id}`, { channelPoints }), 'channelPoints.1.channelId')
      }
      assert.deepEqual((await listTypes(client)).activityTypes, [type])
    })

    test('an override may not name a channel listed before it (400 naming the repeated entry)', async (t) => {
      const { client } = await clockedApp(t, store)
      const [general, support] = [await createChannel(client, { name: 'general' }), await createChannel(client, { name: 'support' })]
      const type = await createType(client, { key: 'message' })
      const lists = [
        [{ channelId: general.id, points: 1 }, { channelId: support.id, points: 2 }, { channelId: general.id, points: 1 }],
        [{ channelId: general.id, points: 1 }, { channelId: support.id, points: 2 }, { channelId: general.id.toUpperCase(), points: 3 }]
      ]
      for (const channelPoints of lists) {
        assertBadRequest(await client.post('/v1/activity-types', { key: 'reply', channelPoints }), 'channelPoints.2.channelId', 'names a channel listed before')
        assertBadRequest(await client.patch(`/v1/activity-types/${type.id}`, { channelPoints }), 'channelPoints.2.channelId', 'names a channel listed before')
      }
      assert.deepEqual((await listTypes(client)).activityTypes, [type])
    })

    test('a type takes up to 100 overrides', async (t) => {
      const { client } = await clockedApp(t, store)
      const channelPoints = []
      for (let i = 0; i < 100; i++) channelPoints.push({ channelId: (await createChannel(client, { name: `c${i}` })).id, points: i })
      const type = await createType(client, { key: 'message', channelPoints })
      assert.deepEqual(type.channelPoints, channelPoints)
      const reversed = [...channelPoints].reverse()
      const patched = recordOf<ActivityType>(await client.patch(`/v1/activity-types/${type.id}`, { channelPoints: reversed }), 200, 'activityType')
      assert.deepEqual(patched.channelPoints, reversed)
      assert.deepEqual((await getType(client, type.id)).channelPoints, reversed)
    })

    test('DELETE removes a type no activity uses; while activities use it, 409', async (t) => {
      const { client } = await clockedApp(t, store)
      const unused = await createType(client, { key: 'unused' })
      assert.deepEqual(recordOf(await client.delete(`/v1/activity-types/${unused.id}`), 200, 'success'), true)
      assertNotFound(await client.get(`/v1/activity-types/${unused.id}`))
      assertNotFound(await client.delete(`/v1/activity-types/${unused.id}`))
      assertNotFound(await client.patch(`/v1/activity-types/${unused.id}`, { points: 2 }))

      const member = await createMember(client)
      const [first, second] = [
        await createActivity(client, { memberId: member.id, activityTypeKey: 'message' }),
        await createActivity(client, { memberId: member.id, activityTypeKey: 'message' })
      ]
      const typeId = first.activityTypeId
      assertConflict(await client.delete(`/v1/activity-types/${typeId}`), 'id')
      assert.equal((await client.delete(`/v1/activities/${first.id}`)).statusCode, 200)
      assertConflict(await client.delete(`/v1/activity-types/${typeId}`), 'id')
      // Moving the last activity to another type frees it.
      assert.equal((await client.patch(`/v1/activities/${second.id}`, { activityTypeKey: 'reply' })).statusCode, 200)
      assert.equal((await client.delete(`/v1/activity-types/${typeId}`)).statusCode, 200)
      assertNotFound(await client.get(`/v1/activity-types/${typeId}`))
      // The key used again makes a new type with the defaults.
      const again = await createActivity(client, { memberId: member.id, activityTypeKey: 'message' })
      assert.notEqual(again.activityTypeId, typeId)
      assert.equal((await getType(client, again.activityTypeId)).points, 1)
    })

    test('deleting a member frees the types only its activities used', async (t) => {
      const { client } = await clockedApp(t, store)
      const [ada, bob] = [await createMember(client, { firstName: 'Ada' }), await createMember(client, { firstName: 'Bob' })]
      const own = await createActivity(client, { memberId: ada.id, activityTypeKey: 'own' })
      const shared = await createActivity(client, { memberId: ada.id, activityTypeKey: 'shared' })
      await createActivity(client, { memberId: bob.id, activityTypeKey: 'shared' })
      assertConflict(await client.delete(`/v1/activity-types/${own.activityTypeId}`), 'id')
      assert.equal((await client.delete(`/v1/members/${ada.id}`)).statusCode, 200)
      assert.equal((await client.delete(`/v1/activity-types/${own.activityTypeId}`)).statusCode, 200)
      assertConflict(await client.delete(`/v1/activity-types/${shared.activityTypeId}`), 'id')
    })

    test('deleting a channel removes its overrides from every type', async (t) => {
      const { client } = await clockedApp(t, store)
      const [general, support] = [await createChannel(client, { name: 'general' }), await createChannel(client, { name: 'support' })]
      const both = await createType(client, { key: 'message', channelPoints: [{ channelId: general.id, points: 2 }, { channelId: support.id, points: 3 }] })
      const one = await createType(client, { key: 'reply', channelPoints: [{ channelId: general.id, points: 5 }] })
      assert.equal((await client.delete(`/v1/channels/${general.id}`)).statusCode, 200)
      assert.deepEqual((await getType(client, both.id)).channelPoints, [{ channelId: support.id, points: 3 }])
      assert.deepEqual((await getType(client, one.id)).channelPoints, [])
      assert.deepEqual((await listTypes(client)).activityTypes.map((type) => type.channelPoints),
        [[{ channelId: support.id, points: 3 }], []])
      // The deleted channel is no longer one an override may name.
      assertBadRequest(await client.patch(`/v1/activity-types/${one.id}`, { channelPoints: [{ channelId: general.id, points: 1 }] }), 'channelPoints.0.channelId')
    })

    test('an id that is unknown, not a uuid, or of another workspace answers 404 to GET, PATCH and DELETE', async (t) => {
      const { app, client } = await clockedApp(t, store)
      const otherClient = api(app, newWorkspace())
      const other = await createType(otherClient, { key: 'message', points: 4 })
      for (const id of [randomUUID(), 'not-a-uuid', other.id, other.id.toUpperCase()]) {
        assertNotFound(await client.get(`/v1/activity-types/${id}`))
        assertNotFound(await client.patch(`/v1/activity-types/${id}`, { points: 9 }))
        assertNotFound(await client.delete(`/v1/activity-types/${id}`))
      }
      assert.deepEqual(await getType(otherClient, other.id), other)
      assert.deepEqual(await listTypes(client), { page: 1, pageSize: 10, totalActivityTypes: 0, activityTypes: [] })
    })

    test('the list is by key ascending, in byte order; q is a prefix of the key; totals count what q matches', async (t) => {
      const { app, client } = await clockedApp(t, store)
      const member = await createMember(client)
      // Punctuation sorts by its code (- . 0-9 : _ a-z), whatever the database's collation.
      const posted = ['reaction', 'react_emoji', 'react.x', 'react-y', 'react:z', 'react0', 'reply', 'message', 'a', 'z9']
      const used = ['0day', 'member_joined', 'react', 'm.x', 'm_y', 'issue-comment', 'pr:merged', 'pr:opened', 'star', 'fork', 'visit', 'b']
      for (const key of posted) await createType(client, { key })
      for (const key of used) await createActivity(client, { memberId: member.id, activityTypeKey: key })
      await createType(api(app, newWorkspace()), { key: 'react-elsewhere' })
      const all = byKey([...posted, ...used])

      const whole = await listTypes(client, 'pageSize=100')
      assert.deepEqual(keysOf(whole.activityTypes), all)
      assert.deepEqual([whole.page, whole.pageSize, whole.totalActivityTypes], [1, 100, 22])
      const first = await listTypes(client)
      assert.deepEqual([first.page, first.pageSize, first.totalActivityTypes, keysOf(first.activityTypes)], [1, 10, 22, all.slice(0, 10)])
      assert.deepEqual(first.activityTypes, whole.activityTypes.slice(0, 10))
      assert.deepEqual(keysOf((await listTypes(client, 'page=2')).activityTypes), all.slice(10, 20))
      const last = await listTypes(client, 'page=3')
      assert.deepEqual([last.totalActivityTypes, keysOf(last.activityTypes)], [22, all.slice(20)])
      assert.deepEqual(await listTypes(client, 'page=4'), { page: 4, pageSize: 10, totalActivityTypes: 22, activityTypes: [] })

      const react = all.filter((key) => key.startsWith('react'))
      for (const [q, keys] of [
        ['react', react], ['REACT', react], ['react_', ['react_emoji']], ['react.', ['react.x']], ['react-', ['react-y']],
        ['m_', ['m_y']], ['m.', ['m.x']], ['pr:', ['pr:merged', 'pr:opened']], ['reaction', ['reaction']], ['%', []], ['r%', []],
        ['zz', []], ['z9', ['z9']]
      ] as const) {
        const body = await listTypes(client, `q=${encodeURIComponent(q)}&pageSize=100`)
        assert.deepEqual([body.totalActivityTypes, keysOf(body.activityTypes)], [keys.length, keys], `q=${q}`)
      }
      const paged = await listTypes(client, 'q=react&page=2&pageSize=10')
      assert.deepEqual([paged.totalActivityTypes, keysOf(paged.activityTypes)], [react.length, react.slice(10)])
    })

    test('a bad list query answers 400 naming the parameter', async (t) => {
      const { client } = await clockedApp(t, store)
      for (const [query, field] of [
        ['page=0', 'page'], ['pageSize=9', 'pageSize'], ['pageSize=101', 'pageSize'], ['pageSize=1e1', 'pageSize'],
        ['q=', 'q'], [`q=${'q'.repeat(101)}`, 'q'], ['sort=key', 'sort'], ['key=message', 'key']
      ]) {
        assertBadRequest(await client.get(`/v1/activity-types?${query}`), field!)
      }
    })
  })
}
