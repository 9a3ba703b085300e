import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { buildTestApp, testStores } from '../support/helpers.js'
import {
  DAY, assertBadRequest, assertNotFound, client, createActivity, createChannel, createMember, getActivity, getMember,
  idsOf, listOf, newestFirst, nextSecond, pageBody, qs, wireTimeAgo, type Activity, type Client, type Member
} from '../support/list-support.js'

interface Planned {
  member: 'ada' | 'grace'
  key: string
  channel: 'general' | 'random' | null
  source: string | null
  at: string
}

// Ties in createdAt on 04-02, 04-03 and 04-05, so the id tie-break shows in every filter.
const PLAN: Planned[] = [
  { member: 'ada', key: 'post', channel: 'general', source: 'discord', at: '2026-04-01T10:00:00Z' },
  { member: 'ada', key: 'comment', channel: 'general', source: 'discord', at: '2026-04-02T10:00:00Z' },
  { member: 'grace', key: 'post', channel: 'random', source: 'github', at: '2026-04-02T10:00:00Z' },
  { member: 'grace', key: 'post', channel: null, source: null, at: '2026-04-03T10:00:00Z' },
  { member: 'ada', key: 'star', channel: 'random', source: 'github', at: '2026-04-03T10:00:00Z' },
  { member: 'ada', key: 'post', channel: 'general', source: null, at: '2026-04-04T10:00:00Z' },
  { member: 'grace', key: 'comment', channel: 'general', source: 'discord', at: '2026-04-05T10:00:00Z' },
  { member: 'ada', key: 'post', channel: null, source: 'discord', at: '2026-04-05T10:00:00Z' }
]

interface Seeded {
  members: Record<Planned['member'], Member>
  channels: Record<'general' | 'random', { id: string }>
  activities: Array<Activity & { plan: Planned }>
}

/** Two members, two channels and PLAN's activities, created in an order unrelated to their times. */
async function seed (api: Client): Promise<Seeded> {
  const members = {
    ada: await createMember(api, { firstName: 'Ada' }),
    grace: await createMember(api, { firstName: 'Grace' })
  }
  const channels = {
    general: await createChannel(api, { name: 'general' }),
    random: await createChannel(api, { name: 'random' })
  }
  const activities: Seeded['activities'] = []
  for (const index of [3, 0, 6, 1, 7, 2, 5, 4]) {
    const plan = PLAN[index]!
    const body: Record<string, unknown> = { memberId: members[plan.member].id, activityTypeKey: plan.key, createdAt: plan.at }
    if (plan.channel !== null) body.channelId = channels[plan.channel].id
    if (plan.source !== null) body.source = plan.source
    activities.push({ ...await createActivity(api, body), plan })
  }
  return { members, channels, activities }
}

/** The activities record by record as the API answers them (without the test's plan). */
const records = (activities: Seeded['activities']): Activity[] => activities.map(({ plan, ...activity }) => activity)

/** A first page at the default size holding exactly `activities`, newest first. */
function assertPage (body: unknown, activities: Seeded['activities'], message?: string) {
  assert.deepEqual(body, pageBody('activities', 1, 10, activities.length, records(newestFirst(activities))), message)
}

type Filter = [Record<string, string>, (plan: Planned) => boolean]

