import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import type { Channel } from '../../src/schemas/channels.js'
import {
  api, assertBadRequest, assertFresh, assertNotFound, buildTestApp, createChannel, createMember, nextSecond, recordOf,
  testStores, type Api
} from '../support/helpers.js'

async function getChannel (client: Api, id: string): Promise<Channel> {
  return recordOf<Channel>(await client.get(`/v1/channels/${id}`), 200, 'channel')
}

/** PATCH answers {channel: [Channel]}: an array holding the one updated channel. */
function patchedChannel (res: { statusCode: number, body: string, json: () => unknown }): Channel {
  assert.equal(res.statusCode, 200, res.body)
  const body = res.json() as { channel: Channel[] }
  assert.deepEqual(Object.keys(body), ['channel'])
  assert.ok(Array.isArray(body.channel), res.body)
  assert.equal(body.channel.length, 1)
  return body.channel[0]!
}

const INVALID_FIELDS: Array<[string, Record<string, unknown>, string]> = [
  ['empty name', { name: '' }, 'name'],
  ['name of 1001 characters', { name: 'n'.repeat(1001) }, 'name'],
  ['name holding U+0000', { name: 'a\u0000' }, 'name'],
  ['name as a number', { name: 1 }, 'name'],
  ['externalId of 1001 characters', { externalId: 'e'.repeat(1001) }, 'externalId'],
  ['externalId as an object', { externalId: { id: 1 } }, 'externalId'],
  ['an unknown field', { topic: 'x' }, 'topic'],
  ['id', { id: randomUUID() }, 'id'],
  ['workspaceId', { workspaceId: randomUUID() }, 'workspaceId'],
  ['createdAt', { createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
  ['updatedAt', { updatedAt: '2020-01-01T00:00:00Z' }, 'updatedAt']
]
const NOT_ALLOWED = new Set(['topic', 'id', 'workspaceId', 'createdAt', 'updatedAt', 'source'])

for (const store of testStores()) {
  describe(`channels (${store.name})`, () => {
    test('POST /v1/channels answers 201 with the whole channel; source defaults to "Api"', async (t) => {
      const app = await buildTestApp(t, store)
      const workspaceId = randomUUID()
      const client = api(app, workspaceId)
      const before = Date.now()
      const res = await client.post('/v1/channels', { name: 'general' })
      const channel = recordOf<Channel>(res, 201, 'channel')
      assertFresh(channel, before)
      assert.deepEqual(res.json(), {
        channel: {
          id: channel.id,
          externalId: null,
          name: 'general',
          source: 'Api',
          workspaceId,
          createdAt: channel.createdAt,
          updatedAt: channel.createdAt
        }
      })
      const full = await createChannel(client, { name: 'dev', externalId: 'C024BE91L', source: 'Slack' })
      assert.deepEqual(full, {
        id: full.id, externalId: 'C024BE91L', name: 'dev', source: 'Slack', workspaceId, createdAt: full.createdAt, updatedAt: full.createdAt
      })
      const nulls = await createChannel(client, { name: 'n', externalId: null, source: null })
      assert.deepEqual([nulls.externalId, nulls.source], [null, 'Api'])
    })

    test('POST /v1/channels accepts a 1000-character name and externalId, and a 100-character source', async (t) => {
      const app = await buildTestApp(t, store)
      const long = 'ß'.repeat(1000)
      const channel = await createChannel(api(app, randomUUID()), { name: long, externalId: long, source: 's'.repeat(100) })
      assert.deepEqual([channel.name, channel.externalId, channel.source], [long, long, 's'.repeat(100)])
    })

    test('POST /v1/channels rejects a body without name, and each invalid field, with 400 naming the field', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      assertBadRequest(await client.post('/v1/channels', {}), 'name', 'is required')
      assertBadRequest(await client.post('/v1/channels', { externalId: 'x' }), 'name', 'is required')
      assertBadRequest(await client.post('/v1/channels', { name: null }), 'name')
      const cases: typeof INVALID_FIELDS = [...INVALID_FIELDS,
        ['empty source', { source: '' }, 'source'],
        ['source of 101 characters', { source: 's'.repeat(101) }, 'source'],
        ['source as a number', { source: 1 }, 'source']]
      for (const [name, body, field] of cases) {
        await t.test(name, async () => {
          assertBadRequest(await client.post('/v1/channels', { name: 'general', ...body }), field,
            NOT_ALLOWED.has(field) && field !== 'source' ? 'is not allowed' : undefined)
        })
      }
    })

    test('GET /v1/channels/:id answers 200 with the channel as a single object', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const channel = await createChannel(client, { name: 'dev', externalId: 'X', source: 'Discord' })
      const res = await client.get(`/v1/channels/${channel.id}`)
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { channel })
    })

    test('GET /v1/channels/:id answers 404 for an unknown, malformed, other-kind or other-workspace id', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const channel = await createChannel(a)
      const member = await createMember(b)
      for (const id of [randomUUID(), 'general', member.id, channel.id]) assertNotFound(await b.get(`/v1/channels/${id}`))
      assert.deepEqual(await getChannel(a, channel.id), channel)
    })

    test('PATCH /v1/channels/:id answers {channel: [the channel]} with the fields sent changed and null ones cleared', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const channel = await createChannel(client, { name: 'dev', externalId: 'X', source: 'Slack' })
      const renamed = patchedChannel(await client.patch(`/v1/channels/${channel.id}`, { name: 'engineering' }))
      assert.deepEqual(renamed, { ...channel, name: 'engineering', updatedAt: renamed.updatedAt })
      assert.deepEqual(await getChannel(client, channel.id), renamed)

      const res = await client.patch(`/v1/channels/${channel.id}`, { externalId: null })
      const cleared = patchedChannel(res)
      assert.deepEqual(res.json(), { channel: [{ ...renamed, externalId: null, updatedAt: cleared.updatedAt }] })
      const both = patchedChannel(await client.patch(`/v1/channels/${channel.id}`, { name: 'eng', externalId: 'Y' }))
      assert.deepEqual(both, { ...channel, name: 'eng', externalId: 'Y', updatedAt: both.updatedAt })
      assert.equal(both.source, 'Slack')
      assert.deepEqual(await getChannel(client, channel.id), both)
    })

    test('PATCH /v1/channels/:id with {} answers 200 unchanged; a change moves updatedAt, never createdAt', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const channel = await createChannel(client)
      await nextSecond()
      const res = await client.patch(`/v1/channels/${channel.id}`, {})
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { channel: [channel] })
      const changed = patchedChannel(await client.patch(`/v1/channels/${channel.id}`, { externalId: 'Z' }))
      assert.equal(changed.createdAt, channel.createdAt)
      assert.ok(changed.updatedAt > channel.updatedAt, `${changed.updatedAt} > ${channel.updatedAt}`)
    })

    test('PATCH /v1/channels/:id rejects null name, source, and each invalid field with 400, leaving the channel unchanged', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const channel = await createChannel(client, { name: 'dev', externalId: 'X' })
      assertBadRequest(await client.patch(`/v1/channels/${channel.id}`, { name: null }), 'name')
      const cases: typeof INVALID_FIELDS = [...INVALID_FIELDS,
        ['source', { source: 'Slack' }, 'source'],
        ['null source', { source: null }, 'source']]
      for (const [name, body, field] of cases) {
        await t.test(name, async () => {
          assertBadRequest(await client.patch(`/v1/channels/${channel.id}`, { externalId: 'changed', ...body }), field,
            NOT_ALLOWED.has(field) ? 'is not allowed' : undefined)
        })
      }
      assert.deepEqual(await getChannel(client, channel.id), channel)
    })

    test('PATCH /v1/channels/:id answers 404 for an unknown, malformed or other-workspace id, changing nothing', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const channel = await createChannel(a)
      for (const id of [randomUUID(), 'general', channel.id]) assertNotFound(await b.patch(`/v1/channels/${id}`, { name: 'taken' }))
      assertNotFound(await b.patch(`/v1/channels/${channel.id}`, {}))
      assert.deepEqual(await getChannel(a, channel.id), channel)
    })
  })
}
