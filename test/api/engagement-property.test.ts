import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { authHeader, buildTestAppWithStore, newWorkspace, recordOf, testStores, type Response } from '../support/helpers.js'

// Engagement against brute force (issue 15, docs/engagement.md): random histories of members, channels and
// activities (now, backfilled, at the window's edges), edits that move an activity to another type, channel or
// member, deletes of activities, members, channels and types, points and overrides changed, thresholds set,
// members excluded and included, and a clock the test moves (by a second, by days, to the very second an
// activity leaves the window). After every step, every member's pulse and level (its record), its explanation,
// its place in both pulse orders (at every page of 10, and filtered by name) and every minLevel's total and
// members must equal what the test computes itself from the activities it made. The brute force below uses
// nothing of src/: it is the issue's rule, written again.
//
// FC_RUNS sets the number of histories per store (unset: a few, so npm test stays quick).

const DAY = 86_400
const WINDOW = 90 * DAY
const DEFAULT_THRESHOLDS = [1, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300]
const TYPE_KEYS = ['message', 'reply', 'reaction', 'star']
// Every history starts here, long enough before the wall clock that no time of a history is in its future.
const START = Date.UTC(2010, 0, 1, 12) / 1000

const RUNS = Number(process.env.FC_RUNS ?? 0)

const toWire = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19) + 'Z'

// ---- Steps ----
//
// Records are named by a number taken modulo the live records of their kind when the step runs (none: the step
// does nothing), so every step stays meaningful while fast-check shrinks the history around it.

type Step =
  | { kind: 'member' }
  | { kind: 'deleteMember', member: number }
  | { kind: 'channel' }
  | { kind: 'deleteChannel', channel: number }
  /** back: seconds before now (null: no createdAt, the server's now). */
  | { kind: 'activity', member: number, type: number, channel: number | null, back: number | null }
  | { kind: 'move', activity: number, member: number }
  | { kind: 'retype', activity: number, type: number }
  | { kind: 'rechannel', activity: number, channel: number | null }
  | { kind: 'deleteActivity', activity: number }
  | { kind: 'points', type: number, points: number }
  | { kind: 'overrides', type: number, overrides: Array<[number, number]> }
  | { kind: 'deleteType', type: number }
  /** null: back to the defaults. */
  | { kind: 'thresholds', thresholds: number[] | null }
  | { kind: 'exclude', member: number, excluded: boolean }
  | { kind: 'tick', seconds: number }
  /** The clock to the second an activity leaves the window, plus offset (when that is not in the past). */
  | { kind: 'toEdge', activity: number, offset: number }
  /** The store's background upkeep, now: stale pulses stored, the pulse order's blocks cut and joined. */
  | { kind: 'upkeep' }

const pick = fc.nat(1000)
const points = fc.constantFrom(0, 1, 2, 3, 5, 6, 10, 100)
// Inside the window, outside it, and at its edge: exactly 90 days back is out, a second later in.
const back = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 120 * DAY }) },
  { weight: 2, arbitrary: fc.constantFrom(0, 1, WINDOW - 1, WINDOW, WINDOW + 1) }
)
const thresholds = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 12, maxLength: 12 })
  .map((steps) => steps.map((_, i) => steps.slice(0, i + 1).reduce((sum, n) => sum + n, 0)))
const seconds = fc.oneof(
  fc.constantFrom(1, 59, 3600, DAY, 30 * DAY, 89 * DAY, 91 * DAY),
  fc.integer({ min: 1, max: 10 * DAY })
)

const memberStep = fc.constant<Step>({ kind: 'member' })
const channelStep = fc.constant<Step>({ kind: 'channel' })
const activityStep = fc.record({ kind: fc.constant('activity' as const), member: pick, type: fc.nat(TYPE_KEYS.length - 1), channel: fc.option(pick), back })
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: memberStep },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteMember' as const), member: pick }) },
  { weight: 1, arbitrary: channelStep },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteChannel' as const), channel: pick }) },
  { weight: 10, arbitrary: activityStep },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), activity: pick, member: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retype' as const), activity: pick, type: fc.nat(TYPE_KEYS.length - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rechannel' as const), activity: pick, channel: fc.option(pick) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteActivity' as const), activity: pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('points' as const), type: fc.nat(TYPE_KEYS.length - 1), points }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('overrides' as const), type: fc.nat(TYPE_KEYS.length - 1), overrides: fc.array(fc.tuple(pick, points), { maxLength: 3 }) })
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteType' as const), type: fc.nat(TYPE_KEYS.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('thresholds' as const), thresholds: fc.option(thresholds) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('exclude' as const), member: pick, excluded: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), seconds }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('toEdge' as const), activity: pick, offset: fc.constantFrom(-1, 0, 1) }) },
  { weight: 2, arbitrary: fc.constant<Step>({ kind: 'upkeep' }) }
)