/** Filters both lists take, each with the rule it must follow. */
function filterCases (seeded: Seeded): Filter[] {
  const { channels } = seeded
  return [
    [{ channelId: channels.general.id }, (plan) => plan.channel === 'general'],
    [{ channelId: channels.random.id.toUpperCase() }, (plan) => plan.channel === 'random'],
    [{ channelId: randomUUID() }, () => false],
    [{ activityTypeKey: 'post' }, (plan) => plan.key === 'post'],
    [{ activityTypeKey: 'comment' }, (plan) => plan.key === 'comment'],
    [{ activityTypeKey: 'star' }, (plan) => plan.key === 'star'],
    [{ activityTypeKey: 'like' }, () => false],
    [{ activityTypeKey: 'pos' }, () => false],
    [{ since: '2026-04-03T10:00:00Z' }, (plan) => plan.at >= '2026-04-03T10:00:00Z'],
    [{ since: '2026-04-03T12:00:00+02:00' }, (plan) => plan.at >= '2026-04-03T10:00:00Z'],
    [{ since: '2026-04-03T10:00:01Z' }, (plan) => plan.at > '2026-04-03T10:00:00Z'],
    [{ until: '2026-04-02T10:00:00Z' }, (plan) => plan.at <= '2026-04-02T10:00:00Z'],
    [{ until: '2026-04-02T05:00:00-05:00' }, (plan) => plan.at <= '2026-04-02T10:00:00Z'],
    [{ until: '2026-04-02T09:59:59Z' }, (plan) => plan.at < '2026-04-02T10:00:00Z'],
    [{ since: '2026-04-02T10:00:00Z', until: '2026-04-02T10:00:00Z' }, (plan) => plan.at === '2026-04-02T10:00:00Z'],
    [{ since: '2026-04-06T00:00:00Z' }, () => false],
    [{ until: '2026-03-31T23:59:59Z' }, () => false],
    [{ source: 'discord' }, (plan) => plan.source === 'discord'],
    [{ source: 'github' }, (plan) => plan.source === 'github'],
    [{ source: 'Api' }, (plan) => plan.source === null],
    [{ source: 'Discord' }, () => false],
    [{ source: 'disc' }, () => false],
    [{ activityTypeKey: 'post', source: 'discord' }, (plan) => plan.key === 'post' && plan.source === 'discord'],
    [{ channelId: channels.general.id, since: '2026-04-02T00:00:00Z', until: '2026-04-04T23:59:59Z' },
      (plan) => plan.channel === 'general' && plan.at >= '2026-04-02' && plan.at <= '2026-04-04T23:59:59Z'],
    [{ channelId: channels.random.id, activityTypeKey: 'comment' }, () => false]
  ]
}

const BAD_QUERIES: Array<[string, string, string]> = [
  ['page=0', 'page', 'must be >= 1'],
  ['page=x', 'page', 'must be an integer written in decimal digits'],
  ['pageSize=9', 'pageSize', 'must be >= 10'],
  ['pageSize=101', 'pageSize', 'must be <= 100'],
  ['pageSize=99.9', 'pageSize', 'must be an integer written in decimal digits'],
  ['channelId=general', 'channelId', 'must match format "uuid"'],
  ['activityTypeKey=Post', 'activityTypeKey', 'must match pattern "^[a-z0-9:_.-]+$"'],
  ['activityTypeKey=a%20b', 'activityTypeKey', 'must match pattern "^[a-z0-9:_.-]+$"'],
  ['activityTypeKey=', 'activityTypeKey', 'must NOT have fewer than 1 characters'],
  [`activityTypeKey=${'k'.repeat(101)}`, 'activityTypeKey', 'must NOT have more than 100 characters'],
  ['since=yesterday', 'since', 'must match format "date-time"'],
  ['since=2026-04-01', 'since', 'must match format "date-time"'],
  // A date-time without an offset names no instant, and the answer says what is missing.
  ['until=2026-04-01T10:00:00', 'until', 'needs an offset: Z or ±hh:mm (e.g. 2026-01-31T09:30:00Z or 2026-01-31T10:30:00+01:00)'],
  ['until=1712000000', 'until', 'must match format "date-time"'],
  ['source=', 'source', 'must NOT have fewer than 1 characters'],
  [`source=${'s'.repeat(101)}`, 'source', 'must NOT have more than 100 characters'],
  ['sort=createdAt', 'sort', 'is not allowed'],
  ['q=hello', 'q', 'is not allowed'],
  ['eventId=1b4e28ba-2fa1-41d2-883f-0016d3cca427', 'eventId', 'is not allowed']
]

