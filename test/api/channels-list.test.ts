import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { buildTestApp, testStores } from '../support/helpers.js'
import {
  assertBadRequest, assertNotFound, client, createActivity, createChannel, createMember, getActivity, idsOf, listOf,
  newestFirst, nextSecond, pageBody, qs, recordOf, sortBy, type Activity, type Channel, type Client
} from '../support/list-support.js'

async function getChannel (api: Client, id: string): Promise<Channel> {
  return recordOf<Channel>(await api.get(`/v1/channels/${id}`), 200, 'channel')
}

const BAD_QUERIES: Array<[string, string, string]> = [
  ['page=0', 'page', 'must be >= 1'],
  ['page=1e', 'page', 'must be an integer written in decimal digits'],
  ['pageSize=9', 'pageSize', 'must be >= 10'],
  ['pageSize=101', 'pageSize', 'must be <= 100'],
  ['pageSize=50.5', 'pageSize', 'must be an integer written in decimal digits'],
  ['q=', 'q', 'must NOT have fewer than 1 characters'],
  [`q=${'g'.repeat(101)}`, 'q', 'must NOT have more than 100 characters'],
  ['q=a&q=b', 'q', 'must be string'],
  ['source=', 'source', 'must NOT have fewer than 1 characters'],
  [`source=${'s'.repeat(101)}`, 'source', 'must NOT have more than 100 characters'],
  ['sort=name', 'sort', 'is not allowed'],
  ['name=general', 'name', 'is not allowed'],
  ['externalId=', 'externalId', 'must NOT have fewer than 1 characters'],
  ['id=42', 'id', 'is not allowed']
]

