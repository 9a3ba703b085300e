// Shared by the engagement suites: an app whose store reads a clock the test moves, the engagement and the
// member list as the API answers them, and the expected values computed by hand from the model of issue 15.
import assert from 'node:assert/strict'
import type { TestContext } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { ActivityType } from '../../src/schemas/activity-types.js'
import type { EngagementRecord } from '../../src/schemas/engagement.js'
import type { Member } from '../../src/schemas/members.js'
import { api, buildTestAppWithStore, newWorkspace, recordOf, type Api, type TestStore } from './helpers.js'
import { sortBy } from './list-support.js'

export type { ActivityType, EngagementRecord, Member }

export const DAY = 86_400
export const WINDOW = 90 * DAY
/** 2025-10-09T08:53:20Z: every test starts its clock here. */
export const START = 1_760_000_000

export const DEFAULT_THRESHOLDS = [1, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300]

/** Epoch seconds as the API writes them. */
export const wire = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19) + 'Z'

/** The level of a pulse: how many thresholds it reaches. */
export const levelFor = (pulse: number, thresholds: readonly number[] = DEFAULT_THRESHOLDS) =>
  thresholds.filter((threshold) => pulse >= threshold).length

export interface Clocked {
  app: FastifyInstance
  client: Api
  workspaceId: string
  /** The store's time, in epoch seconds: a test moves it forward with `advance`. */
  now (): number
  advance (seconds: number): void
}

/** The app on a fresh store whose clock starts at START and moves only when the test says. */
export async function clockedApp (t: TestContext, store: TestStore): Promise<Clocked> {
  let now = START
  const { app } = await buildTestAppWithStore(t, store, { clock: () => now })
  const workspaceId = newWorkspace()
  return {
    app,
    client: api(app, workspaceId),
    workspaceId,
    now: () => now,
    advance (seconds) { now += seconds }
  }
}

export async function createType (client: Api, body: Record<string, unknown>): Promise<ActivityType> {
  return recordOf<ActivityType>(await client.post('/v1/activity-types', body), 201, 'activityType')
}

export async function getType (client: Api, id: string): Promise<ActivityType> {
  return recordOf<ActivityType>(await client.get(`/v1/activity-types/${id}`), 200, 'activityType')
}

export async function engagementOf (client: Api, memberId: string): Promise<EngagementRecord> {
  return recordOf<EngagementRecord>(await client.get(`/v1/members/${memberId}/engagement`), 200, 'engagement')
}

export async function memberOf (client: Api, id: string): Promise<Member> {
  return recordOf<Member>(await client.get(`/v1/members/${id}`), 200, 'member')
}

/** `count` activities of the member, of the type `key`, at `createdAt` (epoch seconds; the store's now if omitted). */
export async function activities (client: Api, memberId: string, key: string, count = 1,
  options: { createdAt?: number, channelId?: string } = {}): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const body = {
      memberId,
      activityTypeKey: key,
      ...(options.createdAt === undefined ? {} : { createdAt: wire(options.createdAt) }),
      ...(options.channelId === undefined ? {} : { channelId: options.channelId })
    }
    ids.push(recordOf<{ id: string }>(await client.post('/v1/activities', body), 201, 'activity').id)
  }
  return ids
}

/** Every member a list URL answers, through every page of 100. */
export async function listed (client: Api, query: string): Promise<Member[]> {
  const members: Member[] = []
  for (let page = 1; ; page++) {
    const res = await client.get(`/v1/members?${query}&pageSize=100&page=${page}`)
    assert.equal(res.statusCode, 200, res.body)
    const body = res.json() as { totalMembers: number, members: Member[] }
    members.push(...body.members)
    if (body.members.length < 100) {
      assert.equal(body.totalMembers, members.length, `${query}: the total counts what the pages hold`)
      return members
    }
  }
}

/**
 * Asserts what every read shows of the members, given their expected pulses (`thresholds` for the levels): each
 * record, the engagement's pulse and level, both pulse sorts (ties by id in the sort's direction), and `minLevel`
 * at every level that some member has or just misses.
 */
export async function assertShown (client: Api, expected: Record<string, number>, thresholds: readonly number[] = DEFAULT_THRESHOLDS): Promise<void> {
  const level = (id: string) => levelFor(expected[id]!, thresholds)
  for (const id of Object.keys(expected)) {
    const member = await memberOf(client, id)
    assert.deepEqual({ pulse: member.pulse, level: member.level }, { pulse: expected[id], level: level(id) }, `member ${id}`)
    const engagement = await engagementOf(client, id)
    assert.deepEqual({ pulse: engagement.pulse, level: engagement.level }, { pulse: expected[id], level: level(id) }, `engagement of ${id}`)
  }
  const rows = Object.keys(expected).map((id) => ({ id, pulse: expected[id]! }))
  for (const [sort, direction] of [['-pulse', 'desc'], ['pulse', 'asc']] as const) {
    const members = await listed(client, `sort=${sort}`)
    assert.deepEqual(members.map(({ id, pulse, level }) => ({ id, pulse, level })),
      sortBy(rows, (row) => row.pulse, direction).map((row) => ({ ...row, level: level(row.id) })), `sort=${sort}`)
  }
  const levels = new Set(Object.keys(expected).flatMap((id) => [level(id), level(id) + 1].filter((n) => n >= 1 && n <= 12)))
  for (const minLevel of [...levels].sort((a, b) => a - b)) {
    const members = await listed(client, `sort=-pulse&minLevel=${minLevel}`)
    assert.deepEqual(members.map((member) => member.id),
      sortBy(rows.filter((row) => level(row.id) >= minLevel), (row) => row.pulse, 'desc').map((row) => row.id), `minLevel=${minLevel}`)
  }
}