// A setup, checked once at its end: members (more than a page of 10 now and then, so a page deeper than the first
// is checked), a channel or two, some activities. Then anything, checked after every step.
interface History { setup: Step[], steps: Step[] }
const histories: fc.Arbitrary<History> = fc.tuple(
  fc.integer({ min: 1, max: 25 }),
  fc.integer({ min: 0, max: 2 }),
  fc.array(activityStep, { maxLength: 12 }),
  fc.array(step, { minLength: 1, maxLength: 20 })
).map(([members, channels, activities, steps]) => ({
  setup: [
    ...Array.from({ length: members }, (): Step => ({ kind: 'member' })),
    ...Array.from({ length: channels }, (): Step => ({ kind: 'channel' })),
    ...activities
  ],
  steps
}))

// ---- The model: what the test made, and the rule of the issue applied to it by brute force ----

interface TypeState { id: string, points: number, channelPoints: Array<{ channelId: string, points: number }> }
interface ActivityState { id: string, memberId: string, key: string, channelId: string | null, createdAt: number }
interface MemberState { id: string, name: string, excluded: boolean }

interface Expected {
  memberId: string
  pulse: number
  level: number
  excluded: boolean
  windowStart: string
  windowEnd: string
  breakdown: Array<{ activityTypeId: string, activityTypeKey: string, activities: number, points: number }>
}

class Model {
  thresholds = DEFAULT_THRESHOLDS
  members: MemberState[] = []
  channels: string[] = []
  readonly types = new Map<string, TypeState>()
  activities: ActivityState[] = []
  constructor (public now: number) {}

  pickOf<T> (items: readonly T[], n: number | null): T | undefined {
    return n === null || items.length === 0 ? undefined : items[n % items.length]
  }

  engagement (member: MemberState): Expected {
    const start = this.now - WINDOW
    const byType = new Map<string, Expected['breakdown'][number]>()
    for (const activity of this.activities) {
      if (activity.memberId !== member.id || activity.createdAt <= start || activity.createdAt > this.now) continue
      const type = this.types.get(activity.key)!
      const override = type.channelPoints.find((entry) => entry.channelId === activity.channelId)
      const entry = byType.get(activity.key) ?? { activityTypeId: type.id, activityTypeKey: activity.key, activities: 0, points: 0 }
      entry.activities += 1
      entry.points += override?.points ?? type.points
      byType.set(activity.key, entry)
    }
    const breakdown = [...byType.values()].sort((a, b) => b.points - a.points ||
      (a.activityTypeKey < b.activityTypeKey ? -1 : a.activityTypeKey > b.activityTypeKey ? 1 : 0))
    const pulse = member.excluded ? 0 : breakdown.reduce((sum, entry) => sum + entry.points, 0)
    const level = this.thresholds.filter((threshold) => pulse >= threshold).length
    return { memberId: member.id, pulse, level, excluded: member.excluded, windowStart: toWire(start), windowEnd: toWire(this.now), breakdown }
  }

  removeMember (id: string): void {
    this.members = this.members.filter((member) => member.id !== id)
    this.activities = this.activities.filter((activity) => activity.memberId !== id)
  }

  removeChannel (id: string): void {
    this.channels = this.channels.filter((channel) => channel !== id)
    for (const activity of this.activities) if (activity.channelId === id) activity.channelId = null
    for (const type of this.types.values()) type.channelPoints = type.channelPoints.filter((entry) => entry.channelId !== id)
  }
}

// ---- Running a history ----

type Send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<Response>

function client (app: FastifyInstance, workspaceId: string): Send {
  return async (method, url, payload) => await app.inject({
    method, url, headers: authHeader(workspaceId), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> })
  })
}

interface ActivityBody { id: string, memberId: string, activityTypeId: string, channelId: string | null, createdAt: string }
interface ActivityTypeBody { id: string, key: string, points: number, channelPoints: Array<{ channelId: string, points: number }> }

/** The type of `key` as the server answered it in an activity: the model's, or a new one with 1 point. */
function typeSeen (model: Model, key: string, activity: ActivityBody): void {
  const known = model.types.get(key)
  if (known === undefined) model.types.set(key, { id: activity.activityTypeId, points: 1, channelPoints: [] })
  else assert.equal(activity.activityTypeId, known.id, `activityTypeId of ${key}`)
}

