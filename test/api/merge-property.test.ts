import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { recordOf, testStores, type Api } from '../support/helpers.js'
import { DAY, wire } from '../support/engagement-support.js'
import { sharedApp, type Activity, type Company, type Member } from '../support/ingestion-support.js'

// Issue 17: merge then undo is the identity. Random members of a random workspace (fields, companies, activities of
// several types and channels, replies across members) are merged; then activities are created for the kept member
// and other records of the workspace are edited; then the merge is undone. Read through the API, the workspace is
// then what it was before the merge, with the edits made in between and without the activities created in between.
// The merge's own answer keeps every address of both members (members may hold their primary address in their emails).

const RUNS = Number(process.env.FC_RUNS ?? 15)
const TAGS = ['6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e']

interface MemberSpec {
  firstName?: string
  lastName?: string
  email: boolean
  emails: number
  /** Whether the member also holds its primary address in its emails (in another case when `shout`). */
  primaryInEmails: boolean
  shout: boolean
  phones: string[]
  tags: string[]
  jobTitle?: string
  company?: number
  activities: Array<{ daysAgo: number, key: string, channel?: number, replyToPrevious: boolean }>
}

const memberSpec: fc.Arbitrary<MemberSpec> = fc.record({
  firstName: fc.option(fc.constantFrom('Ada', 'Grace', 'Alan'), { nil: undefined }),
  lastName: fc.option(fc.constantFrom('Lovelace', 'Hopper'), { nil: undefined }),
  email: fc.boolean(),
  emails: fc.nat(2),
  primaryInEmails: fc.boolean(),
  shout: fc.boolean(),
  phones: fc.subarray(['+1 555 0100', '+1 555 0101', '+1 555 0102']),
  tags: fc.subarray(TAGS),
  jobTitle: fc.option(fc.constantFrom('Engineer', 'Writer'), { nil: undefined }),
  company: fc.option(fc.nat(1), { nil: undefined }),
  activities: fc.array(fc.record({
    daysAgo: fc.integer({ min: 0, max: 150 }),
    key: fc.constantFrom('message', 'reaction', 'reply'),
    channel: fc.option(fc.nat(1), { nil: undefined }),
    replyToPrevious: fc.boolean()
  }), { maxLength: 4 })
})

const scenario = fc.record({
  members: fc.array(memberSpec, { minLength: 3, maxLength: 5 }),
  kept: fc.nat(4),
  merged: fc.nat(3),
  between: fc.array(fc.record({ daysAgo: fc.integer({ min: 0, max: 30 }), key: fc.constantFrom('message', 'reaction') }), { maxLength: 3 }),
  edits: fc.array(fc.constantFrom('renameOther', 'retagOther', 'newMember', 'renameCompany', 'otherActivity'), { maxLength: 3 })
})

interface State { members: Map<string, Member>, activities: Map<string, Activity>, companies: Map<string, Company> }

async function all<T extends { id: string }> (client: Api, path: string, key: string): Promise<Map<string, T>> {
  const found = new Map<string, T>()
  for (let page = 1; ; page++) {
    const res = await client.get(`${path}?pageSize=100&page=${page}`)
    assert.equal(res.statusCode, 200, res.body)
    const items = (res.json() as Record<string, T[]>)[key]!
    for (const item of items) found.set(item.id, item)
    if (items.length < 100) return found
  }
}

async function stateOf (client: Api): Promise<State> {
  return {
    members: await all<Member>(client, '/v1/members', 'members'),
    activities: await all<Activity>(client, '/v1/activities', 'activities'),
    companies: await all<Company>(client, '/v1/companies', 'companies')
  }
}

const sorted = <T> (map: Map<string, T>) => [...map].sort(([a], [b]) => a < b ? -1 : 1)

