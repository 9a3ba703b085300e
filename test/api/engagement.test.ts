import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import {
  api, assertBadRequest, assertNotFound, createChannel, createMember, newWorkspace, recordOf, testStores, type Api
} from '../support/helpers.js'
import {
  activities, assertShown, clockedApp, createType, DAY, DEFAULT_THRESHOLDS, engagementOf, getType, levelFor, listed, memberOf,
  START, WINDOW, wire, type EngagementRecord, type Member
} from '../support/engagement-support.js'

// Engagement (issue 15): pulse is the sum of the points of a member's activities created in (now - 90 days, now],
// level its tier on the workspace's thresholds; both exact at every read, with the store's clock moved by the test.

/** The fields of a member record: the spec's, and no others (no `excluded`). */
const MEMBER_FIELDS = ['id', 'firstName', 'lastName', 'primaryEmail', 'emails', 'phones', 'jobTitle', 'avatarUrl', 'language',
  'country', 'tags', 'level', 'pulse', 'source', 'companyId', 'workspaceId', 'firstActivity', 'lastActivity', 'createdAt', 'updatedAt']

/** The engagement the API owes at `now`, from the expected breakdown (already in its order). */
function expectedEngagement (memberId: string, now: number, breakdown: EngagementRecord['breakdown'],
  options: { excluded?: boolean, thresholds?: readonly number[] } = {}): EngagementRecord {
  const excluded = options.excluded ?? false
  const pulse = excluded ? 0 : breakdown.reduce((sum, entry) => sum + entry.points, 0)
  return { memberId, pulse, level: levelFor(pulse, options.thresholds), excluded, windowStart: wire(now - WINDOW), windowEnd: wire(now), breakdown }
}

const entry = (type: { id: string, key: string }, count: number, points: number) =>
  ({ activityTypeId: type.id, activityTypeKey: type.key, activities: count, points })

async function settingsOf (client: Api): Promise<number[]> {
  return recordOf<{ levelThresholds: number[] }>(await client.get('/v1/engagement-settings'), 200, 'engagementSettings').levelThresholds
}

async function exclude (client: Api, memberId: string, excluded: boolean): Promise<EngagementRecord> {
  return recordOf<EngagementRecord>(await client.patch(`/v1/members/${memberId}/engagement`, { excluded }), 200, 'engagement')
}

async function patchActivity (client: Api, id: string, body: Record<string, unknown>): Promise<void> {
  const res = await client.patch(`/v1/activities/${id}`, body)
  assert.equal(res.statusCode, 200, res.body)
}

const THRESHOLDS = [3, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 30]

const BAD_SETTINGS: Array<[string, unknown, string]> = [
  ['11 thresholds', { levelThresholds: DEFAULT_THRESHOLDS.slice(1) }, 'levelThresholds'],
  ['13 thresholds', { levelThresholds: [...DEFAULT_THRESHOLDS, 2000] }, 'levelThresholds'],
  ['no threshold', { levelThresholds: [] }, 'levelThresholds'],
  ['two equal thresholds', { levelThresholds: [1, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 900] }, 'levelThresholds'],
  ['a descending pair', { levelThresholds: [1, 5, 10, 20, 40, 80, 150, 250, 400, 900, 600, 1300] }, 'levelThresholds'],
  ['a threshold of 0', { levelThresholds: [0, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300] }, 'levelThresholds.0'],
  ['a negative threshold', { levelThresholds: [-1, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300] }, 'levelThresholds.0'],
  ['a threshold of 1.5', { levelThresholds: [1.5, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300] }, 'levelThresholds.0'],
  ['a threshold as text', { levelThresholds: ['1', 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300] }, 'levelThresholds.0'],
  ['levelThresholds null', { levelThresholds: null }, 'levelThresholds'],
  ['no levelThresholds', {}, 'levelThresholds'],
  ['an unknown field', { levelThresholds: DEFAULT_THRESHOLDS, decayDays: 30 }, 'decayDays'],
  ['a list for a body', [DEFAULT_THRESHOLDS], 'body']
]

