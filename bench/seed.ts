// Seeds the benchmark's data through the store's own bulk path (createMany): one big workspace and a few
// small ones. Returns samples of the big workspace's ids for the load generator, and how long it took.
import { randomInt } from 'node:crypto'
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
  memberIds: string[]
  /** The members with the fewest activities (the less active 40%): the delete benchmark takes from these. */
  deletableMemberIds: string[]
  activityIds: string[]
  channelIds: string[]
  seconds: number
}

const BATCH = 5000
const SAMPLE = 20_000
const TWO_YEARS = 2 * 365 * 24 * 3600
const TYPES = ['post', 'comment', 'reaction', 'star', 'fork', 'issue', 'pull_request', 'message', 'joined', 'event:attended']

/** Activities per member: member i has about busiest / i (at least 1), trimmed or topped up to the total. */
export function activityCounts (scale: Scale): number[] {
  const counts = Array.from({ length: scale.members }, (_, i) => Math.max(1, Math.floor(scale.busiestMember / (i + 1) ** 1.1)))
  let excess = counts.reduce((sum, n) => sum + n, 0) - scale.activities
  // Too many: take from the middle of the head, keeping the busiest member and at least 1 each.
  for (let i = 1; excess > 0 && i < counts.length; i++) {
    const cut = Math.min(excess, counts[i]! - 1)
    counts[i]! -= cut
    excess -= cut
  }
  // Too few: spread the rest over the middle of the distribution.
  for (let i = 0; excess < 0; i = (i + 1) % counts.length) {
    if (i === 0) continue
    counts[i]! += 1
    excess += 1
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
  const now = Math.floor(Date.now() / 1000)
  const companyIds = await inBatches(Array.from({ length: scale.companies }, (_, i) => ({
    name: `Company ${i}`, domain: `company-${i}.example.com`, employees: randomInt(5000), tags: []
  })), async (batch) => await store.companies.createMany(workspaceId, batch))
  log(`${companyIds.length} companies`)
  const channelIds = await store.channels.createMany(workspaceId,
    Array.from({ length: scale.channels }, (_, i) => ({ name: `channel-${i}`, source: i % 2 === 0 ? 'discord' : 'slack' })))
  const memberIds = await inBatches(Array.from({ length: scale.members }, (_, i) => ({
    firstName: `First${i}`,
    lastName: `Last${i}`,
    primaryEmail: `member${i}@example.com`,
    companyId: companyIds[i % companyIds.length]!,
    tags: []
  })), async (batch) => await store.members.createMany(workspaceId, batch))
  log(`${memberIds.length} members`)

  const counts = activityCounts(scale)
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
  for (let i = 0; i < owners.length; i += BATCH) {
    const batch = owners.slice(i, i + BATCH).map((m, k) => ({
      memberId: memberIds[m]!,
      activityTypeKey: TYPES[randomInt(TYPES.length)]!,
      title: 'Seeded activity',
      channelId: channelIds[randomInt(channelIds.length)]!,
      createdAt: new Date(times[i + k]! * 1000).toISOString()
    }))
    const ids = await store.activities.createMany(workspaceId, batch)
    // Keep a uniform sample without holding every id.
    for (const id of ids) {
      if (activityIds.length < SAMPLE) activityIds.push(id)
      else if (randomInt(activityIds.length) < SAMPLE / 10) activityIds[randomInt(SAMPLE)] = id
    }
    if ((i / BATCH) % 40 === 39) log(`${i + batch.length} activities`)
  }
  log(`${owners.length} activities`)
  const deletableMemberIds = memberIds.map((id, m) => ({ id, n: counts[m]! })).sort((a, b) => a.n - b.n)
    .slice(0, Math.floor(memberIds.length * 0.4)).map((member) => member.id)
  return {
    workspaceId,
    companyIds: sample(companyIds, SAMPLE),
    memberIds: sample(memberIds, SAMPLE),
    deletableMemberIds,
    activityIds,
    channelIds,
    seconds: (performance.now() - started) / 1000
  }
}