for (const store of testStores()) {
  describe(`merge then undo is the identity (${store.name})`, () => {
    const fresh = sharedApp(store)

    test('the whole workspace, read through the API, is as before the merge, edits in between kept', async () => {
      await fc.assert(fc.asyncProperty(scenario, async (plan) => {
        const { client, start } = await fresh()
        const ok = async (res: Promise<{ statusCode: number, body: string }>, status = 201) => {
          const answer = await res
          assert.equal(answer.statusCode, status, answer.body)
          return answer as Awaited<ReturnType<Api['get']>>
        }
        const companies = [await ok(client.post('/v1/companies', { name: 'Acme' })), await ok(client.post('/v1/companies', { name: 'Globex' }))]
          .map((res) => recordOf<Company>(res, 201, 'company').id)
        const channels = [await ok(client.post('/v1/channels', { name: 'general' })), await ok(client.post('/v1/channels', { name: 'help' }))]
          .map((res) => (res.json() as { channel: { id: string } }).channel.id)
        const ids: string[] = []
        let last: string | undefined
        for (const [i, spec] of plan.members.entries()) {
          const body = {
            firstName: spec.firstName ?? (spec.lastName === undefined && !spec.email ? `M${i}` : undefined),
            lastName: spec.lastName,
            primaryEmail: spec.email ? `m${i}@example.com` : undefined,
            emails: [
              ...Array.from({ length: spec.emails }, (_, e) => `m${i}.${e}@example.org`),
              ...(spec.email && spec.primaryInEmails ? [spec.shout ? `M${i}@EXAMPLE.com` : `m${i}@example.com`] : [])
            ],
            phones: spec.phones,
            tags: spec.tags,
            jobTitle: spec.jobTitle
          }
          const id = recordOf<Member>(await ok(client.post('/v1/members', body)), 201, 'member').id
          if (spec.company !== undefined) await ok(client.patch(`/v1/members/${id}`, { companyId: companies[spec.company] }), 200)
          ids.push(id)
          for (const activity of spec.activities) {
            const created = recordOf<Activity>(await ok(client.post('/v1/activities', {
              memberId: id,
              activityTypeKey: activity.key,
              createdAt: wire(start - activity.daysAgo * DAY),
              ...(activity.channel === undefined ? {} : { channelId: channels[activity.channel] }),
              ...(activity.replyToPrevious && last !== undefined ? { replyTo: last } : {})
            })), 201, 'activity')
            last = created.id
          }
        }
        const kept = ids[plan.kept % ids.length]!
        const merged = ids.filter((id) => id !== kept)[plan.merged % (ids.length - 1)]!
        const others = ids.filter((id) => id !== kept && id !== merged)
        const before = await stateOf(client)

        const answer = (await ok(client.post(`/v1/members/${kept}/merge`, { memberId: merged }), 200)).json() as { member: Member, merge: { id: string } }
        const mergeId = answer.merge.id
        // The merge's own answer: every address of either member is the kept member's, none held twice ignoring
        // case in its emails; every address either held in its emails is still in its emails; phones and tags are
        // the union, the kept member's first.
        const [k, m] = [before.members.get(kept)!, before.members.get(merged)!]
        const lower = (values: Array<string | null>) => values.filter((value) => value !== null).map((value) => value.toLowerCase())
        const held = new Set(lower([answer.member.primaryEmail, ...answer.member.emails]))
        for (const address of lower([k.primaryEmail, ...k.emails, m.primaryEmail, ...m.emails])) assert.ok(held.has(address), address)
        const emails = lower(answer.member.emails)
        assert.equal(new Set(emails).size, emails.length, 'each email once')
        for (const address of lower([...k.emails, ...m.emails])) assert.ok(emails.includes(address), address)
        assert.deepEqual(emails.slice(0, new Set(lower(k.emails)).size), [...new Set(lower(k.emails))], 'the kept member\'s emails first')
        assert.equal(answer.member.primaryEmail, k.primaryEmail ?? m.primaryEmail)
        assert.deepEqual(answer.member.phones, [...new Set([...k.phones, ...m.phones])])
        assert.deepEqual(answer.member.tags, [...new Set([...k.tags, ...m.tags])])
        assert.deepEqual((await ok(client.get(`/v1/members/${kept}`), 200)).json(), { member: answer.member })
        const between: string[] = []
        for (const activity of plan.between) {
          between.push(recordOf<Activity>(await ok(client.post('/v1/activities', {
            memberId: kept, activityTypeKey: activity.key, createdAt: wire(start - activity.daysAgo * DAY)
          })), 201, 'activity').id)
        }
        for (const edit of plan.edits) {
          if (edit === 'renameOther') await ok(client.patch(`/v1/members/${others[0]!}`, { lastName: 'Edited' }), 200)
          if (edit === 'retagOther') await ok(client.patch(`/v1/members/${others[0]!}`, { tags: [TAGS[2]] }), 200)
          if (edit === 'newMember') await ok(client.post('/v1/members', { firstName: 'Newcomer' }))
          if (edit === 'renameCompany') await ok(client.patch(`/v1/companies/${companies[0]!}`, { name: 'Acme Renamed' }), 200)
          if (edit === 'otherActivity') await ok(client.post('/v1/activities', { memberId: others[0]!, activityTypeKey: 'message' }))
        }
        const beforeUndo = await stateOf(client)

        await ok(client.post(`/v1/merges/${mergeId}/undo`, undefined), 200)
        for (const id of between) await ok(client.delete(`/v1/activities/${id}`), 200)
        const after = await stateOf(client)

        // The two members and the activities the merge moved as before it; everything else as before the undo.
        const members = new Map(beforeUndo.members)
        members.set(kept, before.members.get(kept)!)
        members.set(merged, before.members.get(merged)!)
        const activities = new Map([...beforeUndo.activities].filter(([id]) => !between.includes(id)))
        for (const [id, activity] of before.activities) if (activity.memberId === merged) activities.set(id, activity)
        assert.deepEqual(sorted(after.members), sorted(members), 'members')
        assert.deepEqual(sorted(after.activities), sorted(activities), 'activities')
        assert.deepEqual(sorted(after.companies), sorted(beforeUndo.companies), 'companies')
      }), { numRuns: RUNS })
    })
  })
}