for (const store of testStores()) {
  describe(`channel list (${store.name})`, () => {
    test('an empty workspace lists no channels', async (t) => {
      const api = client(await buildTestApp(t, store))
      assert.deepEqual(await listOf(api, '/v1/channels'), { page: 1, pageSize: 10, totalChannels: 0, channels: [] })
    })

    test('a listed channel carries exactly the fields of the channel record', async (t) => {
      const api = client(await buildTestApp(t, store))
      const created = await createChannel(api, { name: 'general', externalId: 'C024BE91L', source: 'slack' })
      const plain = await createChannel(api, { name: 'random' })
      const body = await listOf(api, '/v1/channels')
      const records = [
        { id: created.id, externalId: 'C024BE91L', name: 'general', source: 'slack', workspaceId: api.workspaceId, createdAt: created.createdAt, updatedAt: created.updatedAt },
        { id: plain.id, externalId: null, name: 'random', source: 'Api', workspaceId: api.workspaceId, createdAt: plain.createdAt, updatedAt: plain.updatedAt }
      ]
      assert.deepEqual(body, { page: 1, pageSize: 10, totalChannels: 2, channels: newestFirst(records) })
    })

    test('the list is ordered by createdAt desc then id desc', async (t) => {
      const api = client(await buildTestApp(t, store))
      const channels: Channel[] = []
      await nextSecond() // both batches start at a second boundary, so each shares one createdAt
      for (const name of ['b', 'a', 'c']) channels.push(await createChannel(api, { name }))
      await nextSecond()
      for (const name of ['e', 'f', 'd']) channels.push(await createChannel(api, { name }))
      assert.equal(new Set(channels.map((channel) => channel.createdAt)).size, 2)
      assert.deepEqual(await listOf(api, '/v1/channels'), pageBody('channels', 1, 10, 6, newestFirst(channels)))
      // The same order under a filter whose own index does not deliver it.
      assert.deepEqual(await listOf(api, '/v1/channels?q=a'), pageBody('channels', 1, 10, 1, [channels[1]!]))
      assert.deepEqual(await listOf(api, '/v1/channels?source=Api'), pageBody('channels', 1, 10, 6, newestFirst(channels)))
    })

    test('q matches a case-insensitive prefix of the name', async (t) => {
      const api = client(await buildTestApp(t, store))
      const general = await createChannel(api, { name: 'General' })
      const help = await createChannel(api, { name: 'general-help', externalId: 'gen' })
      const gen = await createChannel(api, { name: 'gen' })
      await createChannel(api, { name: 'off-topic-general', source: 'general' })
      const cases: Array<[string, Channel[]]> = [
        ['gen', [general, help, gen]],
        ['GEN', [general, help, gen]],
        ['General', [general, help]],
        ['general-', [help]],
        ['GENERAL-HELP', [help]],
        ['help', []],
        ['eneral', []],
        ['%', []],
        ['_', []]
      ]
      for (const [q, channels] of cases) {
        assert.deepEqual(await listOf(api, `/v1/channels?${qs({ q })}`), pageBody('channels', 1, 10, channels.length, newestFirst(channels)), q)
      }
    })

    test('source matches the source exactly', async (t) => {
      const api = client(await buildTestApp(t, store))
      const discord = await createChannel(api, { name: 'general', source: 'discord' })
      const capital = await createChannel(api, { name: 'general', source: 'Discord' })
      const slack = await createChannel(api, { name: 'general', source: 'slack' })
      const api1 = await createChannel(api, { name: 'general' })
      const cases: Array<[string, Channel[]]> = [
        ['discord', [discord]],
        ['Discord', [capital]],
        ['slack', [slack]],
        ['Api', [api1]],
        ['disc', []],
        ['discord ', []],
        ['github', []]
      ]
      for (const [source, channels] of cases) {
        assert.deepEqual(await listOf(api, `/v1/channels?${qs({ source })}`), pageBody('channels', 1, 10, channels.length, newestFirst(channels)), source)
      }
    })

    test('23 matches of q and source at pageSize 10 come in pages of 10, 10 and 3, then an empty page', async (t) => {
      const api = client(await buildTestApp(t, store))
      const matching: Channel[] = []
      for (let i = 0; i < 23; i++) {
        matching.push(await createChannel(api, { name: `dev-${i}`, source: 'discord' }))
        // Noise each filter alone would let through.
        if (i % 5 === 0) await createChannel(api, { name: `dev-${i}`, source: 'slack' })
        if (i % 5 === 1) await createChannel(api, { name: `ops-${i}`, source: 'discord' })
      }
      const expected = newestFirst(matching)
      const pages = [expected.slice(0, 10), expected.slice(10, 20), expected.slice(20), []]
      for (const [index, records] of pages.entries()) {
        const page = index + 1
        assert.deepEqual(await listOf(api, `/v1/channels?q=dev&source=discord&page=${page}`), pageBody('channels', page, 10, 23, records))
      }
      assert.deepEqual(await listOf(api, '/v1/channels?q=dev&source=discord&pageSize=20&page=2'), pageBody('channels', 2, 20, 23, expected.slice(20)))
      assert.equal((await listOf(api, '/v1/channels?q=dev')).totalChannels, 28)
      assert.equal((await listOf(api, '/v1/channels?source=discord')).totalChannels, 28)
      assert.equal((await listOf(api, '/v1/channels')).totalChannels, 33)
    })

    test('a bad query parameter answers 400 naming the parameter', async (t) => {
      const api = client(await buildTestApp(t, store))
      for (const [query, field, message] of BAD_QUERIES) {
        assertBadRequest(await api.get(`/v1/channels?${query}`), field, message)
      }
    })

    test('a workspace lists only its own channels, whatever the filter', async (t) => {
      const app = await buildTestApp(t, store)
      const a = client(app)
      const b = client(app)
      for (const name of ['general', 'gen-help', 'random']) await createChannel(a, { name, source: 'discord' })
      const own = await createChannel(b, { name: 'news' })
      assert.deepEqual(await listOf(b, '/v1/channels'), pageBody('channels', 1, 10, 1, [own]))
      for (const query of ['q=gen', 'source=discord', 'q=r&source=discord']) {
        assert.deepEqual(await listOf(b, `/v1/channels?${query}`), pageBody('channels', 1, 10, 0, []), query)
      }
      assert.equal((await listOf(a, '/v1/channels')).totalChannels, 3)
    })
  })

  describe(`channel delete (${store.name})`, () => {
    test('DELETE answers {success: true}; the channel is gone from GET and the list, and a second DELETE is a 404', async (t) => {
      const api = client(await buildTestApp(t, store))
      const kept = await createChannel(api, { name: 'general', source: 'discord' })
      const channel = await createChannel(api, { name: 'general-help', source: 'discord' })
      const res = await api.delete(`/v1/channels/${channel.id}`)
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { success: true })
      assertNotFound(await api.get(`/v1/channels/${channel.id}`))
      assertNotFound(await api.patch(`/v1/channels/${channel.id}`, { name: 'back' }))
      assertNotFound(await api.delete(`/v1/channels/${channel.id}`))
      assert.deepEqual(await listOf(api, '/v1/channels'), pageBody('channels', 1, 10, 1, [kept]))
      assert.deepEqual(await listOf(api, '/v1/channels?q=general'), pageBody('channels', 1, 10, 1, [kept]))
      assert.deepEqual(await listOf(api, '/v1/channels?source=discord'), pageBody('channels', 1, 10, 1, [kept]))
      assert.deepEqual(await getChannel(api, kept.id), kept)
    })

    test('deleting a channel clears channelId on its activities and keeps them, and no other activity changes', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, { firstName: 'Ada' })
      const doomed = await createChannel(api, { name: 'general' })
      const kept = await createChannel(api, { name: 'random' })
      const inDoomed: Activity[] = []
      const others: Activity[] = []
      for (let i = 0; i < 6; i++) {
        const createdAt = `2026-03-0${1 + i}T00:00:00Z`
        inDoomed.push(await createActivity(api, { memberId: member.id, activityTypeKey: 'post', channelId: doomed.id, createdAt }))
        others.push(await createActivity(api, { memberId: member.id, activityTypeKey: 'post', channelId: i % 2 === 0 ? kept.id : null, createdAt }))
      }
      const memberBefore = recordOf<object>(await api.get(`/v1/members/${member.id}`), 200, 'member')

      assert.deepEqual((await api.delete(`/v1/channels/${doomed.id}`)).json(), { success: true })
      for (const activity of inDoomed) {
        const now = await getActivity(api, activity.id)
        assert.deepEqual(now, { ...activity, channelId: null, updatedAt: now.updatedAt })
        assert.ok(now.updatedAt >= activity.updatedAt)
      }
      for (const activity of others) assert.deepEqual(await getActivity(api, activity.id), activity)
      assert.deepEqual(await listOf(api, `/v1/activities?channelId=${doomed.id}`), pageBody('activities', 1, 10, 0, []))
      assert.deepEqual(await idsOf(api, `/v1/activities?channelId=${kept.id}`),
        sortBy(others.filter((activity) => activity.channelId === kept.id), (activity) => activity.createdAt, 'desc').map((a) => a.id))
      assert.equal((await listOf(api, '/v1/activities')).totalActivities, 12)
      assert.deepEqual(recordOf<object>(await api.get(`/v1/members/${member.id}`), 200, 'member'), memberBefore)
      // The activities can point at a new channel again.
      const channel = await createChannel(api, { name: 'general' })
      const res = await api.patch(`/v1/activities/${inDoomed[0]!.id}`, { channelId: channel.id })
      assert.equal(res.statusCode, 200)
      // A deleted channel can no longer be named by an activity.
      assertBadRequest(await api.patch(`/v1/activities/${inDoomed[1]!.id}`, { channelId: doomed.id }), 'channelId', 'does not name a record of this workspace')
    })

    test('DELETE of an unknown or malformed id is a 404', async (t) => {
      const api = client(await buildTestApp(t, store))
      const channel = await createChannel(api, { name: 'general' })
      for (const id of [randomUUID(), 'general', '1', `${channel.id}0`]) assertNotFound(await api.delete(`/v1/channels/${id}`))
      assert.deepEqual(await getChannel(api, channel.id), channel)
    })

    test('another workspace cannot delete a channel: 404, and the channel and its activities stay as they were', async (t) => {
      const app = await buildTestApp(t, store)
      const a = client(app)
      const b = client(app)
      const channel = await createChannel(a, { name: 'general', source: 'discord' })
      const member = await createMember(a, { firstName: 'Ada' })
      const activity = await createActivity(a, { memberId: member.id, activityTypeKey: 'post', channelId: channel.id })
      assertNotFound(await b.delete(`/v1/channels/${channel.id}`))
      assertNotFound(await b.get(`/v1/channels/${channel.id}`))
      assert.deepEqual(await getChannel(a, channel.id), channel)
      assert.deepEqual(await getActivity(a, activity.id), activity)
      assert.deepEqual(await listOf(a, '/v1/channels'), pageBody('channels', 1, 10, 1, [channel]))
      assert.deepEqual(await listOf(b, '/v1/channels'), pageBody('channels', 1, 10, 0, []))
      assert.deepEqual(await listOf(b, `/v1/activities?channelId=${channel.id}`), pageBody('activities', 1, 10, 0, []))
    })
  })
}