for (const store of testStores()) {
  describe(`engagement (${store.name})`, () => {
    test('a member with no activity has pulse 0, level 0 and an empty breakdown over the 90 days up to now', async (t) => {
      const { client, advance } = await clockedApp(t, store)
      const member = await createMember(client)
      assert.deepEqual(Object.keys(member), MEMBER_FIELDS)
      assert.deepEqual([member.pulse, member.level], [0, 0])
      const res = await client.get(`/v1/members/${member.id}/engagement`)
      assert.deepEqual(res.json(), {
        engagement: { memberId: member.id, pulse: 0, level: 0, excluded: false, windowStart: wire(START - WINDOW), windowEnd: wire(START), breakdown: [] }
      })
      advance(3600)
      assert.deepEqual(await engagementOf(client, member.id), expectedEngagement(member.id, START + 3600, []))
    })

    test('pulse sums each activity\'s points: its channel\'s override for its type, else the type\'s; the breakdown explains it', async (t) => {
      const { client, now } = await clockedApp(t, store)
      const [general, support] = [await createChannel(client, { name: 'general' }), await createChannel(client, { name: 'support' })]
      const message = await createType(client, { key: 'message', points: 6, channelPoints: [{ channelId: support.id, points: 2 }] })
      const reply = await createType(client, { key: 'reply', points: 5 })
      const member = await createMember(client)
      await activities(client, member.id, 'message', 2)
      await activities(client, member.id, 'message', 1, { channelId: support.id })
      await activities(client, member.id, 'message', 1, { channelId: general.id })
      const [reactionId] = await activities(client, member.id, 'reaction', 3, { channelId: support.id })
      await activities(client, member.id, 'reply', 1, { channelId: support.id })
      const reaction = await getType(client, (recordOf<{ activityTypeId: string }>(await client.get(`/v1/activities/${reactionId}`), 200, 'activity')).activityTypeId)
      assert.equal(reaction.points, 1)

      // message: 6 + 6 + 2 (support) + 6 (general: no override) = 20; reply 5 (its type has no override); reaction 3 x 1.
      const engagement = await engagementOf(client, member.id)
      assert.deepEqual(engagement, expectedEngagement(member.id, now(), [entry(message, 4, 20), entry(reply, 1, 5), entry(reaction, 3, 3)]))
      assert.deepEqual([engagement.pulse, engagement.level], [28, 4])
      const record = await memberOf(client, member.id)
      assert.deepEqual(Object.keys(record), MEMBER_FIELDS)
      assert.deepEqual(record, { ...member, pulse: 28, level: 4, firstActivity: wire(START), lastActivity: wire(START), updatedAt: record.updatedAt })
      await assertShown(client, { [member.id]: 28 })
    })

    test('level is 0 below the first threshold, then the number of default thresholds the pulse reaches', async (t) => {
      const { client } = await clockedApp(t, store)
      for (const [key, points] of [['hundred', 100], ['ten', 10], ['one', 1]] as const) await createType(client, { key, points })
      const member = await createMember(client)
      let pulse = 0
      const targets = [0, ...DEFAULT_THRESHOLDS.flatMap((threshold) => [threshold - 1, threshold]), 1301].filter((n, i, all) => all.indexOf(n) === i)
      for (const target of targets) {
        for (const [key, points] of [['hundred', 100], ['ten', 10], ['one', 1]] as const) {
          const count = Math.floor((target - pulse) / points)
          if (count > 0) await activities(client, member.id, key, count)
          pulse += count * points
        }
        const { level } = await memberOf(client, member.id)
        assert.deepEqual([pulse, level], [target, levelFor(target)], `pulse ${target}`)
      }
      assert.deepEqual([(await memberOf(client, member.id)).level, levelFor(1299), levelFor(1300)], [12, 11, 12])
    })

    test('the breakdown is by points descending, then key; a type of 0 points still shows its activities', async (t) => {
      const { client, now } = await clockedApp(t, store)
      const types = {
        beta: await createType(client, { key: 'beta', points: 3 }),
        alpha: await createType(client, { key: 'alpha', points: 1 }),
        gamma: await createType(client, { key: 'gamma', points: 0 }),
        delta: await createType(client, { key: 'delta', points: 4 }),
        unused: await createType(client, { key: 'unused', points: 50 })
      }
      const member = await createMember(client)
      await activities(client, member.id, 'gamma', 2)
      await activities(client, member.id, 'alpha', 3)
      await activities(client, member.id, 'beta', 1)
      await activities(client, member.id, 'delta', 1)
      const engagement = await engagementOf(client, member.id)
      assert.deepEqual(engagement.breakdown, [entry(types.delta, 1, 4), entry(types.alpha, 3, 3), entry(types.beta, 1, 3), entry(types.gamma, 2, 0)])
      assert.deepEqual(engagement, expectedEngagement(member.id, now(), engagement.breakdown))
      assert.equal(engagement.pulse, 10)
    })

    test('a backfill counts inside the window only: exactly 90 days ago is out, one second later is in', async (t) => {
      const { client, advance } = await clockedApp(t, store)
      const [out, edge, fraction, fresh] = [
        await createMember(client, { firstName: 'out' }), await createMember(client, { firstName: 'edge' }),
        await createMember(client, { firstName: 'fraction' }), await createMember(client, { firstName: 'fresh' })
      ]
      await activities(client, out.id, 'note', 1, { createdAt: START - WINDOW })
      await activities(client, edge.id, 'note', 1, { createdAt: START - WINDOW + 1 })
      await activities(client, fresh.id, 'note', 1, { createdAt: START })
      // Fractions are dropped on write: 90 days ago and 999 ms is 90 days ago, out.
      const res = await client.post('/v1/activities', { memberId: fraction.id, activityTypeKey: 'note', createdAt: wire(START - WINDOW).replace('Z', '.999Z') })
      const note = await getType(client, recordOf<{ activityTypeId: string }>(res, 201, 'activity').activityTypeId)

      assert.deepEqual(await engagementOf(client, out.id), expectedEngagement(out.id, START, []))
      assert.deepEqual(await engagementOf(client, edge.id), expectedEngagement(edge.id, START, [entry(note, 1, 1)]))
      assert.deepEqual(await memberOf(client, out.id), { ...out, firstActivity: wire(START - WINDOW), lastActivity: wire(START - WINDOW), updatedAt: (await memberOf(client, out.id)).updatedAt })
      await assertShown(client, { [out.id]: 0, [edge.id]: 1, [fraction.id]: 0, [fresh.id]: 1 })
      // One second later the edge activity is exactly 90 days old.
      advance(1)
      assert.deepEqual(await engagementOf(client, edge.id), expectedEngagement(edge.id, START + 1, []))
      await assertShown(client, { [out.id]: 0, [edge.id]: 0, [fraction.id]: 0, [fresh.id]: 1 })
      // The future is the store's clock's: a second after it is refused.
      assertBadRequest(await client.post('/v1/activities', { memberId: fresh.id, activityTypeKey: 'note', createdAt: wire(START + 2) }), 'createdAt')
      await activities(client, fresh.id, 'note', 1, { createdAt: START + 1 })
      assert.equal((await memberOf(client, fresh.id)).pulse, 2)
    })

    test('firstActivity and lastActivity stay the min and max createdAt of all activities, in the window or not', async (t) => {
      const { client, advance } = await clockedApp(t, store)
      const member = await createMember(client)
      await activities(client, member.id, 'note', 1, { createdAt: START - 10 * DAY })
      await activities(client, member.id, 'note', 1, { createdAt: START - 400 * DAY })
      await activities(client, member.id, 'note', 1, { createdAt: START - 100 * DAY })
      const shown = async () => {
        const { firstActivity, lastActivity, pulse, level } = await memberOf(client, member.id)
        return { firstActivity, lastActivity, pulse, level }
      }
      assert.deepEqual(await shown(), { firstActivity: wire(START - 400 * DAY), lastActivity: wire(START - 10 * DAY), pulse: 1, level: 1 })
      advance(81 * DAY)
      assert.deepEqual(await shown(), { firstActivity: wire(START - 400 * DAY), lastActivity: wire(START - 10 * DAY), pulse: 0, level: 0 })
    })

    test('a pulse gained by a bulk write, or by an activity moved to its member, leaves the window with those activities', async (t) => {
      const { client, advance } = await clockedApp(t, store)
      const [ada, bob, eve] = [await createMember(client, { firstName: 'Ada' }), await createMember(client, { firstName: 'Bob' }),
        await createMember(client, { firstName: 'Eve' })]
      await activities(client, eve.id, 'note', 1, { createdAt: START - 50 * DAY })
      // Ada has none counted; Eve one that leaves the window before the new ones, Bob one that leaves it after them.
      await activities(client, bob.id, 'note', 1, { createdAt: START - 5 * DAY })
      const res = await client.post('/v1/activities/bulk', {
        activities: [ada.id, ada.id, eve.id].map((memberId) => ({ memberId, activityTypeKey: 'note', createdAt: wire(START - 10 * DAY) }))
      })
      assert.equal(res.statusCode, 200, res.body)
      const [moved] = await activities(client, ada.id, 'note', 1, { createdAt: START - 20 * DAY })
      await patchActivity(client, moved!, { memberId: bob.id })
      await assertShown(client, { [ada.id]: 2, [bob.id]: 2, [eve.id]: 2 })
      advance(40 * DAY + 1) // Eve's first activity leaves the window
      await assertShown(client, { [ada.id]: 2, [bob.id]: 2, [eve.id]: 1 })
      advance(30 * DAY) // the moved one leaves it
      await assertShown(client, { [ada.id]: 2, [bob.id]: 1, [eve.id]: 1 })
      advance(10 * DAY) // the bulk ones leave it
      await assertShown(client, { [ada.id]: 0, [bob.id]: 1, [eve.id]: 0 })
      advance(5 * DAY)
      await assertShown(client, { [ada.id]: 0, [bob.id]: 0, [eve.id]: 0 })
    })

    test('an update moves the activity\'s points: to another type, another channel, another member', async (t) => {
      const { client, now } = await clockedApp(t, store)
      const [general, support] = [await createChannel(client, { name: 'general' }), await createChannel(client, { name: 'support' })]
      const message = await createType(client, { key: 'message', points: 6, channelPoints: [{ channelId: support.id, points: 2 }] })
      const reaction = await createType(client, { key: 'reaction', points: 1 })
      const [ada, bob] = [await createMember(client, { firstName: 'Ada' }), await createMember(client, { firstName: 'Bob' })]
      const [id] = await activities(client, ada.id, 'message', 1, { channelId: general.id })
      await activities(client, bob.id, 'reaction', 1)
      await assertShown(client, { [ada.id]: 6, [bob.id]: 1 })

      await patchActivity(client, id!, { channelId: support.id })
      assert.deepEqual(await engagementOf(client, ada.id), expectedEngagement(ada.id, now(), [entry(message, 1, 2)]))
      await assertShown(client, { [ada.id]: 2, [bob.id]: 1 })
      await patchActivity(client, id!, { channelId: null })
      await assertShown(client, { [ada.id]: 6, [bob.id]: 1 })
      await patchActivity(client, id!, { activityTypeKey: 'reaction', channelId: support.id })
      assert.deepEqual(await engagementOf(client, ada.id), expectedEngagement(ada.id, now(), [entry(reaction, 1, 1)]))
      await assertShown(client, { [ada.id]: 1, [bob.id]: 1 })
      // A key never used before: its new type gives 1 point.
      await patchActivity(client, id!, { activityTypeKey: 'answer' })
      const [answer] = (await engagementOf(client, ada.id)).breakdown
      assert.deepEqual(answer, { activityTypeId: answer?.activityTypeId, activityTypeKey: 'answer', activities: 1, points: 1 })
      assert.equal((await getType(client, answer.activityTypeId)).points, 1)
      await patchActivity(client, id!, { activityTypeKey: 'message', memberId: bob.id })
      assert.deepEqual(await engagementOf(client, ada.id), expectedEngagement(ada.id, now(), []))
      assert.deepEqual(await engagementOf(client, bob.id), expectedEngagement(bob.id, now(), [entry(message, 1, 2), entry(reaction, 1, 1)]))
      await assertShown(client, { [ada.id]: 0, [bob.id]: 3 })
      assert.deepEqual([(await memberOf(client, ada.id)).firstActivity, (await memberOf(client, bob.id)).lastActivity], [null, wire(START)])
    })

    test('deleting an activity takes its points away', async (t) => {
      const { client, now } = await clockedApp(t, store)
      const message = await createType(client, { key: 'message', points: 6 })
      const member = await createMember(client)
      const [first, second] = await activities(client, member.id, 'message', 2)
      const [old] = await activities(client, member.id, 'message', 1, { createdAt: START - 30 * DAY })
      await assertShown(client, { [member.id]: 18 })
      assert.equal((await client.delete(`/v1/activities/${first}`)).statusCode, 200)
      assert.deepEqual(await engagementOf(client, member.id), expectedEngagement(member.id, now(), [entry(message, 2, 12)]))
      await assertShown(client, { [member.id]: 12 })
      assert.equal((await client.delete(`/v1/activities/${second}`)).statusCode, 200)
      assert.equal((await client.delete(`/v1/activities/${old}`)).statusCode, 200)
      assert.deepEqual(await engagementOf(client, member.id), expectedEngagement(member.id, now(), []))
      await assertShown(client, { [member.id]: 0 })
      assert.deepEqual([(await memberOf(client, member.id)).firstActivity, (await memberOf(client, member.id)).lastActivity], [null, null])
    })

    test('a deleted member leaves every list; its engagement is 404', async (t) => {
      const { client } = await clockedApp(t, store)
      await createType(client, { key: 'message', points: 5 })
      const [ada, bob] = [await createMember(client, { firstName: 'Ada' }), await createMember(client, { firstName: 'Bob' })]
      await activities(client, ada.id, 'message', 2)
      await activities(client, bob.id, 'message', 1)
      await assertShown(client, { [ada.id]: 10, [bob.id]: 5 })
      assert.equal((await client.delete(`/v1/members/${ada.id}`)).statusCode, 200)
      assertNotFound(await client.get(`/v1/members/${ada.id}/engagement`))
      assertNotFound(await client.patch(`/v1/members/${ada.id}/engagement`, { excluded: true }))
      await assertShown(client, { [bob.id]: 5 })
    })

    test('deleting a channel drops its overrides: its activities give their type\'s points', async (t) => {
      const { client, now } = await clockedApp(t, store)
      const [general, support] = [await createChannel(client, { name: 'general' }), await createChannel(client, { name: 'support' })]
      const message = await createType(client, { key: 'message', points: 6, channelPoints: [{ channelId: support.id, points: 2 }, { channelId: general.id, points: 3 }] })
      const reply = await createType(client, { key: 'reply', points: 5, channelPoints: [{ channelId: support.id, points: 10 }] })
      const [ada, bob] = [await createMember(client, { firstName: 'Ada' }), await createMember(client, { firstName: 'Bob' })]
      await activities(client, ada.id, 'message', 2, { channelId: support.id })
      await activities(client, ada.id, 'reply', 1, { channelId: support.id })
      await activities(client, bob.id, 'message', 1, { channelId: general.id })
      await activities(client, bob.id, 'reply', 1, { channelId: support.id })
      await assertShown(client, { [ada.id]: 14, [bob.id]: 13 })
      assert.equal((await client.delete(`/v1/channels/${support.id}`)).statusCode, 200)
      assert.deepEqual(await engagementOf(client, ada.id), expectedEngagement(ada.id, now(), [entry(message, 2, 12), entry(reply, 1, 5)]))
      assert.deepEqual(await engagementOf(client, bob.id), expectedEngagement(bob.id, now(), [entry(reply, 1, 5), entry(message, 1, 3)]))
      await assertShown(client, { [ada.id]: 17, [bob.id]: 8 })
    })

    test('a type\'s new points reach every member at once: record, explanation, sorts and minLevel', async (t) => {
      const { client, now } = await clockedApp(t, store)
      const alpha = await createType(client, { key: 'alpha', points: 1 })
      const beta = await createType(client, { key: 'beta', points: 1 })
      const members: Record<string, Member> = {}
      for (const name of ['x', 'y', 'z', 'w']) members[name] = await createMember(client, { firstName: name })
      const id = (name: string) => members[name]!.id
      await activities(client, id('x'), 'alpha', 5)
      await activities(client, id('y'), 'beta', 3)
      await activities(client, id('z'), 'alpha', 2)
      await activities(client, id('z'), 'beta', 2)
      await assertShown(client, { [id('x')]: 5, [id('y')]: 3, [id('z')]: 4, [id('w')]: 0 })

      const patched = await client.patch(`/v1/activity-types/${beta.id}`, { points: 10 })
      assert.equal(recordOf<{ points: number }>(patched, 200, 'activityType').points, 10)
      assert.deepEqual(await engagementOf(client, id('z')), expectedEngagement(id('z'), now(), [entry(beta, 2, 20), entry(alpha, 2, 2)]))
      await assertShown(client, { [id('x')]: 5, [id('y')]: 30, [id('z')]: 22, [id('w')]: 0 })

      assert.equal((await client.patch(`/v1/activity-types/${beta.id}`, { points: 0 })).statusCode, 200)
      assert.deepEqual(await engagementOf(client, id('y')), expectedEngagement(id('y'), now(), [entry(beta, 3, 0)]))
      await assertShown(client, { [id('x')]: 5, [id('y')]: 0, [id('z')]: 2, [id('w')]: 0 })
    })

    test('an override\'s new points reach every member at once, and only the activities of its channel', async (t) => {
      const { client, now } = await clockedApp(t, store)
      const [general, support] = [await createChannel(client, { name: 'general' }), await createChannel(client, { name: 'support' })]
      const message = await createType(client, { key: 'message', points: 1, channelPoints: [{ channelId: support.id, points: 1 }] })
      const [x, y, z] = [await createMember(client, { firstName: 'x' }), await createMember(client, { firstName: 'y' }), await createMember(client, { firstName: 'z' })]
      await activities(client, x.id, 'message', 4, { channelId: support.id })
      await activities(client, y.id, 'message', 4, { channelId: general.id })
      await activities(client, z.id, 'message', 1, { channelId: support.id })
      await activities(client, z.id, 'message', 1)
      await assertShown(client, { [x.id]: 4, [y.id]: 4, [z.id]: 2 })

      const overrides = async (body: Record<string, unknown>) => assert.equal((await client.patch(`/v1/activity-types/${message.id}`, body)).statusCode, 200)
      await overrides({ channelPoints: [{ channelId: support.id, points: 10 }] })
      assert.deepEqual(await engagementOf(client, z.id), expectedEngagement(z.id, now(), [entry(message, 2, 11)]))
      await assertShown(client, { [x.id]: 40, [y.id]: 4, [z.id]: 11 })
      // The type's points leave the overridden channel alone.
      await overrides({ points: 3 })
      await assertShown(client, { [x.id]: 40, [y.id]: 12, [z.id]: 13 })
      await overrides({ channelPoints: [{ channelId: general.id, points: 0 }] })
      await assertShown(client, { [x.id]: 12, [y.id]: 0, [z.id]: 6 })
      await overrides({ channelPoints: [] })
      await assertShown(client, { [x.id]: 12, [y.id]: 12, [z.id]: 6 })
    })

    test('engagement settings: the defaults, then new thresholds that every level and minLevel follow at once', async (t) => {
      const { app, client, now } = await clockedApp(t, store)
      assert.deepEqual((await client.get('/v1/engagement-settings')).json(), { engagementSettings: { levelThresholds: DEFAULT_THRESHOLDS } })
      const one = await createType(client, { key: 'one', points: 1 })
      const pulses = [0, 3, 7, 30]
      const ids: string[] = []
      for (const pulse of pulses) {
        const member = await createMember(client, { firstName: `p${pulse}` })
        if (pulse > 0) await activities(client, member.id, 'one', pulse)
        ids.push(member.id)
      }
      const expected = Object.fromEntries(ids.map((id, i) => [id, pulses[i]!]))
      await assertShown(client, expected)

      const res = await client.put('/v1/engagement-settings', { levelThresholds: THRESHOLDS })
      assert.equal(res.statusCode, 200, res.body)
      assert.deepEqual(res.json(), { engagementSettings: { levelThresholds: THRESHOLDS } })
      assert.deepEqual(await settingsOf(client), THRESHOLDS)
      await assertShown(client, expected, THRESHOLDS)
      assert.deepEqual(pulses.map((pulse) => levelFor(pulse, THRESHOLDS)), [0, 1, 2, 12])
      assert.deepEqual(await engagementOf(client, ids[3]!), expectedEngagement(ids[3]!, now(), [entry(one, 30, 30)], { thresholds: THRESHOLDS }))
      // Another workspace keeps its own.
      assert.deepEqual(await settingsOf(api(app, newWorkspace())), DEFAULT_THRESHOLDS)
      assert.equal((await client.put('/v1/engagement-settings', { levelThresholds: DEFAULT_THRESHOLDS })).statusCode, 200)
      await assertShown(client, expected)
    })

    test('thresholds that are not 12 strictly ascending integers from 1 up answer 400, and nothing changes', async (t) => {
      const { client } = await clockedApp(t, store)
      assert.equal((await client.put('/v1/engagement-settings', { levelThresholds: THRESHOLDS })).statusCode, 200)
      for (const [, body, field] of BAD_SETTINGS) assertBadRequest(await client.put('/v1/engagement-settings', body), field)
      assert.deepEqual(await settingsOf(client), THRESHOLDS)
      // The largest and smallest that are allowed.
      const widest = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1_000_000_000]
      assert.deepEqual(recordOf(await client.put('/v1/engagement-settings', { levelThresholds: widest }), 200, 'engagementSettings'), { levelThresholds: widest })
    })

    test('an excluded member shows pulse 0 and level 0 everywhere until included, when its exact pulse returns', async (t) => {
      const { client, now } = await clockedApp(t, store)
      const message = await createType(client, { key: 'message', points: 6 })
      const reaction = await createType(client, { key: 'reaction', points: 1 })
      const [bot, ada, bob] = [await createMember(client, { firstName: 'bot' }), await createMember(client, { firstName: 'Ada' }), await createMember(client, { firstName: 'Bob' })]
      await activities(client, bot.id, 'message', 2)
      await activities(client, ada.id, 'message', 1)
      await activities(client, ada.id, 'reaction', 1)
      await assertShown(client, { [bot.id]: 12, [ada.id]: 7, [bob.id]: 0 })

      const excluded = await exclude(client, bot.id, true)
      assert.deepEqual(excluded, expectedEngagement(bot.id, now(), [entry(message, 2, 12)], { excluded: true }))
      assert.deepEqual(await engagementOf(client, bot.id), excluded)
      assert.deepEqual(Object.keys(await memberOf(client, bot.id)), MEMBER_FIELDS)
      await assertShown(client, { [bot.id]: 0, [ada.id]: 7, [bob.id]: 0 })
      // Excluding again changes nothing; its activities still count in its explanation.
      assert.deepEqual(await exclude(client, bot.id, true), excluded)
      await activities(client, bot.id, 'reaction', 1)
      assert.deepEqual(await engagementOf(client, bot.id), expectedEngagement(bot.id, now(), [entry(message, 2, 12), entry(reaction, 1, 1)], { excluded: true }))
      // A change of points leaves it at 0 too.
      assert.equal((await client.patch(`/v1/activity-types/${message.id}`, { points: 7 })).statusCode, 200)
      await assertShown(client, { [bot.id]: 0, [ada.id]: 8, [bob.id]: 0 })

      const included = await exclude(client, bot.id, false)
      assert.deepEqual(included, expectedEngagement(bot.id, now(), [entry(message, 2, 14), entry(reaction, 1, 1)]))
      assert.deepEqual(await engagementOf(client, bot.id), included)
      await assertShown(client, { [bot.id]: 15, [ada.id]: 8, [bob.id]: 0 })
      assert.deepEqual(await exclude(client, bot.id, false), included)
    })

    test('PATCH engagement takes exactly {excluded: boolean}; an unknown member, or another workspace\'s, is 404', async (t) => {
      const { app, client } = await clockedApp(t, store)
      const member = await createMember(client)
      for (const [body, field] of [
        [{}, 'excluded'], [{ excluded: 'true' }, 'excluded'], [{ excluded: 1 }, 'excluded'], [{ excluded: null }, 'excluded'],
        [{ excluded: true, pulse: 0 }, 'pulse'], [[true], 'body']
      ] as const) {
        assertBadRequest(await client.patch(`/v1/members/${member.id}/engagement`, body), field)
      }
      assert.equal((await engagementOf(client, member.id)).excluded, false)
      const otherClient = api(app, newWorkspace())
      const other = await createMember(otherClient)
      for (const id of [randomUUID(), 'not-a-uuid', other.id]) {
        assertNotFound(await client.get(`/v1/members/${id}/engagement`))
        assertNotFound(await client.patch(`/v1/members/${id}/engagement`, { excluded: true }))
      }
      assert.equal((await engagementOf(otherClient, other.id)).excluded, false)
    })

    test('time passing lowers pulse with no write: record, explanation, sorts and minLevel', async (t) => {
      const { client, now, advance } = await clockedApp(t, store)
      const note = await createType(client, { key: 'note', points: 1 })
      const [x, y, z] = [await createMember(client, { firstName: 'x' }), await createMember(client, { firstName: 'y' }), await createMember(client, { firstName: 'z' })]
      await activities(client, x.id, 'note', 10, { createdAt: START - 80 * DAY })
      await activities(client, y.id, 'note', 3, { createdAt: START - 5 * DAY })
      await activities(client, z.id, 'note', 1)
      await assertShown(client, { [x.id]: 10, [y.id]: 3, [z.id]: 1 })

      // x's activities are 90 days old less a second, then exactly 90 days old.
      advance(10 * DAY - 1)
      assert.deepEqual(await engagementOf(client, x.id), expectedEngagement(x.id, now(), [entry(note, 10, 10)]))
      await assertShown(client, { [x.id]: 10, [y.id]: 3, [z.id]: 1 })
      advance(1)
      assert.deepEqual(await engagementOf(client, x.id), expectedEngagement(x.id, now(), []))
      await assertShown(client, { [x.id]: 0, [y.id]: 3, [z.id]: 1 })
      // 91 days after the start, nothing is left in anyone's window.
      advance(81 * DAY)
      assert.equal(now(), START + 91 * DAY)
      for (const member of [x, y, z]) assert.deepEqual(await engagementOf(client, member.id), expectedEngagement(member.id, now(), []))
      await assertShown(client, { [x.id]: 0, [y.id]: 0, [z.id]: 0 })
      assert.deepEqual([(await memberOf(client, x.id)).firstActivity, (await memberOf(client, z.id)).lastActivity], [wire(START - 80 * DAY), wire(START)])
      // A new activity counts at once.
      await activities(client, y.id, 'note', 2)
      await assertShown(client, { [x.id]: 0, [y.id]: 2, [z.id]: 0 })
    })

    test('every page of sort=-pulse and minLevel is exact at any depth as activities leave the window', async (t) => {
      const { client, advance } = await clockedApp(t, store)
      for (let points = 1; points <= 25; points++) await createType(client, { key: `p${points}`, points })
      // Member i: one activity of p(k) at d days ago, one of 1 point at e days ago, so pulses fall in steps.
      const plan: Array<{ id: string, k: number, d: number, e: number }> = []
      for (let i = 0; i < 25; i++) {
        const member = await createMember(client, { firstName: `m${i}` })
        const k = (i * 7) % 25 + 1
        const d = (i * 11) % 80 + 5
        const e = (i * 17) % 89
        await activities(client, member.id, `p${k}`, 1, { createdAt: START - d * DAY })
        await activities(client, member.id, 'p1', 1, { createdAt: START - e * DAY })
        plan.push({ id: member.id, k, d, e })
      }
      let elapsed = 0
      for (const days of [0, 10, 25, 30, 20]) {
        advance(days * DAY)
        elapsed += days
        const pulse = (member: typeof plan[number]) => (member.d + elapsed < 90 ? member.k : 0) + (member.e + elapsed < 90 ? 1 : 0)
        const expected = plan.map((member) => ({ id: member.id, pulse: pulse(member) }))
        const order = [...expected].sort((a, b) => b.pulse - a.pulse || (a.id < b.id ? 1 : -1))
        const pages: Member[] = []
        for (let page = 1; page <= 4; page++) {
          const res = await client.get(`/v1/members?sort=-pulse&pageSize=10&page=${page}`)
          assert.equal(res.statusCode, 200, res.body)
          const body = res.json() as { totalMembers: number, members: Member[] }
          assert.equal(body.totalMembers, 25)
          pages.push(...body.members)
        }
        assert.deepEqual(pages.map(({ id, pulse, level }) => ({ id, pulse, level })),
          order.map((row) => ({ ...row, level: levelFor(row.pulse) })), `after ${elapsed} days`)
        for (const minLevel of [1, 2, 3, 4]) {
          assert.deepEqual((await listed(client, `sort=-pulse&minLevel=${minLevel}`)).map((member) => member.id),
            order.filter((row) => levelFor(row.pulse) >= minLevel).map((row) => row.id), `minLevel=${minLevel} after ${elapsed} days`)
        }
      }
      assert.equal(elapsed, 85)
    })
  })
}