async function setType (send: Send, model: Model, key: string, change: { points?: number, channelPoints?: TypeState['channelPoints'] }): Promise<void> {
  const known = model.types.get(key)
  const type = known === undefined
    ? recordOf<ActivityTypeBody>(await send('POST', '/v1/activity-types', { key, ...change }), 201, 'activityType')
    : recordOf<ActivityTypeBody>(await send('PATCH', `/v1/activity-types/${known.id}`, change), 200, 'activityType')
  const state = known ?? { id: type.id, points: 1, channelPoints: [] }
  Object.assign(state, change)
  model.types.set(key, state)
  assert.equal(type.key, key)
  assert.equal(type.points, state.points)
  const byChannel = (a: { channelId: string }, b: { channelId: string }) => a.channelId < b.channelId ? -1 : 1
  assert.deepEqual([...type.channelPoints].sort(byChannel), [...state.channelPoints].sort(byChannel))
}

async function apply (send: Send, model: Model, step: Step): Promise<void> {
  switch (step.kind) {
    case 'member': {
      // Two names, so a list filtered by name (q) splits the members: its stale ones are those matching it.
      const name = model.members.length % 2 === 0 ? 'Ada' : 'Bob'
      const member = recordOf<{ id: string, pulse: number, level: number }>(await send('POST', '/v1/members', { firstName: name }), 201, 'member')
      assert.deepEqual([member.pulse, member.level], [0, 0])
      model.members.push({ id: member.id, name, excluded: false })
      return
    }
    case 'deleteMember': {
      const member = model.pickOf(model.members, step.member)
      if (member === undefined) return
      recordOf(await send('DELETE', `/v1/members/${member.id}`), 200, 'success')
      model.removeMember(member.id)
      assert.equal((await send('GET', `/v1/members/${member.id}`)).statusCode, 404)
      assert.equal((await send('GET', `/v1/members/${member.id}/engagement`)).statusCode, 404)
      return
    }
    case 'channel': {
      model.channels.push(recordOf<{ id: string }>(await send('POST', '/v1/channels', { name: 'c' }), 201, 'channel').id)
      return
    }
    case 'deleteChannel': {
      const channel = model.pickOf(model.channels, step.channel)
      if (channel === undefined) return
      recordOf(await send('DELETE', `/v1/channels/${channel}`), 200, 'success')
      model.removeChannel(channel)
      return
    }
    case 'activity': {
      const member = model.pickOf(model.members, step.member)
      if (member === undefined) return
      const key = TYPE_KEYS[step.type]!
      const channelId = model.pickOf(model.channels, step.channel) ?? null
      const createdAt = model.now - (step.back ?? 0)
      const activity = recordOf<ActivityBody>(await send('POST', '/v1/activities', {
        memberId: member.id,
        activityTypeKey: key,
        ...(channelId === null ? {} : { channelId }),
        ...(step.back === null ? {} : { createdAt: toWire(createdAt) })
      }), 201, 'activity')
      assert.equal(activity.createdAt, toWire(createdAt), 'createdAt: the backfill, or the store\'s clock')
      typeSeen(model, key, activity)
      model.activities.push({ id: activity.id, memberId: member.id, key, channelId, createdAt })
      return
    }
    case 'move':
    case 'retype':
    case 'rechannel': {
      const activity = model.pickOf(model.activities, step.activity)
      if (activity === undefined) return
      let patch: Record<string, unknown>
      if (step.kind === 'move') {
        const member = model.pickOf(model.members, step.member)!
        patch = { memberId: member.id }
        activity.memberId = member.id
      } else if (step.kind === 'retype') {
        patch = { activityTypeKey: TYPE_KEYS[step.type]! }
        activity.key = TYPE_KEYS[step.type]!
      } else {
        const channelId = model.pickOf(model.channels, step.channel) ?? null
        patch = { channelId }
        activity.channelId = channelId
      }
      const got = recordOf<ActivityBody>(await send('PATCH', `/v1/activities/${activity.id}`, patch), 200, 'activity')
      assert.deepEqual([got.memberId, got.channelId, got.createdAt], [activity.memberId, activity.channelId, toWire(activity.createdAt)])
      typeSeen(model, activity.key, got)
      return
    }
    case 'deleteActivity': {
      const activity = model.pickOf(model.activities, step.activity)
      if (activity === undefined) return
      recordOf(await send('DELETE', `/v1/activities/${activity.id}`), 200, 'success')
      model.activities = model.activities.filter((other) => other.id !== activity.id)
      return
    }
    case 'points':
      await setType(send, model, TYPE_KEYS[step.type]!, { points: step.points })
      return
    case 'overrides': {
      const channelPoints: TypeState['channelPoints'] = []
      for (const [n, value] of step.overrides) {
        const channelId = model.pickOf(model.channels, n)
        if (channelId !== undefined && !channelPoints.some((entry) => entry.channelId === channelId)) channelPoints.push({ channelId, points: value })
      }
      await setType(send, model, TYPE_KEYS[step.type]!, { channelPoints })
      return
    }
    case 'deleteType': {
      const key = TYPE_KEYS[step.type]!
      const type = model.types.get(key)
      if (type === undefined) return
      const res = await send('DELETE', `/v1/activity-types/${type.id}`)
      if (model.activities.some((activity) => activity.key === key)) {
        assert.equal(res.statusCode, 409, `a type in use is not deleted: ${res.body}`)
        assert.equal((res.json() as { code: string }).code, 'CONFLICT')
      } else {
        recordOf(res, 200, 'success')
        model.types.delete(key)
      }
      return
    }
    case 'thresholds': {
      const levelThresholds = step.thresholds ?? DEFAULT_THRESHOLDS
      const settings = recordOf(await send('PUT', '/v1/engagement-settings', { levelThresholds }), 200, 'engagementSettings')
      assert.deepEqual(settings, { levelThresholds })
      assert.deepEqual(recordOf(await send('GET', '/v1/engagement-settings'), 200, 'engagementSettings'), { levelThresholds })
      model.thresholds = levelThresholds
      return
    }
    case 'exclude': {
      const member = model.pickOf(model.members, step.member)
      if (member === undefined) return
      const res = await send('PATCH', `/v1/members/${member.id}/engagement`, { excluded: step.excluded })
      member.excluded = step.excluded
      assert.deepEqual(recordOf(res, 200, 'engagement'), model.engagement(member), 'the answer of PATCH engagement')
      return
    }
    case 'tick':
      model.now += step.seconds
      return
    case 'toEdge': {
      const activity = model.pickOf(model.activities, step.activity)
      if (activity === undefined) return
      model.now = Math.max(model.now, activity.createdAt + WINDOW + step.offset)
    }
  }
}

