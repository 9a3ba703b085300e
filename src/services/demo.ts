import { DAY_SECONDS } from '../domain/engagement.js'
import { toWireTime } from '../domain/time.js'
import type { ActivityCreate } from '../schemas/activities.js'
import type { MemberBulkCreate, Store } from '../store/types.js'
import { createActivities } from './activities.js'
import { createActivityType } from './engagement.js'
import { batches } from './import.js'

// A demo workspace for a newcomer (docs/cli.md, seed-demo): a community with a few companies, hundreds of members
// and thousands of activities of several types and channels over six months, written through the bulk path of
// the services, so that pulse and level mean something. The same seed makes the same workspace (its times
// counted back from the day it runs).

export interface DemoSummary {
  companies: number
  channels: number
  activityTypes: number
  members: number
  excluded: number
  activities: number
}

const MEMBERS = 300
const ACTIVITIES = 6000
const DAYS = 180

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Radia', 'Guido', 'Frances', 'Donald',
  'Hedy', 'Tim', 'Katherine', 'Edsger', 'Sophie', 'Yukihiro', 'Anita', 'Bjarne', 'Joan', 'Niklaus', 'Shafi', 'James', 'Lynn', 'Rasmus']
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Ritchie', 'Liskov', 'Thompson', 'Perlman', 'van Rossum',
  'Allen', 'Knuth', 'Lamarr', 'Berners-Lee', 'Johnson', 'Dijkstra', 'Wilson', 'Matsumoto', 'Borg', 'Stroustrup', 'Clarke', 'Wirth']
const COMPANIES = [
  { name: 'Acme Robotics', domain: 'acme-robotics.io', industry: 'Robotics', employees: 240 },
  { name: 'Globex Cloud', domain: 'globex.cloud', industry: 'Cloud infrastructure', employees: 1800 },
  { name: 'Initech', domain: 'initech.dev', industry: 'Software', employees: 75 },
  { name: 'Umbrella Analytics', domain: 'umbrella-analytics.com', industry: 'Data', employees: 420 },
  { name: 'Hooli', domain: 'hooli.xyz', industry: 'Consumer internet', employees: 9000 }
]
const FREE_MAIL = ['gmail.com', 'proton.me', 'outlook.com']
const CHANNELS = [
  { name: 'general', source: 'discord', externalId: 'demo-discord-general' },
  { name: 'help', source: 'discord', externalId: 'demo-discord-help' },
  { name: 'showcase', source: 'discord', externalId: 'demo-discord-showcase' },
  { name: 'workspace-records', source: 'github', externalId: 'demo-github-repo' },
  { name: 'community forum', source: 'discourse', externalId: 'demo-discourse' }
]
/** Each type: its points, the channels (by name) it happens in, its share of the activities, and its overrides. */
const TYPES = [
  { key: 'message', name: 'Message', points: 2, channels: ['general', 'help', 'showcase'], weight: 45, overrides: { help: 4 } },
  { key: 'reaction', name: 'Reaction', points: 1, channels: ['general', 'showcase'], weight: 25, overrides: {} },
  { key: 'post', name: 'Forum post', points: 4, channels: ['community forum'], weight: 8, overrides: {} },
  { key: 'issue', name: 'Issue opened', points: 5, channels: ['workspace-records'], weight: 8, overrides: {} },
  { key: 'comment', name: 'Comment', points: 3, channels: ['workspace-records', 'community forum'], weight: 10, overrides: { 'community forum': 2 } },
  { key: 'pull_request', name: 'Pull request', points: 10, channels: ['workspace-records'], weight: 4, overrides: {} }
]

