import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { DEFAULT_LEVEL_THRESHOLDS, inWindow, levelOf } from '../../src/domain/engagement.js'
import { nowSeconds, toEpochSeconds } from '../../src/domain/time.js'
import type { Activity } from '../../src/schemas/activities.js'
import type { Member } from '../../src/schemas/members.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import {
  api, buildTestApp, createActivity, createMember, newWorkspace, postgresAvailable, postgresFastPaths, postgresSchema, recordOf,
  testStores, wireTimeAgo, type Api
} from '../support/helpers.js'

// Many writers at once on the same few members: activity creates (with backfilled times, so first/last move),
// moves of activities between members, and member deletes that take their activities with them. Afterwards
// every derived value must equal a recount of what is actually stored. On PostgreSQL the requests really run in
// parallel (a pool of 10 connections); the SQLite run checks the same rules on the same workload.

const KEPT = 3
const DOOMED = 3
const SEEDED_PER_MEMBER = 6
const CREATES = 150
const MOVES = 90

interface Outcome {
  workspaceId: string
  kept: Member[]
  doomed: Member[]
}

const pick = <T> (items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!
const DAYS = 24 * 3600
// Up to 400 days back, never within 10 days of the 90-day edge of the engagement window: which activities count
// toward pulse cannot change while the test runs.
const randomPast = () => wireTimeAgo(Math.floor(Math.random() < 0.5 ? Math.random() * 80 * DAYS : (100 + Math.random() * 300) * DAYS))

async function concurrentWriters (app: FastifyInstance): Promise<Outcome> {
  const workspaceId = newWorkspace()
  const client = api(app, workspaceId)
  const kept = await Promise.all(Array.from({ length: KEPT }, () => createMember(client)))
  const doomed = await Promise.all(Array.from({ length: DOOMED }, () => createMember(client)))
  const everyone = [...kept, ...doomed]
  const seeded = await Promise.all(everyone.flatMap((member) => Array.from({ length: SEEDED_PER_MEMBER }, () =>
    createActivity(client, { memberId: member.id, createdAt: randomPast() }))))

  const work: Array<() => Promise<void>> = []
  for (let i = 0; i < CREATES; i++) {
    work.push(async () => {
      const memberId = pick(everyone).id
      // A third of them reply to a seeded activity, which a member delete may remove before or after.
      const replyTo = i % 3 === 0 ? { replyTo: pick(seeded).id } : {}
      const res = await client.post('/v1/activities', {
        activityTypeKey: pick(['a', 'b']), memberId, createdAt: randomPast(), ...replyTo
      })
      if (res.statusCode === 201) return
      // 400 only when the member, or the activity replied to, was deleted before the create got to it.
      assert.equal(res.statusCode, 400, res.body)
      const field = (res.json() as { details: Array<{ field: string }> }).details[0]?.field
      assert.ok(field === 'replyTo' || (field === 'memberId' && doomed.some((m) => m.id === memberId)), res.body)
    })
  }
  for (let i = 0; i < MOVES; i++) {
    work.push(async () => {
      const activity = pick(seeded)
      const memberId = pick(everyone).id
      const res = await client.patch(`/v1/activities/${activity.id}`, { memberId })
      // 404: the activity went with its deleted member; 400: the target member is gone.
      assert.ok([200, 400, 404].includes(res.statusCode), res.body)
    })
  }
  for (const member of doomed) {
    work.push(async () => {
      const res = await client.delete(`/v1/members/${member.id}`)
      assert.equal(res.statusCode, 200, res.body)
    })
  }
  // Deletes land in the middle of the stream, not all at its start or end.
  work.sort(() => Math.random() - 0.5)
  await Promise.all(work.map(async (run) => await run()))
  return { workspaceId, kept, doomed }
}

/** Every activity of the workspace, read through the list a page at a time. */
async function listAll (client: Api): Promise<{ total: number, activities: Activity[] }> {
  const activities: Activity[] = []
  let total = -1
  for (let page = 1; ; page++) {
    const res = await client.get(`/v1/activities?page=${page}&pageSize=100`)
    assert.equal(res.statusCode, 200, res.body)
    const body = res.json() as { totalActivities: number, activities: Activity[] }
    total = body.totalActivities
    activities.push(...body.activities)
    if (body.activities.length < 100) break
  }
  return { total, activities }
}

async function assertRecount (app: FastifyInstance, { workspaceId, kept, doomed }: Outcome): Promise<Map<string, number>> {
  const client = api(app, workspaceId)
  const { total, activities } = await listAll(client)
  assert.equal(total, activities.length, 'totalActivities equals the number of activities listed')
  assert.equal(new Set(activities.map((a) => a.id)).size, activities.length, 'no activity listed twice')

  const counts = new Map<string, number>()
  for (const member of kept) {
    const own = activities.filter((a) => a.memberId === member.id)
    counts.set(member.id, own.length)
    const times = own.map((a) => a.createdAt).sort()
    // Every type has its first use's 1 point: pulse is the number of the member's activities of the last 90 days.
    const now = nowSeconds()
    const pulse = own.filter((a) => inWindow(toEpochSeconds(a.createdAt), now)).length
    const got = recordOf<Member>(await client.get(`/v1/members/${member.id}`), 200, 'member')
    assert.equal(got.firstActivity, times[0] ?? null, `firstActivity of member ${member.id}`)
    assert.equal(got.lastActivity, times.at(-1) ?? null, `lastActivity of member ${member.id}`)
    assert.equal(got.pulse, pulse, `pulse of member ${member.id}`)
    assert.equal(got.level, levelOf(pulse, DEFAULT_LEVEL_THRESHOLDS), `level of member ${member.id}`)
  }
  for (const member of doomed) {
    assert.equal((await client.get(`/v1/members/${member.id}`)).statusCode, 404)
  }
  const keptIds = new Set(kept.map((m) => m.id))
  assert.ok(activities.every((a) => keptIds.has(a.memberId)), 'every remaining activity belongs to a remaining member')
  const ids = new Set(activities.map((a) => a.id))
  assert.ok(activities.every((a) => a.replyTo === null || ids.has(a.replyTo)), 'no reply names a removed activity')
  assert.equal([...counts.values()].reduce((a, b) => a + b, 0), activities.length)
  return counts
}

for (const store of testStores()) {
  describe(`concurrent writers (${store.name})`, () => {
    test('member first/last activity, pulse and totalActivities equal a recount after concurrent creates, moves and member deletes', { timeout: 60_000 }, async (t) => {
      const app = await buildTestApp(t, store)
      await assertRecount(app, await concurrentWriters(app))
    })
  })
}

describe('concurrent writers (postgres, stored counters)', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, () => {
  test('activity_count of each member and the workspace counters equal COUNT(*) of the rows', { timeout: 60_000 }, async (t) => {
    const schema = await postgresSchema()
    const app = await buildTestApp(t, {
      name: 'postgres',
      open: async () => await openPostgresStore(schema.url, { poolSize: 10, statementTimeoutMs: 10_000, fastPaths: postgresFastPaths })
    })
    t.after(async () => await schema.drop())
    const outcome = await concurrentWriters(app)
    const counts = await assertRecount(app, outcome)

    const members = await schema.sql<Array<{ id: string, activity_count: number, actual: number }>>`
      SELECT m.id, m.activity_count, (SELECT count(*) FROM activities a
        WHERE a.workspace_id = m.workspace_id AND a.member_id = m.id)::int AS actual
      FROM members m WHERE m.workspace_id = ${outcome.workspaceId}`
    assert.equal(members.length, KEPT)
    for (const member of members) {
      assert.equal(member.activity_count, member.actual, `activity_count of member ${member.id}`)
      assert.equal(member.actual, counts.get(member.id))
    }
    const totals = await schema.sql<Array<{ kind: string, stored: number, actual: number }>>`
      SELECT kind, sum(n)::int AS stored, CASE kind
        WHEN 'activities' THEN (SELECT count(*) FROM activities WHERE workspace_id = ${outcome.workspaceId})
        WHEN 'members' THEN (SELECT count(*) FROM members WHERE workspace_id = ${outcome.workspaceId}) END::int AS actual
      FROM workspace_counters WHERE workspace_id = ${outcome.workspaceId} GROUP BY kind ORDER BY kind`
    assert.deepEqual(totals.map((row) => [row.kind, row.stored]), totals.map((row) => [row.kind, row.actual]))
    assert.deepEqual(totals.map((row) => row.kind), ['activities', 'members'])
  })
})

// A change of points and an activity write that read the old points must not both commit unseen by the other (the
// member would keep a pulse of the old points as if exact): the change holds the workspace's points lock
// exclusively from before it marks members stale, every activity write holds it shared from before it reads
// points. Held here by hand, as a change in flight would hold it, each kind of write waits for it.
describe('points changes and activity writes (postgres)', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, () => {
  test('every activity write waits while a change of points holds the workspace, and then gains the new points', { timeout: 60_000 }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 10_000, fastPaths: postgresFastPaths })
    t.after(async () => await store.close())
    const workspaceId = newWorkspace()
    const [member, other] = await Promise.all([
      store.members.create(workspaceId, { firstName: 'Ada' } as never),
      store.members.create(workspaceId, { firstName: 'Grace' } as never)
    ])
    const first = await store.activities.create(workspaceId, { memberId: member.id, activityTypeKey: 'message' } as never)
    const [type] = await schema.sql<Array<{ id: string }>>`SELECT id FROM activity_types WHERE workspace_id = ${workspaceId}`

    // Each write, and the member whose stored pulse it raises by the activity's points.
    const writes: Array<[string, string, () => Promise<unknown>]> = [
      ['create', member.id, async () => await store.activities.create(workspaceId, { memberId: member.id, activityTypeKey: 'message' } as never)],
      ['bulk', member.id, async () => await store.activities.putMany(workspaceId, [{ memberId: member.id, activityTypeKey: 'message' }] as never)],
      ['move', other.id, async () => await store.activities.update(workspaceId, first.id, { memberId: other.id } as never)]
    ]
    const storedPulse = async (id: string) => (await schema.sql<Array<{ pulse: number }>>`SELECT pulse FROM members WHERE id = ${id}`)[0]!.pulse
    for (const [i, [kind, gainer, write]] of writes.entries()) {
      const points = 10 + i
      const before = await storedPulse(gainer)
      const changed = await schema.sql.reserve()
      try {
        await changed`BEGIN`
        await changed`SELECT pg_advisory_xact_lock(730147, hashtext(${workspaceId}::text))`
        let settled = false
        const writing = write().finally(() => { settled = true })
        await new Promise((resolve) => setTimeout(resolve, 300))
        assert.equal(settled, false, `${kind}: written while a change of points held the workspace`)
        await changed`UPDATE activity_types SET points = ${points} WHERE id = ${type!.id}`
        await changed`COMMIT`
        await writing
      } finally {
        changed.release()
      }
      assert.equal(await storedPulse(gainer), before + points, `${kind}: the activity gave the points of after the change`)
    }
  })
})