interface MemberBody { id: string, pulse: number, level: number, firstActivity: string | null, lastActivity: string | null }
interface MemberPage { totalMembers: number, members: MemberBody[] }

const byPulseDesc = (a: Expected, b: Expected) => b.pulse - a.pulse || (a.memberId < b.memberId ? 1 : -1)
const byPulseAsc = (a: Expected, b: Expected) => a.pulse - b.pulse || (a.memberId < b.memberId ? -1 : 1)
const entries = (list: Expected[]) => list.map((e) => `${e.memberId} ${e.pulse}`)
const served = (list: MemberBody[]) => list.map((m) => `${m.id} ${m.pulse}`)

async function list (send: Send, query: string): Promise<MemberPage> {
  const res = await send('GET', `/v1/members?${query}`)
  assert.equal(res.statusCode, 200, `GET /v1/members?${query}: ${res.body}`)
  return res.json() as MemberPage
}

/** Everything the service says of engagement, against the brute force. */
async function check (send: Send, model: Model): Promise<void> {
  const expected = model.members.map((member) => model.engagement(member))
  for (const want of expected) {
    const member = recordOf<MemberBody>(await send('GET', `/v1/members/${want.memberId}`), 200, 'member')
    const times = model.activities.filter((a) => a.memberId === want.memberId).map((a) => a.createdAt).sort((a, b) => a - b)
    assert.deepEqual(
      { pulse: member.pulse, level: member.level, firstActivity: member.firstActivity, lastActivity: member.lastActivity },
      { pulse: want.pulse, level: want.level, firstActivity: times.length === 0 ? null : toWire(times[0]!), lastActivity: times.length === 0 ? null : toWire(times.at(-1)!) },
      `member ${want.memberId}`)
    assert.deepEqual(recordOf(await send('GET', `/v1/members/${want.memberId}/engagement`), 200, 'engagement'), want,
      `engagement of member ${want.memberId}`)
  }

  // Both pulse orders at every page of 10 (ties by id, in the sort's direction; the store's counted blocks are of
  // 2 members, so pages start in many of them) and whole.
  const descending = [...expected].sort(byPulseDesc)
  const ascendingAll = [...expected].sort(byPulseAsc)
  for (const [sort, ordered] of [['-pulse', descending], ['pulse', ascendingAll]] as const) {
    for (let page = 1; page === 1 || (page - 1) * 10 < ordered.length; page++) {
      const got = await list(send, `sort=${sort}&pageSize=10&page=${page}`)
      assert.equal(got.totalMembers, expected.length, `sort=${sort} page ${page}: total`)
      assert.deepEqual(served(got.members), entries(ordered.slice((page - 1) * 10, page * 10)), `sort=${sort} page ${page}`)
      assert.deepEqual(got.members.map((m) => m.level), ordered.slice((page - 1) * 10, page * 10).map((e) => e.level), `sort=${sort} page ${page}: levels`)
    }
  }
  const ascending = await list(send, 'sort=pulse&pageSize=100')
  assert.deepEqual(served(ascending.members), entries(ascendingAll), 'sort=pulse')

  // minLevel at 0, at every level a member has, and one above the highest; sorted by pulse and in the default order.
  const levels = [...new Set([0, 1, ...expected.map((e) => e.level), Math.min(12, Math.max(0, ...expected.map((e) => e.level)) + 1)])].sort((a, b) => a - b)
  for (const level of levels) {
    const matching = descending.filter((e) => e.level >= level)
    const got = await list(send, `minLevel=${level}&sort=-pulse&pageSize=100`)
    assert.equal(got.totalMembers, matching.length, `minLevel=${level}: total`)
    assert.deepEqual(served(got.members), entries(matching), `minLevel=${level}&sort=-pulse`)
  }
  // With another filter: the stale members merged in are only those that match it.
  const named = (name: string) => new Set(model.members.filter((m) => m.name === name).map((m) => m.id))
  const adas = named('Ada')
  const byName = await list(send, 'q=ada&sort=-pulse&pageSize=100')
  assert.equal(byName.totalMembers, adas.size, 'q=ada&sort=-pulse: total')
  assert.deepEqual(served(byName.members), entries(descending.filter((e) => adas.has(e.memberId))), 'q=ada&sort=-pulse')
  const bobs = named('Bob')
  const bobsAbove = [...expected].sort(byPulseAsc).filter((e) => bobs.has(e.memberId) && e.level >= 1)
  const byNameAndLevel = await list(send, 'q=bob&minLevel=1&sort=pulse&pageSize=100')
  assert.equal(byNameAndLevel.totalMembers, bobsAbove.length, 'q=bob&minLevel=1&sort=pulse: total')
  assert.deepEqual(served(byNameAndLevel.members), entries(bobsAbove), 'q=bob&minLevel=1&sort=pulse')

  const level = levels[Math.floor(levels.length / 2)]!
  const unsorted = await list(send, `minLevel=${level}&pageSize=100`)
  assert.equal(unsorted.totalMembers, expected.filter((e) => e.level >= level).length, `minLevel=${level} (default order): total`)
  assert.deepEqual(unsorted.members.map((m) => m.id).sort(), expected.filter((e) => e.level >= level).map((e) => e.memberId).sort(),
    `minLevel=${level} (default order)`)
}

