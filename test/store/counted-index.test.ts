import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { createActivities } from '../../src/services/activities.js'
import type { Store } from '../../src/store/types.js'
import { api, buildTestAppWithStore, newWorkspace, testStores, type Api } from '../support/helpers.js'

// Pages found by the counted index (lists without filters, in createdAt order) against the same pages read
// with SQL OFFSET (a filter that matches everything takes that path) and against a model of the live records,
// after random histories: new records at the top, backfills anywhere (with equal createdAt, so ties break by
// id), bulk creates, deletes and member deletes that remove many activities at once, some of them concurrent.
// Blocks of 8 rows make a few hundred records cross every split, close and merge.

const BLOCK_SIZE = 8
const ALL_TIME = 'since=1970-01-01T00:00:00Z'
const BASE = Date.UTC(2025, 0, 1) / 1000

type Command =
  | { kind: 'member' }
  | { kind: 'now', member: number }
  | { kind: 'backfill', member: number, at: number }
  | { kind: 'batch', member: number, ats: number[] }
  | { kind: 'delete', pick: number }
  | { kind: 'deleteMember', pick: number }
  | { kind: 'concurrent', ats: number[], picks: number[] }

// Few distinct times, so many activities share a createdAt.
const at = fc.integer({ min: 0, max: 40 }).map((n) => n * 3600)
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'member' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('now' as const), member: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('backfill' as const), member: fc.nat(), at }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('batch' as const), member: fc.nat(), ats: fc.array(at, { maxLength: 30 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('deleteMember' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('concurrent' as const), ats: fc.array(at, { maxLength: 12 }), picks: fc.array(fc.nat(), { maxLength: 6 }) }), weight: 2 }
)

interface Live {
  id: string
  createdAt: string
  member: string
}

const wire = (seconds: number) => new Date((BASE + seconds) * 1000).toISOString().replace('.000Z', 'Z')
const descending = (a: { createdAt: string, id: string }, b: { createdAt: string, id: string }) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : (a.createdAt < b.createdAt ? 1 : -1)

/** Runs one history in a fresh workspace and keeps the model: the live activities and members. */
async function run (app: FastifyInstance, store: Store, commands: Command[]) {
  const workspaceId = newWorkspace()
  const client = api(app, workspaceId)
  const members: Array<{ id: string, createdAt: string }> = []
  const activities = new Map<string, Live>()
  const addMember = async () => {
    const res = await client.post('/v1/members', { firstName: 'M' })
    assert.equal(res.statusCode, 201)
    members.push(res.json().member)
  }
  const addActivity = async (member: string, seconds?: number) => {
    const body = { memberId: member, activityTypeKey: 'post', ...(seconds === undefined ? {} : { createdAt: wire(seconds) }) }
    const res = await client.post('/v1/activities', body)
    assert.equal(res.statusCode, 201)
    const { id, createdAt } = res.json().activity
    activities.set(id, { id, createdAt, member })
  }
  const removeActivity = async (pick: number) => {
    const live = [...activities.keys()]
    if (live.length === 0) return
    const id = live[pick % live.length]!
    activities.delete(id)
    assert.equal((await client.delete(`/v1/activities/${id}`)).statusCode, 200)
  }

  await addMember()
  for (const step of commands) {
    const member = () => members[(step as { member: number }).member % members.length]!.id
    switch (step.kind) {
      case 'member': await addMember(); break
      case 'now': await addActivity(member()); break
      case 'backfill': await addActivity(member(), step.at); break
      case 'batch': {
        const memberId = member()
        const inputs = step.ats.map((seconds) => ({ memberId, activityTypeKey: 'post', createdAt: wire(seconds) }))
        const ids = await createActivities(store, workspaceId, inputs)
        ids.forEach((id, i) => activities.set(id, { id, createdAt: inputs[i]!.createdAt, member: memberId }))
        break
      }
      case 'delete': await removeActivity(step.pick); break
      case 'deleteMember': {
        if (members.length === 1) break
        const [gone] = members.splice(step.pick % members.length, 1)
        assert.equal((await client.delete(`/v1/members/${gone!.id}`)).statusCode, 200)
        for (const [id, activity] of activities) if (activity.member === gone!.id) activities.delete(id)
        break
      }
      case 'concurrent': {
        const live = [...activities.keys()]
        const picks = [...new Set(step.picks.map((pick) => live.length === 0 ? -1 : pick % live.length))].filter((i) => i >= 0)
        await Promise.all([
          ...step.ats.map(async (seconds, i) => await addActivity(members[i % members.length]!.id, seconds)),
          ...picks.map(async (i) => {
            const id = live[i]!
            activities.delete(id)
            assert.equal((await client.delete(`/v1/activities/${id}`)).statusCode, 200)
          })
        ])
        break
      }
    }
  }
  return { client, members, activities: [...activities.values()] }
}

