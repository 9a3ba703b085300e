// Seeds the benchmark's data through the store's own bulk path (createMany; activities through the services layer's): one big workspace and a few
// small ones. Returns samples of the big workspace's ids for the load generator, and how long it took.
import { randomInt } from 'node:crypto'
import { createActivities } from '../src/services/activities.js'
import type { Store } from '../src/store/types.js'

export interface Scale {
  companies: number
  members: number
  activities: number
  channels: number
  /** The most activities one member has (the head of the skewed distribution). */
  busiestMember: number
}

export const FULL_SCALE: Scale = { companies: 10_000, members: 100_000, activities: 1_000_000, channels: 50, busiestMember: 100_000 }

export function scaled (factor: number): Scale {
  const n = (value: number) => Math.max(1, Math.round(value * factor))
  return { companies: n(10_000), members: n(100_000), activities: n(1_000_000), channels: 50, busiestMember: n(100_000) }
}

export interface Seeded {
  workspaceId: string
  companyIds: string[]
  /** A sample of the members that deletableMemberIds leaves alone, so gets and creates never meet a deleted one. */
  memberIds: string[]
  /** The members with the fewest activities (the less active 40%): the delete benchmark takes from these. */
  deletableMemberIds: string[]
  /** A sample of the activities of the members that are never deleted. */
  activityIds: string[]
  channelIds: string[]
  /** The member with the most activities (the head of the skew), and one with the fewest of those never deleted. */
  busiest: { id: string, activities: number }
  quietest: { id: string, activities: number }
  seconds: number
  /** Seconds spent on each resource, and of all of them inside the store's createMany (the rest is making the data). */
  phases: { companies: number, channels: number, members: number, activities: number, inStore: number }
}

/** Part of the cached seed's folder name: change it with the seed, so no run reuses an older seed. */
export const SEED_VERSION = 3

const BATCH = 5000
const SAMPLE = 20_000
const TWO_YEARS = 2 * 365 * 24 * 3600
/** The activity types of the seed, about as many activities each. */
export const SEED_TYPES = ['post', 'comment', 'reaction', 'star', 'fork', 'issue', 'pull_request', 'message', 'joined', 'event:attended']

/**
 * Activities per member, a power law: member i has busiest / (i + 1)^s (at least 1), with s found so the counts
 * add up to at most the total; the few left over go one each to the members with more than one, from the second.
 */
export function activityCounts (scale: Scale): number[] {
  const countsFor = (s: number) => Array.from({ length: scale.members }, (_, i) => Math.max(1, Math.floor(scale.busiestMember / (i + 1) ** s)))
  const sum = (counts: number[]) => counts.reduce((total, n) => total + n, 0)
  // The sum falls as s grows: bisect for the smallest s whose sum fits.
  let [low, high] = [0, 4]
  for (let step = 0; step < 60; step++) {
    const mid = (low + high) / 2
    if (sum(countsFor(mid)) > scale.activities) low = mid
    else high = mid
  }
  const counts = countsFor(high)
  let missing = scale.activities - sum(counts)
  for (let i = 1; missing > 0; i = i + 1 < counts.length && counts[i + 1]! > 1 ? i + 1 : 1) {
    counts[i]! += 1
    missing -= 1
  }
  return counts
}

const sample = (ids: string[], size: number) => ids.length <= size ? ids : Array.from({ length: size }, () => ids[randomInt(ids.length)]!)

async function inBatches<T> (items: T[], create: (batch: T[]) => Promise<string[]>): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < items.length; i += BATCH) ids.push(...await create(items.slice(i, i + BATCH)))
  return ids
}

