import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  api, assertError, authHeader, createChannel, createCompany, createMember, newWorkspace, testStores, UUID, type Api, type Response
} from '../support/helpers.js'
import { DAY, wire } from '../support/engagement-support.js'
import {
  activityPage, activityTotal, channelTotal, companyTotal, derivedFields, getActivity, getChannel, getCompany, getMember,
  memberTotal, ownFields, sharedApp, timelineTotal, times, typeKeys, type Activity, type Channel, type Company, type Member
} from '../support/ingestion-support.js'

// Issue 16, "A backlog in a few requests": POST /v1/{activities,members,companies,channels}/bulk take 1..1000 items,
// each the body of the single create, and answer 200 {results: [{index, status, <record> | error}]}, one per item
// in order. Items apply in order as if sent one by one (a later duplicate updates what an earlier one wrote); an
// invalid item gets the error it would get alone, changes nothing and never fails the others.

const RESOURCES = {
  activities: 'activity',
  members: 'member',
  companies: 'company',
  channels: 'channel'
} as const
type Resource = keyof typeof RESOURCES

interface ErrorEnvelope { code: string, error: string, details?: Array<{ field: string, message: string, id?: string }> }
interface BulkResult { index: number, status: number, error?: ErrorEnvelope, [record: string]: unknown }

const MIB = 1024 * 1024
const TAG = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b'
const IDENTITY_REQUIRED = {
  code: 'BAD_REQUEST',
  error: 'Invalid request',
  details: [{ field: 'firstName|lastName|primaryEmail', message: 'one of firstName, lastName, primaryEmail is required' }]
}

const bulk = (client: Api, resource: Resource, items: unknown[]) => client.post(`/v1/${resource}/bulk`, { [resource]: items })

/** POST a body already in JSON text (any JSON value, or one too large to build twice). */
const postJson = (app: FastifyInstance, workspaceId: string, url: string, body: string) =>
  app.inject({ method: 'POST', url, headers: { ...authHeader(workspaceId), 'content-type': 'application/json' }, payload: body })

/** The results of a bulk answer: 200, `{results}` only, one per item, indexes 0.. in order, each a record or an error. */
function resultsOf (res: Response, resource: Resource, count: number): BulkResult[] {
  assert.equal(res.statusCode, 200, res.body.slice(0, 2000))
  const body = res.json() as { results: BulkResult[] }
  assert.deepEqual(Object.keys(body), ['results'])
  assert.equal(body.results.length, count)
  body.results.forEach((result, i) => {
    assert.equal(result.index, i)
    const key = result.status < 300 ? RESOURCES[resource] : 'error'
    assert.deepEqual(Object.keys(result), ['index', 'status', key], JSON.stringify(result).slice(0, 500))
  })
  return body.results
}

/** The record of result `i`, which must have `status` (201 or 200). */
function recordAt<T> (results: BulkResult[], i: number, status: number, key: string): T {
  const result = results[i]!
  assert.equal(result.status, status, `item ${i}: ${JSON.stringify(result).slice(0, 500)}`)
  return result[key] as T
}

/** The error of result `i`: status 400 and the envelope with one detail naming `field`. */
function assertItemError (results: BulkResult[], i: number, field: string, message?: string): void {
  const result = results[i]!
  assert.equal(result.status, 400, `item ${i}: ${JSON.stringify(result)}`)
  const error = result.error!
  assert.deepEqual({ code: error.code, error: error.error }, { code: 'BAD_REQUEST', error: 'Invalid request' })
  assert.equal(error.details?.length, 1, JSON.stringify(error))
  assert.deepEqual(Object.keys(error.details![0]!), ['field', 'message'])
  assert.equal(error.details![0]!.field, field, JSON.stringify(error))
  if (message !== undefined) assert.equal(error.details![0]!.message, message)
}

/**
 * Each refused item gets what the single create answers for it alone (status and envelope). Call it after the
 * bulk request, with items that change nothing when sent alone.
 */
async function assertAsAlone (client: Api, resource: Resource, items: unknown[], results: BulkResult[], indexes: number[]): Promise<void> {
  for (const i of indexes) {
    const alone = await client.post(`/v1/${resource}`, items[i])
    assert.ok(alone.statusCode >= 400, `item ${i} alone: ${alone.body}`)
    assert.deepEqual({ status: results[i]!.status, error: results[i]!.error }, { status: alone.statusCode, error: alone.json() }, `item ${i}`)
  }
}