for (const store of testStores()) {
  describe(`activity list filters (${store.name})`, () => {
    test('an empty workspace lists no activities', async (t) => {
      const api = client(await buildTestApp(t, store))
      assert.deepEqual(await listOf(api, '/v1/activities'), { page: 1, pageSize: 10, totalActivities: 0, activities: [] })
    })

    test('a listed activity carries exactly the fields of the activity record', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, { firstName: 'Ada' })
      const channel = await createChannel(api, { name: 'general' })
      const first = await createActivity(api, { memberId: member.id, activityTypeKey: 'post', createdAt: '2026-04-01T10:00:00Z' })
      const eventId = randomUUID()
      const reply = await createActivity(api, {
        memberId: member.id,
        activityTypeKey: 'comment',
        title: 'Re: hello',
        message: 'Welcome!',
        externalId: 'ext-1',
        channelId: channel.id,
        eventId,
        replyTo: first.id,
        reactTo: first.id,
        inviteTo: first.id,
        source: 'discord',
        createdAt: '2026-04-01T12:30:00+02:00'
      })
      assert.deepEqual(await listOf(api, `/v1/activities?channelId=${channel.id}`), {
        page: 1,
        pageSize: 10,
        totalActivities: 1,
        activities: [{
          id: reply.id,
          externalId: 'ext-1',
          title: 'Re: hello',
          message: 'Welcome!',
          replyTo: first.id,
          reactTo: first.id,
          inviteTo: first.id,
          source: 'discord',
          activityTypeId: reply.activityTypeId,
          channelId: channel.id,
          eventId,
          memberId: member.id,
          workspaceId: api.workspaceId,
          createdAt: '2026-04-01T10:30:00Z',
          updatedAt: reply.updatedAt
        }]
      })
      assert.notEqual(reply.activityTypeId, first.activityTypeId)
    })

    test('the list is ordered by createdAt desc then id desc, with or without a filter', async (t) => {
      const api = client(await buildTestApp(t, store))
      const seeded = await seed(api)
      assertPage(await listOf(api, '/v1/activities'), seeded.activities)
      assertPage(await listOf(api, `/v1/activities?memberId=${seeded.members.ada.id}`),
        seeded.activities.filter((activity) => activity.plan.member === 'ada'))
    })

    test('memberId, channelId, activityTypeKey, since, until and source each keep exactly the matching activities', async (t) => {
      const api = client(await buildTestApp(t, store))
      const seeded = await seed(api)
      const cases: Filter[] = [
        [{ memberId: seeded.members.ada.id }, (plan) => plan.member === 'ada'],
        [{ memberId: seeded.members.grace.id.toUpperCase() }, (plan) => plan.member === 'grace'],
        [{ memberId: randomUUID() }, () => false],
        [{ memberId: seeded.members.ada.id, activityTypeKey: 'post', source: 'discord' },
          (plan) => plan.member === 'ada' && plan.key === 'post' && plan.source === 'discord'],
        ...filterCases(seeded)
      ]
      for (const [filter, rule] of cases) {
        const query = qs(filter)
        assertPage(await listOf(api, `/v1/activities?${query}`), seeded.activities.filter((activity) => rule(activity.plan)), query)
      }
    })

    test('23 matches of a filter at pageSize 10 come in pages of 10, 10 and 3, then an empty page', async (t) => {
      const api = client(await buildTestApp(t, store))
      const ada = await createMember(api, { firstName: 'Ada' })
      const grace = await createMember(api, { firstName: 'Grace' })
      const matching: Activity[] = []
      for (let i = 0; i < 23; i++) {
        // Three activities share each instant, so ties fall on the page boundaries.
        const createdAt = `2026-05-${String(1 + Math.floor(i / 3)).padStart(2, '0')}T00:00:00Z`
        matching.push(await createActivity(api, { memberId: ada.id, activityTypeKey: 'post', createdAt }))
        if (i % 4 === 0) await createActivity(api, { memberId: ada.id, activityTypeKey: 'comment', createdAt })
        if (i % 4 === 1) await createActivity(api, { memberId: grace.id, activityTypeKey: 'post', createdAt })
      }
      const expected = newestFirst(matching)
      const pages = [expected.slice(0, 10), expected.slice(10, 20), expected.slice(20), []]
      const filter = `memberId=${ada.id}&activityTypeKey=post`
      for (const [index, activities] of pages.entries()) {
        const page = index + 1
        assert.deepEqual(await listOf(api, `/v1/activities?${filter}&page=${page}`), pageBody('activities', page, 10, 23, activities))
        assert.deepEqual(await listOf(api, `/v1/activities/member/${ada.id}?activityTypeKey=post&page=${page}`),
          pageBody('activities', page, 10, 23, activities))
      }
      assert.deepEqual(await listOf(api, `/v1/activities?${filter}&pageSize=20&page=2`), pageBody('activities', 2, 20, 23, expected.slice(20)))
      assert.deepEqual(await listOf(api, `/v1/activities?${filter}&page=99`), pageBody('activities', 99, 10, 23, []))
      assert.equal((await listOf(api, `/v1/activities?memberId=${ada.id}`)).totalActivities, 29)
      assert.equal((await listOf(api, '/v1/activities?activityTypeKey=post')).totalActivities, 29)
      assert.equal((await listOf(api, '/v1/activities')).totalActivities, 35)
    })

    test('a bad query parameter answers 400 naming the parameter', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, { firstName: 'Ada' })
      for (const [query, field, message] of [...BAD_QUERIES, ['memberId=ada', 'memberId', 'must match format "uuid"'] as const]) {
        assertBadRequest(await api.get(`/v1/activities?${query}`), field, message)
      }
      for (const [query, field, message] of BAD_QUERIES) {
        assertBadRequest(await api.get(`/v1/activities/member/${member.id}?${query}`), field, message)
      }
    })

    test('until before since is a 400 naming until, on the list and on the timeline', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, { firstName: 'Ada' })
      const bad = [
        { since: '2026-04-02T00:00:00Z', until: '2026-04-01T23:59:59Z' },
        { since: '2026-04-02T00:00:00Z', until: '2026-04-02T00:30:00+01:00' }
      ]
      for (const range of bad) {
        assertBadRequest(await api.get(`/v1/activities?${qs(range)}`), 'until', 'must not be before since')
        assertBadRequest(await api.get(`/v1/activities/member/${member.id}?${qs(range)}`), 'until', 'must not be before since')
      }
    })

    test('a workspace lists only its own activities, whatever the filter', async (t) => {
      const app = await buildTestApp(t, store)
      const a = client(app)
      const b = client(app)
      const seeded = await seed(a)
      const bob = await createMember(b, { firstName: 'Bob' })
      const own = await createActivity(b, { memberId: bob.id, activityTypeKey: 'post', createdAt: '2026-04-02T10:00:00Z' })
      assert.deepEqual(await listOf(b, '/v1/activities'), pageBody('activities', 1, 10, 1, [own]))
      // The same key names a type of each workspace: b's "post" is not a's.
      assert.deepEqual(await listOf(b, '/v1/activities?activityTypeKey=post'), pageBody('activities', 1, 10, 1, [own]))
      assert.notEqual(own.activityTypeId, seeded.activities.find((activity) => activity.plan.key === 'post')!.activityTypeId)
      const queries = [
        `memberId=${seeded.members.ada.id}`, `channelId=${seeded.channels.general.id}`, 'activityTypeKey=comment',
        'source=discord', 'since=2026-04-03T00:00:00Z'
      ]
      for (const query of queries) {
        assert.deepEqual(await listOf(b, `/v1/activities?${query}`), pageBody('activities', 1, 10, 0, []), query)
      }
      assert.equal((await listOf(a, '/v1/activities')).totalActivities, PLAN.length)
    })
  })

  describe(`member timeline (${store.name})`, () => {
    test('GET /v1/activities/member/{id} lists that member\'s activities only, newest first', async (t) => {
      const api = client(await buildTestApp(t, store))
      const seeded = await seed(api)
      const idle = await createMember(api, { firstName: 'Idle' })
      for (const name of ['ada', 'grace'] as const) {
        assertPage(await listOf(api, `/v1/activities/member/${seeded.members[name].id}`),
          seeded.activities.filter((activity) => activity.plan.member === name))
      }
      assert.deepEqual(await listOf(api, `/v1/activities/member/${seeded.members.ada.id.toUpperCase()}?pageSize=10`),
        pageBody('activities', 1, 10, 5, records(newestFirst(seeded.activities.filter((activity) => activity.plan.member === 'ada')))))
      assert.deepEqual(await listOf(api, `/v1/activities/member/${idle.id}`), pageBody('activities', 1, 10, 0, []))
    })

    test('the timeline takes the list\'s filters, each applied within the member\'s activities', async (t) => {
      const api = client(await buildTestApp(t, store))
      const seeded = await seed(api)
      for (const name of ['ada', 'grace'] as const) {
        for (const [filter, rule] of filterCases(seeded)) {
          const query = qs(filter)
          assertPage(await listOf(api, `/v1/activities/member/${seeded.members[name].id}?${query}`),
            seeded.activities.filter((activity) => activity.plan.member === name && rule(activity.plan)), `${name} ${query}`)
        }
      }
    })

    test('memberId as a query parameter of the timeline is a 400', async (t) => {
      const api = client(await buildTestApp(t, store))
      const ada = await createMember(api, { firstName: 'Ada' })
      const grace = await createMember(api, { firstName: 'Grace' })
      for (const memberId of [ada.id, grace.id, 'ada']) {
        assertBadRequest(await api.get(`/v1/activities/member/${ada.id}?memberId=${memberId}`), 'memberId', 'is not allowed')
      }
    })

    test('the timeline of an unknown, malformed, deleted or other workspace\'s member is a 404', async (t) => {
      const app = await buildTestApp(t, store)
      const a = client(app)
      const b = client(app)
      const seeded = await seed(a)
      const gone = await createMember(a, { firstName: 'Gone' })
      await createActivity(a, { memberId: gone.id, activityTypeKey: 'post' })
      assert.equal((await a.delete(`/v1/members/${gone.id}`)).statusCode, 200)
      for (const id of [randomUUID(), 'ada', '42', gone.id]) {
        assertNotFound(await a.get(`/v1/activities/member/${id}`))
        assertNotFound(await a.get(`/v1/activities/member/${id}?activityTypeKey=post`))
      }
      // Even one with activities: workspace B cannot learn that a's member exists.
      await createMember(b, { firstName: 'Bob' })
      assertNotFound(await b.get(`/v1/activities/member/${seeded.members.ada.id}`))
      assertNotFound(await b.get(`/v1/activities/member/${seeded.members.ada.id}?${qs({ since: '2026-01-01T00:00:00Z' })}`))
    })
  })

  describe(`activity delete (${store.name})`, () => {
    test('DELETE answers {success: true}; the activity is gone, the totals drop, and a second DELETE is a 404', async (t) => {
      const api = client(await buildTestApp(t, store))
      const seeded = await seed(api)
      const doomed = seeded.activities.find((activity) => activity.plan.key === 'star')!
      const res = await api.delete(`/v1/activities/${doomed.id}`)
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { success: true })
      assertNotFound(await api.get(`/v1/activities/${doomed.id}`))
      assertNotFound(await api.patch(`/v1/activities/${doomed.id}`, { title: 'back' }))
      assertNotFound(await api.delete(`/v1/activities/${doomed.id}`))

      const rest = seeded.activities.filter((activity) => activity.id !== doomed.id)
      assertPage(await listOf(api, '/v1/activities'), rest)
      assertPage(await listOf(api, `/v1/activities/member/${seeded.members.ada.id}`), rest.filter((activity) => activity.plan.member === 'ada'))
      assertPage(await listOf(api, `/v1/activities?channelId=${seeded.channels.random.id}`), rest.filter((activity) => activity.plan.channel === 'random'))
      assertPage(await listOf(api, '/v1/activities?activityTypeKey=star'), [])
      assertPage(await listOf(api, '/v1/activities?source=github'), rest.filter((activity) => activity.plan.source === 'github'))
    })

    test('deleting an activity clears the replyTo, reactTo and inviteTo that pointed at it, and nothing else', async (t) => {
      const api = client(await buildTestApp(t, store))
      const ada = await createMember(api, { firstName: 'Ada' })
      const grace = await createMember(api, { firstName: 'Grace' })
      const target = await createActivity(api, { memberId: ada.id, activityTypeKey: 'post', createdAt: '2026-04-01T00:00:00Z' })
      const other = await createActivity(api, { memberId: ada.id, activityTypeKey: 'post', createdAt: '2026-04-01T00:00:00Z' })
      const pointing = [
        await createActivity(api, { memberId: grace.id, activityTypeKey: 'comment', replyTo: target.id }),
        await createActivity(api, { memberId: ada.id, activityTypeKey: 'reaction', reactTo: target.id }),
        await createActivity(api, { memberId: grace.id, activityTypeKey: 'invite', inviteTo: target.id }),
        await createActivity(api, { memberId: grace.id, activityTypeKey: 'comment', replyTo: target.id, reactTo: other.id, inviteTo: target.id })
      ]
      const untouched = [
        other,
        await createActivity(api, { memberId: grace.id, activityTypeKey: 'comment', replyTo: other.id, reactTo: other.id, inviteTo: other.id })
      ]

      assert.deepEqual((await api.delete(`/v1/activities/${target.id}`)).json(), { success: true })
      for (const activity of pointing) {
        const now = await getActivity(api, activity.id)
        const cleared = Object.fromEntries((['replyTo', 'reactTo', 'inviteTo'] as const)
          .map((field) => [field, activity[field] === target.id ? null : activity[field]]))
        assert.deepEqual(now, { ...activity, ...cleared, updatedAt: now.updatedAt })
        assert.ok(now.updatedAt >= activity.updatedAt)
      }
      for (const activity of untouched) assert.deepEqual(await getActivity(api, activity.id), activity)
      assert.equal((await listOf(api, '/v1/activities')).totalActivities, 6)
      // The deleted activity can no longer be replied to.
      assertBadRequest(await api.post('/v1/activities', { memberId: ada.id, activityTypeKey: 'comment', replyTo: target.id }),
        'replyTo', 'does not name a record of this workspace')
    })

    test('after each delete the member\'s firstActivity, lastActivity, pulse and level follow its remaining activities', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, { firstName: 'Ada' })
      const bystander = await createMember(api, { firstName: 'Grace' })
      await createActivity(api, { memberId: bystander.id, activityTypeKey: 'post' })
      const old = await createActivity(api, { memberId: member.id, activityTypeKey: 'post', createdAt: wireTimeAgo(100 * DAY) })
      const month = await createActivity(api, { memberId: member.id, activityTypeKey: 'post', createdAt: wireTimeAgo(30 * DAY) })
      const twin = await createActivity(api, { memberId: member.id, activityTypeKey: 'post', createdAt: month.createdAt })
      const recent = await createActivity(api, { memberId: member.id, activityTypeKey: 'post' })
      const before = await getMember(api, member.id)
      const bystanderBefore = await getMember(api, bystander.id)
      assert.deepEqual(before, { ...member, firstActivity: old.createdAt, lastActivity: recent.createdAt, pulse: 3, level: 1 })
      // A later second, so a moved updatedAt would show.
      await nextSecond()

      const steps: Array<[Activity, Partial<Member>]> = [
        [recent, { firstActivity: old.createdAt, lastActivity: month.createdAt, pulse: 2, level: 1 }],
        [old, { firstActivity: month.createdAt, lastActivity: month.createdAt, pulse: 2, level: 1 }],
        // Its twin keeps the same instant as both first and last activity.
        [twin, { firstActivity: month.createdAt, lastActivity: month.createdAt, pulse: 1, level: 1 }],
        [month, { firstActivity: null, lastActivity: null, pulse: 0, level: 0 }]
      ]
      let remaining = 4
      for (const [activity, derived] of steps) {
        assert.deepEqual((await api.delete(`/v1/activities/${activity.id}`)).json(), { success: true })
        remaining--
        const expected = { ...member, ...derived }
        assert.deepEqual(await getMember(api, member.id), expected)
        assert.equal((await listOf(api, `/v1/activities/member/${member.id}`)).totalActivities, remaining)
        // The member list's filters see the same derived values.
        assert.equal((await idsOf(api, '/v1/members?minLevel=1')).includes(member.id), expected.level >= 1)
        assert.equal((await idsOf(api, `/v1/members?${qs({ activeUntil: month.createdAt })}`)).includes(member.id), expected.lastActivity !== null)
      }
      assert.deepEqual(await getMember(api, bystander.id), bystanderBefore)
      // With no activity left the member can start again.
      const again = await createActivity(api, { memberId: member.id, activityTypeKey: 'post', createdAt: wireTimeAgo(30 * DAY) })
      assert.deepEqual(await getMember(api, member.id), { ...member, firstActivity: again.createdAt, lastActivity: again.createdAt, pulse: 1, level: 1 })
    })

    test('DELETE of an unknown or malformed id is a 404', async (t) => {
      const api = client(await buildTestApp(t, store))
      const seeded = await seed(api)
      for (const id of [randomUUID(), 'post', '7', `${seeded.activities[0]!.id}f`]) assertNotFound(await api.delete(`/v1/activities/${id}`))
      assertPage(await listOf(api, '/v1/activities'), seeded.activities)
    })

    test('another workspace cannot delete an activity: 404, and the activity, its references and its member stay', async (t) => {
      const app = await buildTestApp(t, store)
      const a = client(app)
      const b = client(app)
      const member = await createMember(a, { firstName: 'Ada' })
      const target = await createActivity(a, { memberId: member.id, activityTypeKey: 'post' })
      const reply = await createActivity(a, { memberId: member.id, activityTypeKey: 'comment', replyTo: target.id })
      const memberBefore = await getMember(a, member.id)
      assertNotFound(await b.delete(`/v1/activities/${target.id}`))
      assertNotFound(await b.get(`/v1/activities/${target.id}`))
      assert.deepEqual(await getActivity(a, target.id), target)
      assert.deepEqual(await getActivity(a, reply.id), reply)
      assert.deepEqual(await getMember(a, member.id), memberBefore)
      assert.equal((await listOf(a, '/v1/activities')).totalActivities, 2)
      assert.deepEqual(await listOf(b, '/v1/activities'), pageBody('activities', 1, 10, 0, []))
    })
  })
}