export async function seedWorkspace (store: Store, workspaceId: string, scale: Scale, log: (line: string) => void = () => {}): Promise<Seeded> {
  const started = performance.now()
  let lap = started
  let inStore = 0
  const timed = async <T>(work: Promise<T>): Promise<T> => {
    const at = performance.now()
    const result = await work
    inStore += performance.now() - at
    return result
  }
  const phase = () => {
    const at = performance.now()
    const seconds = (at - lap) / 1000
    lap = at
    return seconds
  }
  const now = Math.floor(Date.now() / 1000)
  const companyIds = await inBatches(Array.from({ length: scale.companies }, (_, i) => ({
    name: `Company ${i}`, domain: `company-${i}.example.com`, employees: randomInt(5000), tags: []
  })), async (batch) => await timed(store.companies.createMany(workspaceId, batch)))
  const companies = phase()
  log(`${companyIds.length} companies in ${companies.toFixed(1)} s`)
  const channelIds = await timed(store.channels.createMany(workspaceId,
    Array.from({ length: scale.channels }, (_, i) => ({ name: `channel-${i}`, source: i % 2 === 0 ? 'discord' : 'slack' }))))
  const channels = phase()
  const memberIds = await inBatches(Array.from({ length: scale.members }, (_, i) => ({
    firstName: `First${i}`,
    lastName: `Last${i}`,
    primaryEmail: `member${i}@example.com`,
    companyId: companyIds[i % companyIds.length]!,
    tags: []
  })), async (batch) => await timed(store.members.createMany(workspaceId, batch)))
  const members = phase()
  log(`${memberIds.length} members in ${members.toFixed(1)} s`)

  const counts = activityCounts(scale)
  const deletable = counts.map((n, m) => ({ n, m })).sort((a, b) => a.n - b.n)
    .slice(0, Math.floor(counts.length * 0.4)).map((member) => member.m)
  const doomed = new Uint8Array(counts.length)
  for (const m of deletable) doomed[m] = 1
  // Interleave the members' activities, so every batch holds many members and times from all two years.
  const owners: number[] = []
  for (let m = 0; m < counts.length; m++) for (let k = 0; k < counts[m]!; k++) owners.push(m)
  for (let i = owners.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[owners[i], owners[j]] = [owners[j]!, owners[i]!]
  }
  // Imported in time order, as a migration from another system replays history: every index grows at its end.
  const times = Float64Array.from(owners, () => now - randomInt(TWO_YEARS)).sort()
  const activityIds: string[] = []
  let seen = 0
  for (let i = 0; i < owners.length; i += BATCH) {
    const batch = owners.slice(i, i + BATCH).map((m, k) => ({
      memberId: memberIds[m]!,
      activityTypeKey: SEED_TYPES[randomInt(SEED_TYPES.length)]!,
      title: 'Seeded activity',
      channelId: channelIds[randomInt(channelIds.length)]!,
      createdAt: new Date(times[i + k]! * 1000).toISOString()
    }))
    const ids = await timed(createActivities(store, workspaceId, batch))
    // Keep a uniform sample without holding every id (reservoir sampling).
    for (const [k, id] of ids.entries()) {
      if (doomed[owners[i + k]!] === 1) continue
      seen++
      if (activityIds.length < SAMPLE) activityIds.push(id)
      else if (randomInt(seen) < SAMPLE) activityIds[randomInt(SAMPLE)] = id
    }
    if ((i / BATCH) % 40 === 39) log(`${i + batch.length} activities`)
  }
  const activities = phase()
  log(`${owners.length} activities in ${activities.toFixed(1)} s`)
  let quiet = counts.findIndex((_, m) => doomed[m] === 0)
  for (let m = 0; m < counts.length; m++) if (doomed[m] === 0 && counts[m]! < counts[quiet]!) quiet = m
  return {
    workspaceId,
    companyIds: sample(companyIds, SAMPLE),
    memberIds: sample(memberIds.filter((_, m) => doomed[m] === 0), SAMPLE),
    deletableMemberIds: deletable.map((m) => memberIds[m]!),
    activityIds,
    channelIds,
    busiest: { id: memberIds[0]!, activities: counts[0]! },
    quietest: { id: memberIds[quiet]!, activities: counts[quiet]! },
    seconds: (performance.now() - started) / 1000,
    phases: { companies, channels, members, activities, inStore: inStore / 1000 }
  }
}