async function ids (client: Api, url: string, key: string, total: string): Promise<{ total: number, ids: string[] }> {
  const res = await client.get(url)
  assert.equal(res.statusCode, 200, url)
  const body = res.json()
  return { total: body[total], ids: body[key].map((record: { id: string }) => record.id) }
}

/** Every page of the list at `pageSize`, counted against OFFSET and the model. */
async function checkPages (client: Api, list: string, key: string, total: string, expected: string[], pageSize: number, extra = '') {
  const pages = Math.ceil(expected.length / pageSize) + 1
  for (let page = 1; page <= pages; page++) {
    const query = `page=${page}&pageSize=${pageSize}${extra}`
    const counted = await ids(client, `${list}?${query}`, key, total)
    const want = expected.slice((page - 1) * pageSize, page * pageSize)
    assert.deepEqual(counted, { total: expected.length, ids: want }, `${list}?${query}`)
    if (list === '/v1/activities') {
      assert.deepEqual(await ids(client, `${list}?${query}&${ALL_TIME}`, key, total), counted, `${query} by OFFSET`)
    }
  }
}

for (const store of testStores()) {
  describe(`counted list index (${store.name})`, () => {
    test('a member delete takes its rows out of every block they were counted in', async (t) => {
      const { app, store: opened } = await buildTestAppWithStore(t, store, { listBlockSize: BLOCK_SIZE })
      // Two members' activities interleaved over 60 hours: the deleted one's rows sit in every closed block.
      const commands: Command[] = [{ kind: 'member' }]
      for (let hour = 0; hour < 60; hour++) commands.push({ kind: 'backfill', member: hour % 2, at: hour * 3600 })
      commands.push({ kind: 'deleteMember', pick: 1 }, { kind: 'now', member: 0 })
      const { client, activities } = await run(app, opened, commands)
      const expected = activities.sort(descending).map((activity) => activity.id)
      for (const pageSize of [10, 13]) await checkPages(client, '/v1/activities', 'activities', 'totalActivities', expected, pageSize)
    })

    test('pages that lie in the lower half of a block, or end the list, equal the OFFSET pages', async (t) => {
      // Blocks of 32 to 63 rows hold whole pages of 10 and 13 in their lower halves, which PostgreSQL reads
      // upwards from the block's lower boundary; random histories of 8-row blocks rarely make one.
      const { app, store: opened } = await buildTestAppWithStore(t, store, { listBlockSize: 32 })
      const commands: Command[] = [{ kind: 'member' }]
      for (let i = 0; i < 230; i++) commands.push({ kind: 'backfill', member: 0, at: (i % 70) * 3600 })
      for (let i = 0; i < 20; i++) commands.push({ kind: 'delete', pick: i * 7 })
      const { client, activities } = await run(app, opened, commands)
      const expected = activities.sort(descending).map((activity) => activity.id)
      for (const pageSize of [10, 13, 100]) await checkPages(client, '/v1/activities', 'activities', 'totalActivities', expected, pageSize)
    })

    test('rows added one at a time past a full open block, which PostgreSQL counts at one add in several, leave every page exact', async (t) => {
      // Blocks of 128 rows: PostgreSQL asks for the open block's count at one add in two (at 8 rows a block, at every
      // add), so the open block passes full (256) before a write finds it due, and creates keep landing in it.
      const { app, store: opened } = await buildTestAppWithStore(t, store, { listBlockSize: 128 })
      const commands: Command[] = [{ kind: 'member' }]
      for (let i = 0; i < 320; i++) commands.push(i % 16 === 15 ? { kind: 'backfill', member: i, at: i * 600 } : { kind: 'now', member: i })
      for (let i = 0; i < 12; i++) commands.push({ kind: 'delete', pick: i * 23 }, { kind: 'now', member: i })
      const { client, activities } = await run(app, opened, commands)
      const expected = activities.sort(descending).map((activity) => activity.id)
      for (const pageSize of [13, 100]) await checkPages(client, '/v1/activities', 'activities', 'totalActivities', expected, pageSize)
    })

    test('every page of a list equals the OFFSET page and the model, after random histories', async (t) => {
      const { app, store: opened } = await buildTestAppWithStore(t, store, { listBlockSize: BLOCK_SIZE })
      await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 60 }), fc.constantFrom(10, 13, 100), async (commands, pageSize) => {
        const { client, members, activities } = await run(app, opened, commands)
        const expected = activities.sort(descending).map((activity) => activity.id)
        await checkPages(client, '/v1/activities', 'activities', 'totalActivities', expected, pageSize)
        const newest = [...members].sort(descending).map((member) => member.id)
        await checkPages(client, '/v1/members', 'members', 'totalMembers', newest, 10)
        await checkPages(client, '/v1/members', 'members', 'totalMembers', [...newest].reverse(), 10, '&sort=createdAt')
      }), { numRuns: store.name === 'sqlite' ? 40 : 12, includeErrorInReport: true, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH, endOnFailure: true } : {}) })
    })
  })
}