const describeStep = (s: Step) => JSON.stringify(s)

for (const store of testStores()) {
  describe(`engagement against brute force (${store.name})`, () => {
    test('pulse, level, breakdown, pulse order and minLevel equal a recount after every step of a random history', async (t) => {
      let now = START
      const { app, store: opened } = await buildTestAppWithStore(t, store, { clock: () => now, listBlockSize: 2 })
      await fc.assert(fc.asyncProperty(histories, async ({ setup, steps }) => {
        now = START
        const model = new Model(now)
        const send = client(app, newWorkspace())
        const run = async (s: Step | undefined, where: string, checked: boolean) => {
          try {
            if (s?.kind === 'upkeep') await opened.maintain()
            else if (s !== undefined) await apply(send, model, s)
            now = model.now
            if (checked) await check(send, model)
          } catch (error) {
            throw new Error(`${where}${s === undefined ? '' : ` (${describeStep(s)})`}, clock ${toWire(model.now)}:\n${(error as Error).message}`, { cause: error })
          }
        }
        for (const [i, s] of setup.entries()) await run(s, `at setup step ${i + 1} of ${setup.length}`, false)
        await run(undefined, 'after the setup', true)
        for (const [i, s] of steps.entries()) await run(s, `at step ${i + 1} of ${steps.length}`, true)
      }), { numRuns: RUNS || (store.name === 'sqlite' ? 8 : 4), includeErrorInReport: true })
    })
  })
}
