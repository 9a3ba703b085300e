import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import {
  api, assertBadRequest, assertNotFound, createActivity, createChannel, createMember, newWorkspace, recordOf, testStores,
  type Api, type Response
} from '../support/helpers.js'
import { createType, DAY, wire } from '../support/engagement-support.js'
import {
  activityPage, activityTotal, assertBadField, assertConflict, channelPage, channelTotal, derivedFields, getActivity,
  getChannel, getMember, memberTotal, ownFields, sharedApp, statusesOf, timelineTotal, times, typeKeys,
  type Activity, type Channel
} from '../support/ingestion-support.js'

// Issue 16, "One event, one activity": an activity (and a channel) is identified by (source, externalId) in its
// workspace when externalId is set. A POST naming a pair that exists answers 200 with that record, updated from
// the body as a PATCH would; a PATCH onto a pair another record holds is a 409; the member of a new activity may be
// named by email; the lists filter by externalId. Idempotency-Key has a suite of its own.

const TAG = '1b4e28ba-2fa1-41d2-883f-0016d3cca427'

const activityOf = (res: Response, status: number) => recordOf<Activity>(res, status, 'activity')
const channelOf = (res: Response, status: number) => recordOf<Channel>(res, status, 'channel')

/** PATCH channel answers {channel: [Channel]} (the spec's shape): the one channel it holds. */
function patchedChannel (res: Response): Channel {
  assert.equal(res.statusCode, 200, res.body)
  const body = res.json() as { channel: Channel[] }
  assert.deepEqual(Object.keys(body), ['channel'], res.body)
  assert.ok(Array.isArray(body.channel) && body.channel.length === 1, res.body)
  return body.channel[0]!
}

/** A 400 for the pair memberId / member (both or neither): the envelope, and details only about those fields. */
function assertMemberChoiceRefused (res: Response): void {
  assert.equal(res.statusCode, 400, res.body)
  const body = res.json() as { code: string, error: string, details?: Array<{ field: string, message: string }> }
  assert.deepEqual({ code: body.code, error: body.error }, { code: 'BAD_REQUEST', error: 'Invalid request' })
  for (const detail of body.details ?? []) assert.match(detail.field, /^member/, res.body)
}

const post = (client: Api, body: Record<string, unknown>) => client.post('/v1/activities', { activityTypeKey: 'message', ...body })