/** The last record each result returns for an id equals what GET answers now (every field, nothing more). */
async function assertAsRead (client: Api, resource: Resource, results: BulkResult[]): Promise<void> {
  const key = RESOURCES[resource]
  const last = new Map<string, unknown>()
  for (const result of results) {
    const record = result[key] as { id: string } | undefined
    if (record !== undefined) last.set(record.id, record)
  }
  for (const [id, record] of last) {
    const res = await client.get(`/v1/${resource}/${id}`)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(res.json(), { [key]: record }, `${resource} ${id}`)
  }
}

/** A whole bulk request refused: 400 in the envelope, with details naming `field` when given. */
function assertRefused (res: Response, field?: string): void {
  assert.equal(res.statusCode, 400, res.body.slice(0, 2000))
  const body = res.json() as ErrorEnvelope
  assert.deepEqual({ code: body.code, error: body.error }, { code: 'BAD_REQUEST', error: 'Invalid request' })
  if (field !== undefined) assert.ok(body.details?.some((detail) => detail.field === field), res.body.slice(0, 2000))
}

const note = (memberId: string, extra: Record<string, unknown> = {}) => ({ memberId, activityTypeKey: 'note', ...extra })

for (const store of testStores()) {
  describe(`bulk routes (${store.name})`, () => {
    const fresh = sharedApp(store)

    // ---- Activities ----

    test('POST /v1/activities/bulk creates each valid item (201) and answers one result per item in order, each record as GET reads it', async () => {
      const { client, workspaceId, start } = await fresh()
      const member = await createMember(client)
      const channel = await createChannel(client)
      const eventId = randomUUID()
      const items = [
        {
          memberId: member.id,
          activityTypeKey: 'github:pull_request.opened',
          title: 'Opened a pull request',
          message: 'Fixes the build',
          externalId: 'gh-1',
          channelId: channel.id,
          eventId,
          source: 'GitHub',
          createdAt: '2024-03-01T12:00:00+02:00'
        },
        note(member.id),
        note(member.id, { externalId: 'gh-1' }),
        note(member.id, { title: 'third', createdAt: wire(start - DAY) })
      ]
      const results = resultsOf(await bulk(client, 'activities', items), 'activities', 4)
      const first = recordAt<Activity>(results, 0, 201, 'activity')
      assert.match(first.id, UUID)
      assert.match(first.activityTypeId, UUID)
      assert.deepEqual(first, {
        id: first.id,
        externalId: 'gh-1',
        title: 'Opened a pull request',
        message: 'Fixes the build',
        replyTo: null,
        reactTo: null,
        inviteTo: null,
        source: 'GitHub',
        activityTypeId: first.activityTypeId,
        channelId: channel.id,
        eventId,
        memberId: member.id,
        workspaceId,
        createdAt: '2024-03-01T10:00:00Z',
        updatedAt: wire(start)
      })
      const second = recordAt<Activity>(results, 1, 201, 'activity')
      assert.deepEqual(second, {
        id: second.id,
        externalId: null,
        title: null,
        message: null,
        replyTo: null,
        reactTo: null,
        inviteTo: null,
        source: 'Api',
        activityTypeId: second.activityTypeId,
        channelId: null,
        eventId: null,
        memberId: member.id,
        workspaceId,
        createdAt: wire(start),
        updatedAt: wire(start)
      })
      // The same externalId with the default source is another pair.
      assert.equal(recordAt<Activity>(results, 2, 201, 'activity').externalId, 'gh-1')
      assert.equal(recordAt<Activity>(results, 3, 201, 'activity').createdAt, wire(start - DAY))
      assert.equal(new Set(results.map((result) => (result.activity as Activity).id)).size, 4)
      await assertAsRead(client, 'activities', results)
      assert.equal(await activityTotal(client), 4)
      assert.deepEqual(derivedFields(await getMember(client, member.id)),
        { firstActivity: '2024-03-01T10:00:00Z', lastActivity: wire(start), pulse: 3, level: 1 })
    })

    test('mixed valid, invalid and duplicate items: each invalid one gets the error it would get alone and changes nothing; a later duplicate updates the earlier (200, same id)', async () => {
      const { app, client, advance, start } = await fresh()
      const member = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      const foreign = await createMember(api(app, newWorkspace()))
      const existing = recordAt<Activity>(resultsOf(await bulk(client, 'activities', [note(member.id, { externalId: 'old', source: 'discord', title: 'old' })]), 'activities', 1), 0, 201, 'activity')
      advance(60)
      const items: unknown[] = [
        note(member.id, { externalId: 'e1', source: 'discord', title: 'first', message: 'kept', createdAt: wire(start - DAY) }),
        note(member.id, { title: 't'.repeat(1001) }),
        note(member.id, { activityTypeKey: 'never-made', channelId: randomUUID() }),
        note(member.id, { externalId: 'e1', source: 'discord', title: 'second', createdAt: wire(start - 3600) }),
        note(member.id, { createdAt: wire(start + 3600) }),
        note(member.id, { title: 'plain' }),
        { memberId: member.id },
        note(foreign.id, { activityTypeKey: 'never-made' }),
        { activityTypeKey: 'never-made', member: { primaryEmail: 'nobody@example.com' }, replyTo: randomUUID() },
        note(member.id, { externalId: 'old', source: 'discord', title: 'old, edited' }),
        note(member.id, { bogus: true }),
        { activityTypeKey: 'note', member: { firstName: 'No Email' } },
        note(member.id, { externalId: 'e1', source: 'discord', title: 'second' })
      ]
      const results = resultsOf(await bulk(client, 'activities', items), 'activities', items.length)
      assert.deepEqual(results.map((result) => result.status), [201, 400, 400, 200, 400, 201, 400, 400, 400, 200, 400, 400, 200])

      const first = recordAt<Activity>(results, 0, 201, 'activity')
      assert.deepEqual([first.title, first.createdAt, first.updatedAt], ['first', wire(start - DAY), wire(start + 60)])
      const second = recordAt<Activity>(results, 3, 200, 'activity')
      assert.deepEqual(second, { ...first, title: 'second' })
      assert.deepEqual(recordAt<Activity>(results, 12, 200, 'activity'), second)
      const edited = recordAt<Activity>(results, 9, 200, 'activity')
      assert.deepEqual(edited, { ...existing, title: 'old, edited', updatedAt: wire(start + 60) })

      assertItemError(results, 1, 'title')
      assertItemError(results, 2, 'channelId')
      assertItemError(results, 4, 'createdAt')
      assertItemError(results, 6, 'activityTypeKey', 'is required')
      assertItemError(results, 7, 'memberId')
      assertItemError(results, 8, 'replyTo')
      assertItemError(results, 10, 'bogus', 'is not allowed')
      assertItemError(results, 11, 'member.primaryEmail', 'is required')
      await assertAsAlone(client, 'activities', items, results, [1, 2, 4, 6, 7, 8, 10, 11])

      await assertAsRead(client, 'activities', results)
      assert.equal(await activityTotal(client), 3)
      assert.deepEqual(await typeKeys(client), ['note'])
      assert.equal(await memberTotal(client), 1)
      assert.equal(await memberTotal(client, 'nobody@example.com'), 0)
      assert.deepEqual(derivedFields(await getMember(client, member.id)),
        { firstActivity: wire(start - DAY), lastActivity: wire(start + 60), pulse: 3, level: 1 })
    })

    test('an activity item naming its member by email finds it by any of its emails in any case, or creates it, and later items use the one an earlier item created', async () => {
      const { client } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com', emails: ['ada.work@example.com'] })
      const items: unknown[] = [
        { activityTypeKey: 'note', member: { primaryEmail: 'ADA.WORK@example.com', firstName: 'Not Ada' } },
        { activityTypeKey: 'note', member: { primaryEmail: 'new@example.com', firstName: 'New', tags: [TAG] }, source: 'discord' },
        { activityTypeKey: 'note', member: { primaryEmail: 'NEW@Example.com', firstName: 'Other' } },
        { activityTypeKey: 'note', memberId: ada.id, member: { primaryEmail: 'ada@example.com' } },
        { activityTypeKey: 'note', member: { primaryEmail: 'bad address' } },
        { activityTypeKey: 'note', member: { primaryEmail: 'other@example.com', nickname: 'o' } },
        { activityTypeKey: 'note', member: { primaryEmail: 'new@example.com' }, externalId: 'n-1' },
        { activityTypeKey: 'note', member: { primaryEmail: 'ada@example.com' }, externalId: 'n-1' }
      ]
      const results = resultsOf(await bulk(client, 'activities', items), 'activities', items.length)
      assert.deepEqual(results.map((result) => result.status), [201, 201, 201, 400, 400, 400, 201, 200])
      assert.equal(recordAt<Activity>(results, 0, 201, 'activity').memberId, ada.id)
      const created = recordAt<Activity>(results, 1, 201, 'activity').memberId
      assert.notEqual(created, ada.id)
      assert.equal(recordAt<Activity>(results, 2, 201, 'activity').memberId, created)
      assert.equal(recordAt<Activity>(results, 6, 201, 'activity').memberId, created)
      // A re-delivery naming another member's email moves the activity to that member.
      assert.equal(recordAt<Activity>(results, 7, 200, 'activity').memberId, ada.id)
      assertItemError(results, 4, 'member.primaryEmail')
      assertItemError(results, 5, 'member.nickname', 'is not allowed')
      await assertAsAlone(client, 'activities', items, results, [3, 4, 5])

      const member = await getMember(client, created)
      assert.deepEqual([member.primaryEmail, member.firstName, member.tags, member.source], ['new@example.com', 'New', [TAG], 'discord'])
      assert.deepEqual(ownFields(await getMember(client, ada.id)), ownFields(ada))
      assert.equal(await memberTotal(client), 2)
      assert.equal(await memberTotal(client, 'other@example.com'), 0)
      assert.deepEqual([await timelineTotal(client, ada.id), await timelineTotal(client, created)], [2, 2])
      await assertAsRead(client, 'activities', results)
    })

    test('member-side effects are exact after a bulk request whose re-deliveries move activities between members', async () => {
      const { client, start } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada' })
      const grace = await createMember(client, { firstName: 'Grace' })
      const linus = await createMember(client, { firstName: 'Linus' })
      resultsOf(await bulk(client, 'activities', [note(ada.id, { externalId: 'e0', source: 'discord', createdAt: wire(start - 10 * DAY) })]), 'activities', 1)
      const items = [
        note(ada.id, { externalId: 'e1', source: 'discord', createdAt: wire(start - 3 * DAY) }),
        note(ada.id, { externalId: 'e2', source: 'discord', createdAt: wire(start - DAY) }),
        note(grace.id, { externalId: 'e3', source: 'discord', createdAt: wire(start - 2 * DAY) }),
        note(grace.id, { externalId: 'e1', source: 'discord' }),
        note(ada.id, { createdAt: wire(start - 5 * DAY) }),
        note(grace.id, { externalId: 'e0', source: 'discord' }),
        note(grace.id, { createdAt: wire(start - 100 * DAY) }),
        note(linus.id, { externalId: 'e4', source: 'discord', createdAt: wire(start - 4 * DAY) }),
        note(ada.id, { externalId: 'e4', source: 'discord' })
      ]
      const results = resultsOf(await bulk(client, 'activities', items), 'activities', items.length)
      assert.deepEqual(results.map((result) => result.status), [201, 201, 201, 200, 201, 200, 201, 201, 200])
      // ada: e2 (-1 d), the plain one (-5 d), e4 (-4 d); grace: e3 (-2 d), e1 (-3 d), e0 (-10 d), one at -100 d outside the window.
      assert.deepEqual(derivedFields(await getMember(client, ada.id)),
        { firstActivity: wire(start - 5 * DAY), lastActivity: wire(start - DAY), pulse: 3, level: 1 })
      assert.deepEqual(derivedFields(await getMember(client, grace.id)),
        { firstActivity: wire(start - 100 * DAY), lastActivity: wire(start - 2 * DAY), pulse: 3, level: 1 })
      assert.deepEqual(derivedFields(await getMember(client, linus.id)), { firstActivity: null, lastActivity: null, pulse: 0, level: 0 })
      assert.deepEqual([await timelineTotal(client, ada.id), await timelineTotal(client, grace.id), await timelineTotal(client, linus.id)], [3, 4, 0])
      assert.equal(await activityTotal(client), 7)
      await assertAsRead(client, 'activities', results)
    })

    test('the whole request is a 400 that writes nothing when the body is not {activities: [1..1000 items]}', async () => {
      const { app, client, workspaceId } = await fresh()
      const member = await createMember(client)
      const valid = note(member.id, { externalId: 'x', title: 'never' })
      const refused: Array<[unknown, string?]> = [
        [{}, 'activities'],
        [{ activities: [] }, 'activities'],
        [{ activities: times(1001, (i) => note(member.id, { externalId: `e-${i}` })) }, 'activities'],
        [{ activities: [valid], dryRun: true }, 'dryRun'],
        [{ activities: [valid], members: [] }, 'members'],
        [{ activities: valid }, 'activities'],
        [{ activities: null }, 'activities'],
        [{ activities: 'x' }, 'activities'],
        [[valid]],
        ['activities'],
        [7],
        [null]
      ]
      for (const [body, field] of refused) {
        assertRefused(await postJson(app, workspaceId, '/v1/activities/bulk', JSON.stringify(body)), field)
      }
      assert.equal(await activityTotal(client), 0)
      assert.deepEqual(await typeKeys(client), [])
    })

    test('bulk bodies up to 16 MiB are read: 1000 activities with 10 KB messages land; a body over 16 MiB is a 413 and writes nothing', async () => {
      const { app, client, workspaceId } = await fresh()
      const member = await createMember(client)
      const message = (i: number) => `${i}:`.padEnd(10_000, 'm')
      const items = times(1000, (i) => note(member.id, { externalId: `big-${i}`, message: message(i) }))
      const body = JSON.stringify({ activities: items })
      assert.ok(body.length > 9.5 * MIB && body.length < 16 * MIB)
      const results = resultsOf(await postJson(app, workspaceId, '/v1/activities/bulk', body), 'activities', 1000)
      assert.ok(results.every((result) => result.status === 201))
      const ids = new Map(results.map((result) => [(result.activity as Activity).id, result.activity as Activity]))
      assert.equal(ids.size, 1000)
      // Every record the answer holds is the one the list reads back.
      let seen = 0
      for (let page = 1; page <= 10; page++) {
        for (const activity of (await activityPage(client, `/v1/activities?pageSize=100&page=${page}`)).activities) {
          assert.deepEqual(activity, ids.get(activity.id))
          seen++
        }
      }
      assert.equal(seen, 1000)
      assert.equal(await timelineTotal(client, member.id), 1000)

      const over = JSON.stringify({ activities: times(1000, (i) => note(member.id, { externalId: `over-${i}`, message: `${i}`.padEnd(17_000, 'o') })) })
      assert.ok(over.length > 16 * MIB)
      assertError(await postJson(app, workspaceId, '/v1/activities/bulk', over), 413, 'PAYLOAD_TOO_LARGE', 'Payload too large')
      assert.equal(await activityTotal(client), 1000)
      // The single create keeps its 1 MiB limit.
      const single = JSON.stringify(note(member.id, { message: 'm'.repeat(MIB) }))
      assertError(await postJson(app, workspaceId, '/v1/activities', single), 413, 'PAYLOAD_TOO_LARGE', 'Payload too large')
    })

    test('concurrent bulk requests re-delivering the same pairs make each activity once: one 201 per item across them', async () => {
      const { client } = await fresh()
      const member = await createMember(client)
      const items = times(20, (i) => note(member.id, { externalId: `c-${i}`, source: 'discord' }))
      const answers = await Promise.all(times(5, () => bulk(client, 'activities', items)))
      const all = answers.map((res) => resultsOf(res, 'activities', 20))
      for (let i = 0; i < 20; i++) {
        assert.deepEqual(all.map((results) => results[i]!.status).sort(), [200, 200, 200, 200, 201], `item ${i}`)
        assert.equal(new Set(all.map((results) => (results[i]!.activity as Activity).id)).size, 1, `item ${i}`)
      }
      assert.equal(await activityTotal(client), 20)
      assert.equal(await timelineTotal(client, member.id), 20)
      assert.equal((await getMember(client, member.id)).pulse, 20)
    })

    // ---- Members ----

    test('POST /v1/members/bulk updates, as a PATCH would, the member that has an item\'s email (primary or secondary, any case): 200; else creates one: 201', async () => {
      const { client, advance, workspaceId, start } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com', jobTitle: 'Analyst', emails: ['ada@work.example'] })
      const grace = await createMember(client, { firstName: 'Grace', primaryEmail: 'grace@example.com', emails: ['g@navy.example'] })
      advance(60)
      const items: unknown[] = [
        { primaryEmail: 'ada@example.com', jobTitle: 'CTO', tags: [TAG, TAG] },
        { primaryEmail: 'G@Navy.example', lastName: 'Hopper', phones: ['+1 555 0100'] },
        { firstName: 'Linus' },
        { primaryEmail: 'new@example.com', firstName: 'New', linkedinUrl: 'https://www.linkedin.com/in/new' },
        { primaryEmail: 'NEW@EXAMPLE.COM', lastName: 'Later' },
        { primaryEmail: 'ada@example.com', jobTitle: 'CTO' },
        {},
        { primaryEmail: 'nope' },
        { firstName: 'X', companyId: randomUUID() },
        { firstName: 'Y', tags: ['vip'] },
        { firstName: 'Z', source: 'discord' },
        { firstName: 'Linus' }
      ]
      const results = resultsOf(await bulk(client, 'members', items), 'members', items.length)
      assert.deepEqual(results.map((result) => result.status), [200, 200, 201, 201, 200, 200, 400, 400, 400, 400, 400, 201])

      const adaNow = { ...ada, jobTitle: 'CTO', tags: [TAG], updatedAt: wire(start + 60) }
      assert.deepEqual(recordAt<Member>(results, 0, 200, 'member'), adaNow)
      assert.deepEqual(recordAt<Member>(results, 5, 200, 'member'), adaNow)
      assert.deepEqual(recordAt<Member>(results, 1, 200, 'member'),
        { ...grace, primaryEmail: 'G@Navy.example', lastName: 'Hopper', phones: ['+1 555 0100'], updatedAt: wire(start + 60) })
      const linus = recordAt<Member>(results, 2, 201, 'member')
      assert.deepEqual(linus, {
        id: linus.id,
        firstName: 'Linus',
        lastName: null,
        primaryEmail: null,
        emails: [],
        phones: [],
        jobTitle: null,
        avatarUrl: null,
        language: null,
        country: null,
        tags: [],
        level: 0,
        pulse: 0,
        source: 'Api',
        companyId: null,
        workspaceId,
        firstActivity: null,
        lastActivity: null,
        createdAt: wire(start + 60),
        updatedAt: wire(start + 60)
      })
      // Items without an email are never matched.
      assert.notEqual(recordAt<Member>(results, 11, 201, 'member').id, linus.id)
      const created = recordAt<Member>(results, 3, 201, 'member')
      assert.deepEqual([created.firstName, created.lastName, created.source], ['New', null, 'Api'])
      assert.deepEqual(recordAt<Member>(results, 4, 200, 'member'), { ...created, primaryEmail: 'NEW@EXAMPLE.COM', lastName: 'Later' })
      assert.equal(JSON.stringify(results).includes('linkedin'), false)

      assert.deepEqual(results[6]!.error, IDENTITY_REQUIRED)
      assertItemError(results, 7, 'primaryEmail')
      assertItemError(results, 8, 'companyId', 'is not allowed')
      assertItemError(results, 9, 'tags.0')
      assertItemError(results, 10, 'source', 'is not allowed')
      await assertAsAlone(client, 'members', items, results, [6, 7, 8, 9, 10])

      await assertAsRead(client, 'members', results)
      assert.equal(await memberTotal(client), 5)
    })

    test('a member item with the email of a member with activities updates it and keeps its derived values', async () => {
      const { client, start } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      resultsOf(await bulk(client, 'activities', [note(ada.id, { createdAt: wire(start - DAY) }), note(ada.id)]), 'activities', 2)
      const results = resultsOf(await bulk(client, 'members', [{ primaryEmail: 'Ada@Example.com', country: 'GB' }]), 'members', 1)
      const updated = recordAt<Member>(results, 0, 200, 'member')
      assert.equal(updated.id, ada.id)
      assert.deepEqual(derivedFields(updated), { firstActivity: wire(start - DAY), lastActivity: wire(start), pulse: 2, level: 1 })
      assert.deepEqual(await getMember(client, ada.id), updated)
    })

    // ---- Companies ----

    test('POST /v1/companies/bulk updates the company with an item\'s normalised domain (200), else creates one (201); items without domain are never matched', async () => {
      const { client, advance, start } = await fresh()
      const acme = await createCompany(client, { name: 'Acme', domain: 'acme.com', industry: 'Software' })
      advance(60)
      const items: unknown[] = [
        { name: 'Acme Inc', domain: 'https://www.Acme.com/', employees: 40 },
        { name: 'Globex' },
        { name: 'Globex' },
        { name: 'Initech', domain: 'initech.example' },
        { name: 'Initech Corp', domain: 'HTTP://INITECH.example/about' },
        { domain: 'nameless.example' },
        { name: 'Bad', employees: -1 },
        { name: 'Worse', domain: 'acme.com', tags: ['x'] },
        { name: 'Acme Inc', domain: 'acme.com.', employees: 40 }
      ]
      const results = resultsOf(await bulk(client, 'companies', items), 'companies', items.length)
      assert.deepEqual(results.map((result) => result.status), [200, 201, 201, 201, 200, 400, 400, 400, 200])
      const acmeNow = { ...acme, name: 'Acme Inc', employees: 40, domain: 'acme.com', industry: 'Software', updatedAt: wire(start + 60) }
      assert.deepEqual(recordAt<Company>(results, 0, 200, 'company'), acmeNow)
      assert.deepEqual(recordAt<Company>(results, 8, 200, 'company'), acmeNow)
      const globex = [recordAt<Company>(results, 1, 201, 'company'), recordAt<Company>(results, 2, 201, 'company')]
      assert.notEqual(globex[0]!.id, globex[1]!.id)
      assert.deepEqual([globex[0]!.domain, globex[0]!.source], [null, 'Api'])
      const initech = recordAt<Company>(results, 3, 201, 'company')
      assert.deepEqual(recordAt<Company>(results, 4, 200, 'company'), { ...initech, name: 'Initech Corp' })
      assertItemError(results, 5, 'name', 'is required')
      assertItemError(results, 6, 'employees')
      assertItemError(results, 7, 'tags.0')
      await assertAsAlone(client, 'companies', items, results, [5, 6, 7])
      await assertAsRead(client, 'companies', results)
      assert.deepEqual(await getCompany(client, acme.id), acmeNow)
      assert.equal(await companyTotal(client), 4)
    })

    // ---- Channels ----

    test('POST /v1/channels/bulk updates the channel with an item\'s (source, externalId) (200), else creates one (201); items without externalId are never matched', async () => {
      const { client, advance, start } = await fresh()
      const general = await createChannel(client, { name: 'general', externalId: 'C1', source: 'slack' })
      advance(60)
      const items: unknown[] = [
        { name: 'general-chat', externalId: 'C1', source: 'slack' },
        { name: 'api', externalId: 'C1' },
        { name: 'discord', externalId: 'C1', source: 'discord' },
        { name: 'random' },
        { name: 'random' },
        { name: 'api-renamed', externalId: 'C1', source: 'Api' },
        { externalId: 'C9' },
        { name: '', externalId: 'C8' },
        { name: 'x', topic: 'y' },
        { name: 'general-chat', externalId: 'C1', source: 'slack' }
      ]
      const results = resultsOf(await bulk(client, 'channels', items), 'channels', items.length)
      assert.deepEqual(results.map((result) => result.status), [200, 201, 201, 201, 201, 200, 400, 400, 400, 200])
      const generalNow = { ...general, name: 'general-chat', updatedAt: wire(start + 60) }
      assert.deepEqual(recordAt<Channel>(results, 0, 200, 'channel'), generalNow)
      assert.deepEqual(recordAt<Channel>(results, 9, 200, 'channel'), generalNow)
      const api1 = recordAt<Channel>(results, 1, 201, 'channel')
      assert.equal(api1.source, 'Api')
      assert.deepEqual(recordAt<Channel>(results, 5, 200, 'channel'), { ...api1, name: 'api-renamed' })
      assert.notEqual(recordAt<Channel>(results, 3, 201, 'channel').id, recordAt<Channel>(results, 4, 201, 'channel').id)
      assertItemError(results, 6, 'name', 'is required')
      assertItemError(results, 7, 'name')
      assertItemError(results, 8, 'topic', 'is not allowed')
      await assertAsAlone(client, 'channels', items, results, [6, 7, 8])
      await assertAsRead(client, 'channels', results)
      assert.deepEqual(await getChannel(client, general.id), generalNow)
      assert.equal(await channelTotal(client), 5)
      assert.equal(await channelTotal(client, 'externalId=C1'), 3)
    })

    test('members, companies and channels bulk: a body that is not {<list>: [1..1000 items]} is a 400 that writes nothing', async () => {
      const { app, client, workspaceId } = await fresh()
      const valid: Record<'members' | 'companies' | 'channels', unknown> = {
        members: { firstName: 'Ada' },
        companies: { name: 'Acme' },
        channels: { name: 'general' }
      }
      for (const resource of ['members', 'companies', 'channels'] as const) {
        const refused: Array<[unknown, string?]> = [
          [{}, resource],
          [{ [resource]: [] }, resource],
          [{ [resource]: times(1001, () => valid[resource]) }, resource],
          [{ [resource]: [valid[resource]], extra: 1 }, 'extra'],
          [{ activities: [valid[resource]] }],
          [{ [resource]: valid[resource] }, resource],
          [[valid[resource]]],
          ['x']
        ]
        for (const [body, field] of refused) {
          assertRefused(await postJson(app, workspaceId, `/v1/${resource}/bulk`, JSON.stringify(body)), field)
        }
      }
      assert.deepEqual([await memberTotal(client), await companyTotal(client), await channelTotal(client)], [0, 0, 0])
      // 1000 items are within the limit.
      resultsOf(await bulk(client, 'members', times(1000, (i) => ({ firstName: `M${i}` }))), 'members', 1000)
      assert.equal(await memberTotal(client), 1000)
    })

    // ---- Workspaces ----

    test('bulk requests of another workspace never match our records, by email, domain, pair or member email', async () => {
      const { app, client: ours } = await fresh()
      const theirs = api(app, newWorkspace())
      const ada = await createMember(ours, { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      const acme = await createCompany(ours, { name: 'Acme', domain: 'acme.com' })
      const general = await createChannel(ours, { name: 'general', externalId: 'C1', source: 'slack' })
      const activity = recordAt<Activity>(resultsOf(await bulk(ours, 'activities', [note(ada.id, { externalId: 'e1', source: 'discord' })]), 'activities', 1), 0, 201, 'activity')

      const members = resultsOf(await bulk(theirs, 'members', [{ primaryEmail: 'ADA@example.com', firstName: 'Theirs' }]), 'members', 1)
      assert.notEqual(recordAt<Member>(members, 0, 201, 'member').id, ada.id)
      assert.notEqual(recordAt<Company>(resultsOf(await bulk(theirs, 'companies', [{ name: 'Theirs', domain: 'www.acme.com' }]), 'companies', 1), 0, 201, 'company').id, acme.id)
      assert.notEqual(recordAt<Channel>(resultsOf(await bulk(theirs, 'channels', [{ name: 'theirs', externalId: 'C1', source: 'slack' }]), 'channels', 1), 0, 201, 'channel').id, general.id)
      const activities = resultsOf(await bulk(theirs, 'activities', [
        { activityTypeKey: 'note', member: { primaryEmail: 'ada@example.com' }, externalId: 'e1', source: 'discord' },
        note(ada.id, { externalId: 'e2' })
      ]), 'activities', 2)
      const mine = recordAt<Activity>(activities, 0, 201, 'activity')
      assert.notEqual(mine.id, activity.id)
      assert.equal(mine.memberId, recordAt<Member>(members, 0, 201, 'member').id)
      assertItemError(activities, 1, 'memberId')

      assert.deepEqual(ownFields(await getMember(ours, ada.id)), ownFields(ada))
      assert.deepEqual(await getCompany(ours, acme.id), acme)
      assert.deepEqual(await getChannel(ours, general.id), general)
      assert.deepEqual(await getActivity(ours, activity.id), activity)
      assert.deepEqual([await memberTotal(ours), await companyTotal(ours), await channelTotal(ours), await activityTotal(ours)], [1, 1, 1, 1])
      assert.deepEqual([await memberTotal(theirs), await companyTotal(theirs), await channelTotal(theirs), await activityTotal(theirs)], [1, 1, 1, 1])
    })
  })
}