/** mulberry32: a small generator of numbers in [0, 1), the same for the same seed. */
function generator (seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Fills the (empty) workspace with the demo; answers what it made. */
export async function seedDemo (store: Store, workspaceId: string, seed: number): Promise<DemoSummary> {
  const random = generator(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const now = store.clock()

  const channelIds = new Map<string, string>()
  for (const [i, outcome] of (await store.channels.putMany(workspaceId, CHANNELS)).entries()) {
    if ('error' in outcome) throw outcome.error
    channelIds.set(CHANNELS[i]!.name, outcome.record.id)
  }
  for (const type of TYPES) {
    const channelPoints = Object.entries(type.overrides).map(([channel, points]) => ({ channelId: channelIds.get(channel)!, points }))
    await createActivityType(store, workspaceId, { key: type.key, name: type.name, points: type.points, channelPoints })
  }
  const companyIds = (await store.companies.putMany(workspaceId, COMPANIES)).map((outcome) => {
    if ('error' in outcome) throw outcome.error
    return outcome.record.id
  })

  // Most members do little; a few do most (activity weight random^3), some of them lately (recency > 1 draws
  // their activities towards today), others long ago, so pulses and levels spread out.
  const people = Array.from({ length: MEMBERS }, (_, i) => {
    const firstName = pick(FIRST_NAMES)
    const lastName = pick(LAST_NAMES)
    const company = random() < 0.6 ? Math.floor(random() * COMPANIES.length) : undefined
    const domain = company === undefined ? pick(FREE_MAIL) : COMPANIES[company]!.domain
    const member: MemberBulkCreate = {
      firstName,
      lastName,
      primaryEmail: `${firstName}.${lastName}.${i}@${domain}`.toLowerCase().replaceAll(' ', ''),
      country: pick(['GB', 'US', 'DE', 'FR', 'JP', 'BR', 'IN', 'NL']),
      jobTitle: pick(['Engineer', 'Staff engineer', 'Developer advocate', 'CTO', 'Student', 'Data scientist', null]),
      ...(company === undefined ? {} : { companyId: companyIds[company] })
    }
    return { member, weight: random() ** 3, recency: 0.3 + random() * 2.7 }
  })
  const memberIds = await store.members.createMany(workspaceId, people.map(({ member }) => member))
  // Two of them are the community's staff bot and its manager: excluded from engagement.
  const excluded = memberIds.slice(0, 2)
  for (const memberId of excluded) await store.engagement.setExcluded(workspaceId, memberId, true)

  const totalWeight = people.reduce((sum, { weight }) => sum + weight, 0)
  const typeWeight = TYPES.reduce((sum, { weight }) => sum + weight, 0)
  const drawn = <T extends { weight: number }>(list: readonly T[], total: number): T => {
    let left = random() * total
    return list.find((entry) => (left -= entry.weight) < 0) ?? list.at(-1)!
  }
  const inputs: ActivityCreate[] = Array.from({ length: ACTIVITIES }, () => {
    const person = drawn(people, totalWeight)
    const type = drawn(TYPES, typeWeight)
    const channel = pick(type.channels)
    const ago = Math.floor(DAYS * DAY_SECONDS * random() ** person.recency)
    return {
      memberId: memberIds[people.indexOf(person)]!,
      activityTypeKey: type.key,
      channelId: channelIds.get(channel)!,
      source: CHANNELS.find((entry) => entry.name === channel)!.source,
      title: `${type.name} in ${channel}`,
      createdAt: toWireTime(now - ago)
    }
  }).sort((a, b) => a.createdAt! < b.createdAt! ? -1 : 1)
  // A message is a reply to an earlier message of a batch already written, one time in five.
  const messages: string[] = []
  let activities = 0
  for (const batch of batches(inputs, 1000)) {
    const replied = batch.map((input) => input.activityTypeKey === 'message' && messages.length > 0 && random() < 0.2 ? { ...input, replyTo: pick(messages) } : input)
    const ids = await createActivities(store, workspaceId, replied)
    ids.forEach((id, i) => { if (replied[i]!.activityTypeKey === 'message') messages.push(id) })
    activities += ids.length
  }
  return { companies: companyIds.length, channels: channelIds.size, activityTypes: TYPES.length, members: memberIds.length, excluded: excluded.length, activities }
}