for (const store of testStores()) {
  describe(`one event, one activity (${store.name})`, () => {
    const fresh = sharedApp(store)

    // ---- Re-delivery by (source, externalId) ----

    test('a POST naming an existing (source, externalId) answers 200 with that activity; the same body changes nothing, updatedAt included', async () => {
      const { client, advance, start } = await fresh()
      const member = await createMember(client)
      const channel = await createChannel(client)
      const body = {
        memberId: member.id, externalId: 'msg-1', source: 'discord', title: 'Hello', message: 'Glad to be here', channelId: channel.id, createdAt: wire(start - DAY)
      }
      const first = activityOf(await post(client, body), 201)
      assert.equal(first.updatedAt, wire(start))
      advance(60)
      const again = await post(client, body)
      assert.deepEqual(again.json(), { activity: first })
      assert.equal(again.statusCode, 200)
      assert.deepEqual(await getActivity(client, first.id), first)
      assert.equal(await activityTotal(client), 1)
      assert.equal(await timelineTotal(client, member.id), 1)
      assert.deepEqual(derivedFields(await getMember(client, member.id)),
        { firstActivity: wire(start - DAY), lastActivity: wire(start - DAY), pulse: 1, level: 1 })
    })

    test('a re-delivered edit lands as a PATCH would: sent fields change, omitted ones stay, null clears, updatedAt moves, createdAt never', async () => {
      const { client, advance, start } = await fresh()
      const member = await createMember(client)
      const channel = await createChannel(client)
      const eventId = randomUUID()
      const first = activityOf(await post(client, {
        memberId: member.id, externalId: 'msg-2', source: 'discord', title: 'Hello', message: 'first words', channelId: channel.id, eventId, createdAt: wire(start - DAY)
      }), 201)
      advance(60)
      // The re-delivery's createdAt is not the activity's: the event happened once, when it first came.
      const res = await post(client, {
        memberId: member.id, externalId: 'msg-2', source: 'discord', title: 'Hello (edited)', channelId: null, createdAt: wire(start - 3600)
      })
      const edited = activityOf(res, 200)
      assert.deepEqual(edited, {
        ...first, title: 'Hello (edited)', channelId: null, message: 'first words', eventId, createdAt: wire(start - DAY), updatedAt: wire(start + 60)
      })
      assert.deepEqual(await getActivity(client, first.id), edited)
      assert.equal(await activityTotal(client), 1)
      advance(60)
      const again = await post(client, { memberId: member.id, externalId: 'msg-2', source: 'discord', title: 'Hello (edited)' })
      assert.deepEqual(activityOf(again, 200), edited)
      assert.deepEqual(derivedFields(await getMember(client, member.id)),
        { firstActivity: wire(start - DAY), lastActivity: wire(start - DAY), pulse: 1, level: 1 })
    })

    test('source defaults to "Api" in the pair: an externalId sent without source and one sent with source "Api" are one activity', async () => {
      const { client } = await fresh()
      const member = await createMember(client)
      const first = activityOf(await post(client, { memberId: member.id, externalId: 'evt-9', title: 'a' }), 201)
      assert.equal(first.source, 'Api')
      const named = activityOf(await post(client, { memberId: member.id, externalId: 'evt-9', source: 'Api', title: 'b' }), 200)
      assert.equal(named.id, first.id)
      const unnamed = activityOf(await post(client, { memberId: member.id, externalId: 'evt-9', source: null, title: 'c' }), 200)
      assert.deepEqual(unnamed, { ...first, title: 'c', updatedAt: unnamed.updatedAt })
      assert.equal(await activityTotal(client), 1)
    })

    test('a re-delivery with another activityTypeKey moves the activity to that type, and the member\'s pulse follows', async () => {
      const { client } = await fresh()
      const member = await createMember(client)
      const reaction = await createType(client, { key: 'reaction', points: 5 })
      const first = activityOf(await post(client, { memberId: member.id, activityTypeKey: 'message', externalId: 'r-1', source: 'slack' }), 201)
      assert.equal((await getMember(client, member.id)).pulse, 1)
      const moved = activityOf(await post(client, { memberId: member.id, activityTypeKey: 'reaction', externalId: 'r-1', source: 'slack' }), 200)
      assert.deepEqual(moved, { ...first, activityTypeId: reaction.id, updatedAt: moved.updatedAt })
      assert.deepEqual(await getActivity(client, first.id), moved)
      assert.deepEqual([(await getMember(client, member.id)).pulse, (await getMember(client, member.id)).level], [5, 2])
      assert.equal(await activityTotal(client, 'activityTypeKey=reaction'), 1)
      assert.equal(await activityTotal(client, 'activityTypeKey=message'), 0)
    })

    test('a re-delivery naming another member moves the activity: both members\' firstActivity, lastActivity and pulse follow', async () => {
      const { client, start } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada' })
      const grace = await createMember(client, { firstName: 'Grace' })
      await createActivity(client, { memberId: ada.id, createdAt: wire(start - 2 * DAY) })
      const first = activityOf(await post(client, { memberId: ada.id, externalId: 'pr-7', source: 'github', createdAt: wire(start - DAY) }), 201)
      assert.deepEqual(derivedFields(await getMember(client, ada.id)),
        { firstActivity: wire(start - 2 * DAY), lastActivity: wire(start - DAY), pulse: 2, level: 1 })
      const moved = activityOf(await post(client, { memberId: grace.id, externalId: 'pr-7', source: 'github' }), 200)
      assert.deepEqual(moved, { ...first, memberId: grace.id, updatedAt: moved.updatedAt })
      assert.deepEqual(derivedFields(await getMember(client, ada.id)),
        { firstActivity: wire(start - 2 * DAY), lastActivity: wire(start - 2 * DAY), pulse: 1, level: 1 })
      assert.deepEqual(derivedFields(await getMember(client, grace.id)),
        { firstActivity: wire(start - DAY), lastActivity: wire(start - DAY), pulse: 1, level: 1 })
      assert.deepEqual([await timelineTotal(client, ada.id), await timelineTotal(client, grace.id)], [1, 1])
    })

    test('the same externalId with another source is another activity (201), and each re-delivery finds its own', async () => {
      const { client } = await fresh()
      const member = await createMember(client)
      const discord = activityOf(await post(client, { memberId: member.id, externalId: '42', source: 'discord', title: 'd' }), 201)
      const slack = activityOf(await post(client, { memberId: member.id, externalId: '42', source: 'slack', title: 's' }), 201)
      const caps = activityOf(await post(client, { memberId: member.id, externalId: '42', source: 'Discord', title: 'D' }), 201)
      const plain = activityOf(await post(client, { memberId: member.id, externalId: '42', title: 'a' }), 201)
      assert.equal(new Set([discord.id, slack.id, caps.id, plain.id]).size, 4)
      const slackAgain = activityOf(await post(client, { memberId: member.id, externalId: '42', source: 'slack', title: 's2' }), 200)
      assert.deepEqual(slackAgain, { ...slack, title: 's2', updatedAt: slackAgain.updatedAt })
      assert.deepEqual(await getActivity(client, discord.id), discord)
      assert.deepEqual(await getActivity(client, caps.id), caps)
      assert.deepEqual(await getActivity(client, plain.id), plain)
      assert.equal(await activityTotal(client), 4)
    })

    test('activities without externalId are never matched: two identical POSTs make two activities', async () => {
      const { client } = await fresh()
      const member = await createMember(client)
      const body = { memberId: member.id, title: 'same', source: 'discord' }
      const a = activityOf(await post(client, body), 201)
      const b = activityOf(await post(client, body), 201)
      const c = activityOf(await post(client, { ...body, externalId: null }), 201)
      const d = activityOf(await post(client, { ...body, externalId: null }), 201)
      assert.equal(new Set([a.id, b.id, c.id, d.id]).size, 4)
      assert.equal(await activityTotal(client), 4)
      assert.equal(await timelineTotal(client, member.id), 4)
    })

    test('a re-delivery with an invalid field or a reference to no record is a 400 naming the field, and changes nothing', async () => {
      const { client, app } = await fresh()
      const member = await createMember(client)
      const foreign = await createMember(api(app, newWorkspace()))
      const first = activityOf(await post(client, { memberId: member.id, externalId: 'x-1', source: 'discord', title: 'kept' }), 201)
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ channelId: randomUUID() }, 'channelId'],
        [{ memberId: foreign.id }, 'memberId'],
        [{ replyTo: randomUUID() }, 'replyTo'],
        [{ title: 't'.repeat(1001) }, 'title'],
        [{ activityTypeKey: 'Not A Key' }, 'activityTypeKey'],
        [{ score: 1 }, 'score']
      ]
      for (const [change, field] of cases) {
        assertBadRequest(await post(client, { memberId: member.id, externalId: 'x-1', source: 'discord', title: 'changed', ...change }), field)
      }
      assert.deepEqual(await getActivity(client, first.id), first)
      assert.deepEqual(await typeKeys(client), ['message'])
      assert.equal(await activityTotal(client), 1)
    })

    // ---- PATCH onto a pair another activity holds ----

    test('PATCH giving an activity the pair another holds is a 409 naming externalId and the other activity, and changes nothing', async () => {
      const { client, advance, start } = await fresh()
      const member = await createMember(client)
      const held = activityOf(await post(client, { memberId: member.id, externalId: 'e1', source: 'discord' }), 201)
      const other = activityOf(await post(client, { memberId: member.id, externalId: 'e2', source: 'discord', title: 'other' }), 201)
      const bare = activityOf(await post(client, { memberId: member.id, source: 'discord' }), 201)
      const elsewhere = activityOf(await post(client, { memberId: member.id, externalId: 'e2', source: 'slack' }), 201)
      advance(60)
      assertConflict(await client.patch(`/v1/activities/${other.id}`, { externalId: 'e1', title: 'never' }), 'externalId', held.id)
      assertConflict(await client.patch(`/v1/activities/${bare.id}`, { externalId: 'e1' }), 'externalId', held.id)
      assertConflict(await client.patch(`/v1/activities/${bare.id}`, { title: 'x', externalId: 'e2' }), 'externalId', other.id)
      assertConflict(await client.patch(`/v1/activities/${held.id}`, { externalId: 'e2' }), 'externalId', other.id)
      for (const activity of [held, other, bare, elsewhere]) assert.deepEqual(await getActivity(client, activity.id), activity)

      // Another source's pair is another pair.
      const moved = activityOf(await client.patch(`/v1/activities/${elsewhere.id}`, { externalId: 'e1' }), 200)
      assert.deepEqual(moved, { ...elsewhere, externalId: 'e1', updatedAt: wire(start + 60) })
      // Its own pair is no conflict: unchanged when nothing else is sent, changed with the rest.
      const same = await client.patch(`/v1/activities/${held.id}`, { externalId: 'e1' })
      assert.deepEqual(same.json(), { activity: held })
      assert.equal(same.statusCode, 200)
      const retitled = activityOf(await client.patch(`/v1/activities/${held.id}`, { externalId: 'e1', title: 'new' }), 200)
      assert.deepEqual(retitled, { ...held, title: 'new', updatedAt: wire(start + 60) })
      // A pair given up is free again: the POSTs of a connector follow the PATCH.
      const renamed = activityOf(await client.patch(`/v1/activities/${other.id}`, { externalId: 'e3' }), 200)
      assert.equal(renamed.externalId, 'e3')
      assert.equal(activityOf(await post(client, { memberId: member.id, externalId: 'e3', source: 'discord', title: 'back' }), 200).id, other.id)
      const again = activityOf(await post(client, { memberId: member.id, externalId: 'e2', source: 'discord' }), 201)
      assert.ok(![held.id, other.id, bare.id, elsewhere.id].includes(again.id))
      // Clearing externalId leaves the activity unmatched.
      const cleared = activityOf(await client.patch(`/v1/activities/${held.id}`, { externalId: null }), 200)
      assert.equal(cleared.externalId, null)
      assert.notEqual(activityOf(await post(client, { memberId: member.id, externalId: 'e1', source: 'discord' }), 201).id, held.id)
    })

    test('concurrent writes can never make two activities share a pair: PATCHes onto one new pair give one 200 and 409s', async () => {
      const { client } = await fresh()
      const member = await createMember(client)
      const activities = []
      for (let i = 0; i < 6; i++) activities.push(activityOf(await post(client, { memberId: member.id, externalId: `own-${i}`, source: 'discord' }), 201))
      const responses = await Promise.all(activities.map((activity) => client.patch(`/v1/activities/${activity.id}`, { externalId: 'shared' })))
      assert.deepEqual(statusesOf(responses), [200, 409, 409, 409, 409, 409])
      const winner = activityOf(responses.find((res) => res.statusCode === 200)!, 200)
      for (const res of responses.filter((r) => r.statusCode === 409)) assertConflict(res, 'externalId', winner.id)
      assert.deepEqual((await activityPage(client, '/v1/activities?externalId=shared&source=discord')).activities, [winner])

      // A new pair POSTed while another activity is PATCHed onto it: one activity holds it, whichever came first.
      const [created, patched] = await Promise.all([
        post(client, { memberId: member.id, externalId: 'race', source: 'discord', title: 'posted' }),
        client.patch(`/v1/activities/${activities[0]!.id === winner.id ? activities[1]!.id : activities[0]!.id}`, { externalId: 'race' })
      ])
      const outcome = [created.statusCode, patched.statusCode]
      assert.ok([[201, 409], [200, 200]].some((expected) => expected.join() === outcome.join()), `POST ${created.statusCode}, PATCH ${patched.statusCode}`)
      assert.equal(await activityTotal(client, 'externalId=race'), 1)
      assert.equal(await activityTotal(client), 7 - (outcome[0] === 200 ? 1 : 0))
    })

    // ---- Channels ----

    test('POST /v1/channels naming an existing (source, externalId) answers 200 with that channel, renamed; the same body changes nothing', async () => {
      const { client, advance, start } = await fresh()
      const first = channelOf(await client.post('/v1/channels', { name: 'general', externalId: 'C1', source: 'slack' }), 201)
      advance(60)
      const same = await client.post('/v1/channels', { name: 'general', externalId: 'C1', source: 'slack' })
      assert.deepEqual(same.json(), { channel: first })
      assert.equal(same.statusCode, 200)
      const renamed = channelOf(await client.post('/v1/channels', { name: 'general-chat', externalId: 'C1', source: 'slack' }), 200)
      assert.deepEqual(renamed, { ...first, name: 'general-chat', updatedAt: wire(start + 60) })
      assert.deepEqual(await getChannel(client, first.id), renamed)

      const otherSource = channelOf(await client.post('/v1/channels', { name: 'general', externalId: 'C1', source: 'discord' }), 201)
      const api1 = channelOf(await client.post('/v1/channels', { name: 'api', externalId: 'C1' }), 201)
      assert.equal(api1.source, 'Api')
      assert.equal(channelOf(await client.post('/v1/channels', { name: 'api-2', externalId: 'C1', source: 'Api' }), 200).id, api1.id)
      // Channels without externalId are never matched.
      const plain = [channelOf(await client.post('/v1/channels', { name: 'random' }), 201), channelOf(await client.post('/v1/channels', { name: 'random' }), 201)]
      assert.equal(new Set([first.id, otherSource.id, api1.id, ...plain.map((c) => c.id)]).size, 5)
      assert.equal(await channelTotal(client), 5)
    })

    test('PATCH giving a channel the pair another holds is a 409 naming externalId and the other channel; its own pair is fine', async () => {
      const { client } = await fresh()
      const held = await createChannel(client, { name: 'general', externalId: 'C1', source: 'slack' })
      const other = await createChannel(client, { name: 'random', externalId: 'C2', source: 'slack' })
      const bare = await createChannel(client, { name: 'plain', source: 'slack' })
      const elsewhere = await createChannel(client, { name: 'discord', externalId: 'C2', source: 'discord' })
      assertConflict(await client.patch(`/v1/channels/${other.id}`, { externalId: 'C1', name: 'never' }), 'externalId', held.id)
      assertConflict(await client.patch(`/v1/channels/${bare.id}`, { externalId: 'C1' }), 'externalId', held.id)
      for (const channel of [held, other, bare, elsewhere]) assert.deepEqual(await getChannel(client, channel.id), channel)
      assert.deepEqual(patchedChannel(await client.patch(`/v1/channels/${held.id}`, { externalId: 'C1' })), held)
      const moved = patchedChannel(await client.patch(`/v1/channels/${elsewhere.id}`, { externalId: 'C1' }))
      assert.deepEqual(moved, { ...elsewhere, externalId: 'C1', updatedAt: moved.updatedAt })
      assert.equal(await channelTotal(client, 'externalId=C1'), 2)
    })

    test('concurrent POSTs of one new channel pair make one channel: one 201 and nine 200s', async () => {
      const { client } = await fresh()
      const responses = await Promise.all(times(10, () => client.post('/v1/channels', { name: 'general', externalId: 'C9', source: 'slack' })))
      assert.deepEqual(statusesOf(responses), [...times(9, () => 200), 201])
      const channel = (responses[0]!.json() as { channel: Channel }).channel
      for (const res of responses) assert.deepEqual(res.json(), { channel })
      assert.equal(await channelTotal(client), 1)
    })

    // ---- The member by identity ----

    test('member by identity: the workspace\'s member with that primary email is used, unchanged', async () => {
      const { client, start } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com', jobTitle: 'Analyst' })
      const res = await post(client, { member: { primaryEmail: 'ada@example.com', firstName: 'Someone Else', jobTitle: 'CTO', tags: [TAG] } })
      const activity = activityOf(res, 201)
      assert.equal(activity.memberId, ada.id)
      const after = await getMember(client, ada.id)
      assert.deepEqual(ownFields(after), ownFields(ada))
      assert.deepEqual(derivedFields(after), { firstActivity: wire(start), lastActivity: wire(start), pulse: 1, level: 1 })
      assert.equal(await memberTotal(client), 1)
      assert.equal(await timelineTotal(client, ada.id), 1)
    })

    test('member by identity: a secondary email, or the primary one in another case, finds the member too', async () => {
      const { client } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'Ada@Example.com', emails: ['ada.lovelace@work.example'] })
      const grace = await createMember(client, { firstName: 'Grace', primaryEmail: 'grace@example.com' })
      const found = [
        activityOf(await post(client, { member: { primaryEmail: 'ada@example.com' } }), 201),
        activityOf(await post(client, { member: { primaryEmail: 'ADA@EXAMPLE.COM', lastName: 'L' } }), 201),
        activityOf(await post(client, { member: { primaryEmail: 'ada.lovelace@work.example' } }), 201),
        activityOf(await post(client, { member: { primaryEmail: 'Ada.Lovelace@WORK.example', firstName: 'A' } }), 201)
      ]
      assert.deepEqual(found.map((activity) => activity.memberId), times(4, () => ada.id))
      assert.equal(activityOf(await post(client, { member: { primaryEmail: 'GRACE@example.com' } }), 201).memberId, grace.id)
      assert.deepEqual(ownFields(await getMember(client, ada.id)), ownFields(ada))
      assert.equal(await memberTotal(client), 2)
      assert.deepEqual([await timelineTotal(client, ada.id), await timelineTotal(client, grace.id)], [4, 1])
    })

    test('member by identity: a new email creates the member from `member`, with the activity\'s source, read back like any member', async () => {
      const { app, client, workspaceId, start } = await fresh()
      const fields = {
        primaryEmail: 'grace@example.com',
        firstName: 'Grace',
        lastName: 'Hopper',
        emails: ['grace@example.com', 'g.hopper@navy.example', 'grace@example.com'],
        phones: ['+1 555 0100'],
        jobTitle: 'Rear Admiral',
        avatarUrl: 'https://example.com/grace.png',
        country: 'US',
        language: 'en',
        tags: [TAG, TAG],
        linkedinUrl: 'https://www.linkedin.com/in/grace'
      }
      const res = await post(client, { member: fields, source: 'discord', externalId: 'm-1', createdAt: wire(start - DAY) })
      const activity = activityOf(res, 201)
      assert.deepEqual(Object.keys(activity).sort(), ['activityTypeId', 'channelId', 'createdAt', 'eventId', 'externalId', 'id', 'inviteTo',
        'memberId', 'message', 'reactTo', 'replyTo', 'source', 'title', 'updatedAt', 'workspaceId'])
      const member = await getMember(client, activity.memberId)
      // What POST /v1/members makes of the same fields (in another workspace), with the activity's source.
      const twin = await createMember(api(app, newWorkspace()), fields)
      assert.deepEqual(member, {
        ...twin,
        id: activity.memberId,
        workspaceId,
        source: 'discord',
        firstActivity: wire(start - DAY),
        lastActivity: wire(start - DAY),
        pulse: 1,
        level: 1,
        createdAt: wire(start),
        updatedAt: member.updatedAt
      })
      assert.equal(JSON.stringify(member).includes('linkedin'), false)
      assert.equal(await memberTotal(client), 1)
      assert.equal(await memberTotal(client, 'G.Hopper@navy.example'), 1)

      // The next activity naming that email finds it; another new email without source makes an "Api" member.
      assert.equal(activityOf(await post(client, { member: { primaryEmail: 'g.hopper@navy.example' }, source: 'slack' }), 201).memberId, member.id)
      const linus = await getMember(client, activityOf(await post(client, { member: { primaryEmail: 'linus@example.com' } }), 201).memberId)
      assert.deepEqual([linus.primaryEmail, linus.firstName, linus.emails, linus.source], ['linus@example.com', null, [], 'Api'])
      assert.equal(await memberTotal(client), 2)
    })

    test('memberId and member together, or neither, is a 400; member without primaryEmail or with an invalid field is a 400 naming member.<field>', async (t) => {
      const { client, start } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      assertMemberChoiceRefused(await post(client, { memberId: ada.id, member: { primaryEmail: 'ada@example.com' } }))
      assertMemberChoiceRefused(await post(client, { memberId: ada.id, member: { primaryEmail: 'new@example.com' } }))
      assertMemberChoiceRefused(await post(client, { title: 'nobody' }))
      assertMemberChoiceRefused(await post(client, { memberId: null, member: null }))
      assertBadField(await post(client, { member: { firstName: 'Ada' } }), 'member.primaryEmail', 'is required')
      assertBadField(await post(client, { member: {} }), 'member.primaryEmail', 'is required')
      const cases: Array<[unknown, string, string?]> = [
        [{ primaryEmail: 'ada at example.com' }, 'member.primaryEmail'],
        [{ primaryEmail: null }, 'member.primaryEmail'],
        [{ primaryEmail: 'new@example.com', emails: ['new@example.com', 'nope'] }, 'member.emails.1'],
        [{ primaryEmail: 'new@example.com', firstName: '' }, 'member.firstName'],
        [{ primaryEmail: 'new@example.com', avatarUrl: 'ftp://example.com/a.png' }, 'member.avatarUrl'],
        [{ primaryEmail: 'new@example.com', tags: ['vip'] }, 'member.tags.0'],
        [{ primaryEmail: 'new@example.com', nickname: 'n' }, 'member.nickname', 'is not allowed'],
        [{ primaryEmail: 'new@example.com', companyId: randomUUID() }, 'member.companyId', 'is not allowed'],
        [{ primaryEmail: 'new@example.com', source: 'discord' }, 'member.source', 'is not allowed'],
        [{ primaryEmail: 'new@example.com', id: randomUUID() }, 'member.id', 'is not allowed'],
        ['new@example.com', 'member'],
        [['new@example.com'], 'member']
      ]
      for (const [member, field, message] of cases) {
        await t.test(`member ${JSON.stringify(member)}`, async () => assertBadRequest(await post(client, { member }), field, message))
      }
      // The activity's own fields are checked as ever, and a refused request makes no member.
      assertBadRequest(await post(client, { member: { primaryEmail: 'new@example.com' }, channelId: randomUUID() }), 'channelId')
      assertBadRequest(await post(client, { member: { primaryEmail: 'new@example.com' }, createdAt: wire(start + 3600) }), 'createdAt')
      assert.equal(await memberTotal(client), 1)
      assert.equal(await memberTotal(client, 'new@example.com'), 0)
      assert.equal(await activityTotal(client), 0)
    })

    test('concurrent first use of one new email (in any case) makes one member, with every activity on it', async () => {
      const { client, start } = await fresh()
      const spellings = ['lin@example.com', 'Lin@Example.com', 'LIN@EXAMPLE.COM', 'lin@EXAMPLE.com', 'lIn@example.COM']
      const responses = await Promise.all(times(10, (i) => post(client, {
        member: { primaryEmail: spellings[i % spellings.length], firstName: `Lin ${i}` }, externalId: `first-use-${i}`, source: 'discord'
      })))
      assert.deepEqual(statusesOf(responses), times(10, () => 201))
      const memberIds = new Set(responses.map((res) => activityOf(res, 201).memberId))
      assert.equal(memberIds.size, 1)
      const [memberId] = [...memberIds]
      const member = await getMember(client, memberId!)
      assert.equal(member.primaryEmail?.toLowerCase(), 'lin@example.com')
      assert.equal(member.source, 'discord')
      assert.deepEqual(derivedFields(member), { firstActivity: wire(start), lastActivity: wire(start), pulse: 10, level: 3 })
      assert.equal(await memberTotal(client), 1)
      assert.equal(await timelineTotal(client, memberId!), 10)
      assert.equal(await activityTotal(client), 10)
    })

    // ---- Concurrent re-deliveries ----

    test('concurrent re-deliveries of one new pair make exactly one activity: one 201 and nine 200s, all the same record', async () => {
      const { client, start } = await fresh()
      const member = await createMember(client)
      const body = { memberId: member.id, externalId: 'dup-1', source: 'discord', title: 'once' }
      const responses = await Promise.all(times(10, () => post(client, body)))
      assert.deepEqual(statusesOf(responses), [...times(9, () => 200), 201])
      const activity = (responses[0]!.json() as { activity: Activity }).activity
      for (const res of responses) assert.deepEqual(res.json(), { activity })
      assert.deepEqual(await getActivity(client, activity.id), activity)
      assert.equal(await activityTotal(client), 1)
      assert.equal(await timelineTotal(client, member.id), 1)
      assert.deepEqual(derivedFields(await getMember(client, member.id)), { firstActivity: wire(start), lastActivity: wire(start), pulse: 1, level: 1 })
    })

    test('concurrent re-deliveries of one new pair naming a new member by email make one member and one activity', async () => {
      const { client } = await fresh()
      const body = { member: { primaryEmail: 'once@example.com', firstName: 'Once' }, externalId: 'dup-2', source: 'slack' }
      const responses = await Promise.all(times(10, () => post(client, body)))
      assert.deepEqual(statusesOf(responses), [...times(9, () => 200), 201])
      const activity = (responses[0]!.json() as { activity: Activity }).activity
      for (const res of responses) assert.deepEqual(res.json(), { activity })
      assert.equal(await memberTotal(client), 1)
      assert.equal(await activityTotal(client), 1)
      assert.equal(await timelineTotal(client, activity.memberId), 1)
      assert.equal((await getMember(client, activity.memberId)).pulse, 1)
    })

    // ---- The externalId filter ----

    test('GET /v1/activities?externalId= keeps exact matches, combines with source and the other filters, and totals count them', async () => {
      const { client, start } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada' })
      const grace = await createMember(client, { firstName: 'Grace' })
      const odd = 'msg 1&2+3/é?#'
      const long = 'x'.repeat(1000)
      const made: Activity[] = []
      const plan: Array<[string | null, string | null, string, number]> = [
        ['e1', 'discord', ada.id, 1], ['e1', 'slack', grace.id, 2], ['e1', null, ada.id, 3], ['E1', 'discord', ada.id, 4],
        ['e10', 'discord', ada.id, 5], [null, 'discord', ada.id, 6], [odd, 'github', grace.id, 7], [long, 'github', ada.id, 8]
      ]
      for (const [externalId, source, memberId, daysAgo] of plan) {
        made.push(activityOf(await post(client, { memberId, externalId, source, createdAt: wire(start - daysAgo * DAY) }), 201))
      }
      const page = (query: string) => activityPage(client, `/v1/activities?${query}`)
      assert.deepEqual(await page('externalId=e1'), { page: 1, pageSize: 10, totalActivities: 3, activities: [made[0], made[1], made[2]] })
      assert.deepEqual(await page('externalId=e1&source=slack'), { page: 1, pageSize: 10, totalActivities: 1, activities: [made[1]] })
      assert.deepEqual(await page('externalId=e1&source=Api'), { page: 1, pageSize: 10, totalActivities: 1, activities: [made[2]] })
      assert.deepEqual(await page(`externalId=e1&memberId=${ada.id}`), { page: 1, pageSize: 10, totalActivities: 2, activities: [made[0], made[2]] })
      assert.deepEqual(await page('externalId=E1'), { page: 1, pageSize: 10, totalActivities: 1, activities: [made[3]] })
      assert.deepEqual(await page(`externalId=${encodeURIComponent(odd)}`), { page: 1, pageSize: 10, totalActivities: 1, activities: [made[6]] })
      assert.deepEqual(await page(`externalId=${long}&source=github`), { page: 1, pageSize: 10, totalActivities: 1, activities: [made[7]] })
      for (const query of ['externalId=e', 'externalId=e1%20', 'externalId=e1&source=github', 'externalId=e1&source=Discord', 'externalId=msg']) {
        assert.deepEqual(await page(query), { page: 1, pageSize: 10, totalActivities: 0, activities: [] }, query)
      }
      assert.deepEqual(await page('externalId=e1&pageSize=10&page=2'), { page: 2, pageSize: 10, totalActivities: 3, activities: [] })
    })

    test('GET /v1/activities and /v1/channels refuse an empty, too long or repeated externalId with a 400 naming it', async () => {
      const { client } = await fresh()
      for (const list of ['activities', 'channels']) {
        assertBadField(await client.get(`/v1/${list}?externalId=`), 'externalId', 'must NOT have fewer than 1 characters')
        assertBadField(await client.get(`/v1/${list}?externalId=${'x'.repeat(1001)}`), 'externalId', 'must NOT have more than 1000 characters')
        assertBadField(await client.get(`/v1/${list}?externalId=a&externalId=b`), 'externalId', 'must be string')
      }
    })

    test('GET /v1/channels?externalId= keeps exact matches, combines with source, and totals count them', async () => {
      const { client } = await fresh()
      const slack = await createChannel(client, { name: 'general', externalId: 'C1', source: 'slack' })
      const discord = await createChannel(client, { name: 'general', externalId: 'C1', source: 'discord' })
      await createChannel(client, { name: 'general', externalId: 'c1', source: 'slack' })
      await createChannel(client, { name: 'C1', source: 'slack' })
      await createChannel(client, { name: 'other', externalId: 'C10', source: 'slack' })
      const both = await channelPage(client, '/v1/channels?externalId=C1')
      assert.equal(both.totalChannels, 2)
      assert.deepEqual(both.channels.map((c) => c.id).sort(), [slack.id, discord.id].sort())
      assert.deepEqual(await channelPage(client, '/v1/channels?externalId=C1&source=slack'), { page: 1, pageSize: 10, totalChannels: 1, channels: [slack] })
      assert.deepEqual(await channelPage(client, '/v1/channels?externalId=C1&source=Api'), { page: 1, pageSize: 10, totalChannels: 0, channels: [] })
      assert.deepEqual(await channelPage(client, '/v1/channels?externalId=C'), { page: 1, pageSize: 10, totalChannels: 0, channels: [] })
      assert.deepEqual(await channelPage(client, '/v1/channels?externalId=C1&q=gen&source=discord'), { page: 1, pageSize: 10, totalChannels: 1, channels: [discord] })
    })

    // ---- Workspaces ----

    test('another workspace never matches, sees or blocks a pair, and never uses a member of ours by its email', async () => {
      const { app, client: ours } = await fresh()
      const theirs = api(app, newWorkspace())
      const ada = await createMember(ours, { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      const activity = activityOf(await post(ours, { memberId: ada.id, externalId: 'e1', source: 'discord', title: 'ours' }), 201)
      const ourSlack = activityOf(await post(ours, { memberId: ada.id, externalId: 'e5', source: 'slack' }), 201)
      const channel = channelOf(await ours.post('/v1/channels', { name: 'general', externalId: 'C1', source: 'slack' }), 201)

      assert.equal(await activityTotal(theirs, 'externalId=e1'), 0)
      assert.equal(await channelTotal(theirs, 'externalId=C1'), 0)
      // Their POST of our pair, naming our member's email: a new member and a new activity, both theirs.
      const mine = activityOf(await post(theirs, { member: { primaryEmail: 'ADA@example.com', firstName: 'Other Ada' }, externalId: 'e1', source: 'discord', title: 'theirs' }), 201)
      assert.notEqual(mine.id, activity.id)
      assert.notEqual(mine.memberId, ada.id)
      assertNotFound(await theirs.get(`/v1/members/${ada.id}`))
      assert.equal((await getMember(theirs, mine.memberId)).firstName, 'Other Ada')
      const theirChannel = channelOf(await theirs.post('/v1/channels', { name: 'theirs', externalId: 'C1', source: 'slack' }), 201)
      assert.notEqual(theirChannel.id, channel.id)
      // Their PATCH onto a pair only we hold is no conflict.
      const spare = activityOf(await post(theirs, { memberId: mine.memberId, externalId: 'e6', source: 'slack' }), 201)
      assert.equal(activityOf(await theirs.patch(`/v1/activities/${spare.id}`, { externalId: 'e5', title: 'x' }), 200).externalId, 'e5')
      assert.equal(activityOf(await post(ours, { memberId: ada.id, externalId: 'e5', source: 'slack' }), 200).id, ourSlack.id)
      assert.deepEqual(await activityPage(theirs, '/v1/activities?externalId=e1&source=discord'),
        { page: 1, pageSize: 10, totalActivities: 1, activities: [mine] })

      assert.deepEqual(await getActivity(ours, activity.id), activity)
      assert.deepEqual(await getChannel(ours, channel.id), channel)
      assert.deepEqual(ownFields(await getMember(ours, ada.id)), ownFields(ada))
      assert.deepEqual(await activityPage(ours, '/v1/activities?externalId=e1'), { page: 1, pageSize: 10, totalActivities: 1, activities: [activity] })
      assert.equal(await timelineTotal(ours, ada.id), 2)
      assert.equal(await memberTotal(ours), 1)
      // Our re-delivery still finds ours.
      assert.equal(activityOf(await post(ours, { memberId: ada.id, externalId: 'e1', source: 'discord', title: 'ours' }), 200).id, activity.id)
    })
  })
}
