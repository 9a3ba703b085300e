import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { assertBadRequest, assertNotFound, authHeader, createCompany, createMember, recordOf, testStores, UUID, WIRE_TIME, type Api } from '../support/helpers.js'
import { DAY, wire } from '../support/engagement-support.js'
import { activityPage, assertConflict, getActivity, getMember, sharedApp, type Activity, type Member } from '../support/ingestion-support.js'

// Issue 17, "Duplicates and merge, with exact undo": POST /v1/members/{id}/merge {memberId} merges the other member
// into this one; POST /v1/merges/{mergeId}/undo restores both exactly, or answers 409 saying why it no longer can.

const [VIP, SPEAKER, AUTHOR] = ['6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e']

interface MergeRecord { id: string, memberId: string, mergedMemberId: string, createdAt: string }

async function merge (client: Api, keptId: string, mergedId: string): Promise<{ member: Member, merge: MergeRecord }> {
  const res = await client.post(`/v1/members/${keptId}/merge`, { memberId: mergedId })
  assert.equal(res.statusCode, 200, res.body)
  const body = res.json() as { member: Member, merge: MergeRecord }
  assert.deepEqual(Object.keys(body), ['member', 'merge'])
  return body
}

async function undo (client: Api, mergeId: string): Promise<[Member, Member]> {
  const res = await client.post(`/v1/merges/${mergeId}/undo`, undefined)
  assert.equal(res.statusCode, 200, res.body)
  const body = res.json() as { members: [Member, Member] }
  assert.deepEqual(Object.keys(body), ['members'])
  return body.members
}

/** A 409 refusing an undo: one detail on mergeId whose message says why. */
function assertRefused (res: { statusCode: number, body: string, json: () => unknown }, why: RegExp): void {
  assert.equal(res.statusCode, 409, res.body)
  const body = res.json() as { code: string, details: Array<{ field: string, message: string }> }
  assert.equal(body.code, 'CONFLICT')
  assert.equal(body.details[0]?.field, 'mergeId')
  assert.match(body.details[0]!.message, why)
}

/** A member attached to a company (a create cannot name one: a PATCH does). */
async function memberOf (client: Api, companyId: string, body: Record<string, unknown>): Promise<Member> {
  const member = await createMember(client, body)
  return recordOf<Member>(await client.patch(`/v1/members/${member.id}`, { companyId }), 200, 'member')
}

const timeline = async (client: Api, memberId: string) =>
  (await activityPage(client, `/v1/activities?memberId=${memberId}&pageSize=100`)).activities.sort((a, b) => a.id < b.id ? -1 : 1)

for (const store of testStores()) {
  describe(`member merge and undo (${store.name})`, () => {
    const fresh = sharedApp(store)

    /** Two members with activities and fields to merge; the clock then moves a minute. */
    async function pair (client: Api, start: number, advance: (seconds: number) => void) {
      const acme = await createCompany(client, { name: 'Acme' })
      const kept = await createMember(client, {
        firstName: 'Ada', primaryEmail: 'ada@example.com', emails: ['countess@example.org'], phones: ['+1 555 0100'], tags: [VIP, SPEAKER]
      })
      const other = await memberOf(client, acme.id, {
        firstName: 'Augusta',
        lastName: 'King',
        primaryEmail: 'augusta@example.com',
        emails: ['a.king@example.net'],
        phones: ['+1 555 0199', '+1 555 0100'],
        tags: [SPEAKER, AUTHOR],
        jobTitle: 'Mathematician'
      })
      const post = async (memberId: string, daysAgo: number, key = 'message') => recordOf<Activity>(await client.post('/v1/activities', {
        memberId, activityTypeKey: key, createdAt: wire(start - daysAgo * DAY), title: `${daysAgo} days ago`
      }), 201, 'activity')
      const keptActivities = [await post(kept.id, 3), await post(kept.id, 40)]
      const otherActivities = [await post(other.id, 1, 'reaction'), await post(other.id, 200), await post(other.id, 10)]
      advance(60)
      return { acme, kept: await getMember(client, kept.id), other: await getMember(client, other.id), keptActivities, otherActivities }
    }

    test('a merge moves the activities, unions the lists, fills empty fields, keeps derived values exact, and the other is gone', async () => {
      const { client, start, advance } = await fresh()
      const { acme, kept, other, keptActivities, otherActivities } = await pair(client, start, advance)
      const { member, merge: record } = await merge(client, kept.id, other.id)
      assert.match(record.id, UUID)
      assert.deepEqual(record, { id: record.id, memberId: kept.id, mergedMemberId: other.id, createdAt: wire(start + 60) })
      assert.deepEqual(member, {
        ...kept,
        lastName: 'King',
        emails: ['countess@example.org', 'augusta@example.com', 'a.king@example.net'],
        phones: ['+1 555 0100', '+1 555 0199'],
        tags: [VIP, SPEAKER, AUTHOR],
        jobTitle: 'Mathematician',
        companyId: acme.id,
        firstActivity: wire(start - 200 * DAY),
        lastActivity: wire(start - DAY),
        // In the 90-day window: 2 messages of the kept member, a reaction and a message of the other (1 point each).
        pulse: 4,
        level: 1,
        updatedAt: wire(start + 60)
      })
      assert.deepEqual(await getMember(client, kept.id), member)
      assertNotFound(await client.get(`/v1/members/${other.id}`))
      const moved = await timeline(client, kept.id)
      assert.deepEqual(moved.map((activity) => activity.id).sort(), [...keptActivities, ...otherActivities].map((activity) => activity.id).sort())
      for (const activity of otherActivities) {
        assert.deepEqual(await getActivity(client, activity.id), { ...activity, memberId: kept.id, updatedAt: wire(start + 60) })
      }
      assert.equal(((await client.get('/v1/members')).json() as { totalMembers: number }).totalMembers, 1)
      const shown = await client.get(`/v1/merges/${record.id}`)
      assert.equal(shown.statusCode, 200, shown.body)
      assert.deepEqual(shown.json(), { merge: record })
    })

    test('a kept member\'s own values win; its empty primaryEmail is filled by the other\'s, which then does not join emails', async () => {
      const { client } = await fresh()
      const kept = await createMember(client, { firstName: 'Ada', lastName: 'Lovelace', emails: ['ada@example.com'] })
      const other = await createMember(client, { firstName: 'Augusta', lastName: 'King', primaryEmail: 'Augusta@Example.com', emails: ['king@example.org'] })
      const { member } = await merge(client, kept.id, other.id)
      assert.deepEqual([member.firstName, member.lastName, member.primaryEmail, member.emails],
        ['Ada', 'Lovelace', 'Augusta@Example.com', ['ada@example.com', 'king@example.org']])
    })

    /** The member's answer to the merge and to a GET after it, which must agree. */
    async function merged (client: Api, keptId: string, otherId: string): Promise<Member> {
      const { member } = await merge(client, keptId, otherId)
      assert.deepEqual(await getMember(client, keptId), member)
      return member
    }

    test('a merge keeps the kept member\'s primary address in its emails when it holds it there', async () => {
      const { client } = await fresh()
      const kept = await createMember(client, { primaryEmail: 'k1@keep.example', emails: ['k1@keep.example', 'k2@keep.example'] })
      const other = await createMember(client, { primaryEmail: 'o1@other.example', emails: ['o1@other.example', 'o2@other.example'] })
      const member = await merged(client, kept.id, other.id)
      assert.equal(member.primaryEmail, 'k1@keep.example')
      assert.deepEqual(member.emails, ['k1@keep.example', 'k2@keep.example', 'o1@other.example', 'o2@other.example'])

      const solo = await createMember(client, { primaryEmail: 'keep@solo.example', emails: ['keep@solo.example'] })
      const only = await createMember(client, { primaryEmail: 'only@solo.example' })
      assert.deepEqual((await merged(client, solo.id, only.id)).emails, ['keep@solo.example', 'only@solo.example'])
    })

    test('a merge unions emails ignoring case, phones and tags exactly, each once, the kept member\'s first', async () => {
      const { client } = await fresh()
      const kept = await createMember(client, {
        primaryEmail: 'Ada@Example.com',
        emails: ['ada@example.com', 'ADA.L@example.org', 'ada.l@EXAMPLE.org'],
        phones: ['+1 555 0100', '+1 555 0101'],
        tags: [VIP, SPEAKER]
      })
      const other = await createMember(client, {
        primaryEmail: 'Augusta@Example.com',
        emails: ['augusta@example.com', 'king@example.org', 'KING@example.org'],
        phones: ['+1 555 0101', '+1 555 0102', '+1 555 0100', '+15550100'],
        tags: [AUTHOR, SPEAKER]
      })
      const member = await merged(client, kept.id, other.id)
      assert.equal(member.primaryEmail, 'Ada@Example.com')
      // The other's primary address joins first, then its emails; each address once, as first written.
      assert.deepEqual(member.emails, ['ada@example.com', 'ADA.L@example.org', 'Augusta@Example.com', 'king@example.org'])
      // Phones are compared as written: '+15550100' is another value than '+1 555 0100'.
      assert.deepEqual(member.phones, ['+1 555 0100', '+1 555 0101', '+1 555 0102', '+15550100'])
      assert.deepEqual(member.tags, [VIP, SPEAKER, AUTHOR])
    })

    test('the other\'s primary address becomes the primary one of a kept member without one, and stays in emails if the other held it there', async () => {
      const { client } = await fresh()
      const kept = await createMember(client, { firstName: 'Ada', emails: ['k@keep.example'] })
      const other = await createMember(client, { primaryEmail: 'o1@other.example', emails: ['O1@other.example', 'o2@other.example'] })
      const member = await merged(client, kept.id, other.id)
      assert.equal(member.primaryEmail, 'o1@other.example')
      assert.deepEqual(member.emails, ['k@keep.example', 'O1@other.example', 'o2@other.example'])

      // The other's primary address lands in emails when the kept member has a primary one of its own.
      const named = await createMember(client, { primaryEmail: 'named@keep.example' })
      const plain = await createMember(client, { primaryEmail: 'plain@other.example' })
      const both = await merged(client, named.id, plain.id)
      assert.deepEqual([both.primaryEmail, both.emails], ['named@keep.example', ['plain@other.example']])
    })

    test('after a merge, a new primaryEmail for the kept member keeps every address of both members', async () => {
      const { client } = await fresh()
      const kept = await createMember(client, { primaryEmail: 'k1@keep.example', emails: ['k1@keep.example', 'k2@keep.example'] })
      const other = await createMember(client, { primaryEmail: 'o1@other.example', emails: ['o2@other.example'] })
      await merged(client, kept.id, other.id)
      const patched = recordOf<Member>(await client.patch(`/v1/members/${kept.id}`, { primaryEmail: 'new@keep.example' }), 200, 'member')
      assert.equal(patched.primaryEmail, 'new@keep.example')
      assert.deepEqual(patched.emails, ['k1@keep.example', 'k2@keep.example', 'o1@other.example', 'o2@other.example'])
      assert.deepEqual(await getMember(client, kept.id), patched)
      for (const address of ['k1@keep.example', 'K2@keep.example', 'o1@other.example', 'o2@other.example']) {
        // Still the kept member's: found by it, and no one else may take it.
        const found = (await client.get(`/v1/members?email=${encodeURIComponent(address)}`)).json() as { members: Member[] }
        assert.deepEqual(found.members.map((member) => member.id), [kept.id], address)
        assertConflict(await client.post('/v1/members', { primaryEmail: address }), 'primaryEmail', kept.id)
      }
    })

    test('a merge naming itself, an unknown member or another workspace\'s is a 400; an unknown kept member a 404', async () => {
      const { client, app } = await fresh()
      const kept = await createMember(client)
      const elsewhere = await createMember((await fresh()).client)
      assertBadRequest(await client.post(`/v1/members/${kept.id}/merge`, { memberId: kept.id }), 'memberId')
      assertBadRequest(await client.post(`/v1/members/${kept.id}/merge`, { memberId: randomUUID() }), 'memberId')
      assertBadRequest(await client.post(`/v1/members/${kept.id}/merge`, { memberId: elsewhere.id }), 'memberId')
      assertBadRequest(await client.post(`/v1/members/${kept.id}/merge`, { memberId: 'nope' }), 'memberId')
      assertBadRequest(await client.post(`/v1/members/${kept.id}/merge`, {}), 'memberId')
      assertBadRequest(await client.post(`/v1/members/${kept.id}/merge`, { memberId: elsewhere.id, extra: 1 }), 'extra')
      assertNotFound(await client.post(`/v1/members/${randomUUID()}/merge`, { memberId: kept.id }))
      assertNotFound(await client.post('/v1/members/nope/merge', { memberId: kept.id }))
      assertNotFound(await client.get(`/v1/merges/${randomUUID()}`))
      assertNotFound(await client.post(`/v1/merges/${randomUUID()}/undo`, undefined))
      // Another workspace never sees a merge.
      const { merge: record } = await merge(client, kept.id, (await createMember(client, { firstName: 'B' })).id)
      const stranger = await app.inject({ method: 'GET', url: `/v1/merges/${record.id}`, headers: authHeader(randomUUID()) })
      assertNotFound(stranger)
      assert.match(record.createdAt, WIRE_TIME)
    })

    test('undo restores both members exactly, every activity to its member with its updatedAt; the merge is then gone', async () => {
      const { client, start, advance } = await fresh()
      const { kept, other, keptActivities, otherActivities } = await pair(client, start, advance)
      const { merge: record } = await merge(client, kept.id, other.id)
      advance(60)
      const [restoredKept, restored] = await undo(client, record.id)
      assert.deepEqual(restoredKept, kept)
      assert.deepEqual(restored, other)
      assert.deepEqual(await getMember(client, kept.id), kept)
      assert.deepEqual(await getMember(client, other.id), other)
      assert.deepEqual(await timeline(client, kept.id), [...keptActivities].sort((a, b) => a.id < b.id ? -1 : 1))
      assert.deepEqual(await timeline(client, other.id), [...otherActivities].sort((a, b) => a.id < b.id ? -1 : 1))
      assertNotFound(await client.get(`/v1/merges/${record.id}`))
      assertNotFound(await client.post(`/v1/merges/${record.id}/undo`, undefined))
      // The restored member's emails are its own again: another member cannot take them, the kept member can merge again.
      assert.equal((await client.post('/v1/members', { firstName: 'X', primaryEmail: 'augusta@example.com' })).statusCode, 409)
      assert.equal((await client.post(`/v1/members/${kept.id}/merge`, { memberId: other.id })).statusCode, 200)
    })

    test('activities created for the kept member after the merge stay with it; its derived values follow', async () => {
      const { client, start, advance } = await fresh()
      const { kept, other, otherActivities } = await pair(client, start, advance)
      const { merge: record } = await merge(client, kept.id, other.id)
      const later = recordOf<Activity>(await client.post('/v1/activities', { memberId: kept.id, activityTypeKey: 'message', createdAt: wire(start + 30) }), 201, 'activity')
      const [restoredKept, restored] = await undo(client, record.id)
      assert.deepEqual(restored, other)
      assert.deepEqual(restoredKept, { ...kept, lastActivity: wire(start + 30), pulse: kept.pulse + 1, level: restoredKept.level })
      assert.equal((await getActivity(client, later.id)).memberId, kept.id)
      assert.deepEqual((await timeline(client, other.id)).map((a) => a.id).sort(), otherActivities.map((a) => a.id).sort())
    })

    test('undo is refused, changing nothing, when the kept member was edited, merged again or erased since', async () => {
      const { client, start, advance } = await fresh()
      const { kept, other } = await pair(client, start, advance)
      const { merge: first } = await merge(client, kept.id, other.id)
      assert.equal((await client.patch(`/v1/members/${kept.id}`, { jobTitle: 'Countess' })).statusCode, 200)
      const before = await getMember(client, kept.id)
      assertRefused(await client.post(`/v1/merges/${first.id}/undo`, undefined), /edited/)
      assert.deepEqual(await getMember(client, kept.id), before)
      assertNotFound(await client.get(`/v1/members/${other.id}`))

      const second = await fresh()
      const two = await pair(second.client, second.start, second.advance)
      const { merge: earlier } = await merge(second.client, two.kept.id, two.other.id)
      const third = await createMember(second.client, { firstName: 'Third' })
      const { merge: later } = await merge(second.client, two.kept.id, third.id)
      assertRefused(await second.client.post(`/v1/merges/${earlier.id}/undo`, undefined), /merged again/)
      // Undoing the later merge first makes the earlier one exact again.
      await undo(second.client, later.id)
      await undo(second.client, earlier.id)
      assert.deepEqual(await getMember(second.client, two.kept.id), two.kept)

      const erased = await fresh()
      const three = await pair(erased.client, erased.start, erased.advance)
      const { merge: gone } = await merge(erased.client, three.kept.id, three.other.id)
      assert.equal((await erased.client.delete(`/v1/members/${three.kept.id}`)).statusCode, 200)
      assertRefused(await erased.client.post(`/v1/merges/${gone.id}/undo`, undefined), /erased/)
      // The merge keeps only its ids.
      assert.deepEqual((await erased.client.get(`/v1/merges/${gone.id}`)).json(), { merge: gone })
    })

    test('undo is refused when an activity the merge moved was edited, moved or deleted, or the merged member\'s company deleted', async () => {
      for (const [change, why] of [
        [async (client: Api, activity: Activity) => await client.patch(`/v1/activities/${activity.id}`, { title: 'edited' }), /activity/],
        [async (client: Api, activity: Activity, elsewhere: string) => await client.patch(`/v1/activities/${activity.id}`, { memberId: elsewhere }), /activity/],
        [async (client: Api, activity: Activity) => await client.delete(`/v1/activities/${activity.id}`), /activity/]
      ] as const) {
        const { client, start, advance } = await fresh()
        const { kept, other, otherActivities } = await pair(client, start, advance)
        const elsewhere = await createMember(client, { firstName: 'Elsewhere' })
        const { merge: record } = await merge(client, kept.id, other.id)
        advance(1)
        assert.equal((await change(client, otherActivities[0]!, elsewhere.id)).statusCode, 200)
        assertRefused(await client.post(`/v1/merges/${record.id}/undo`, undefined), why)
      }
      const { client } = await fresh()
      const kept = await memberOf(client, (await createCompany(client, { name: 'Own' })).id, { firstName: 'Kept' })
      const acme = await createCompany(client, { name: 'Acme' })
      const other = await memberOf(client, acme.id, { firstName: 'Other' })
      const { merge: record } = await merge(client, kept.id, other.id)
      assert.equal((await client.delete(`/v1/companies/${acme.id}`)).statusCode, 200)
      assertRefused(await client.post(`/v1/merges/${record.id}/undo`, undefined), /company/)
    })

    test('an edit of a moved activity within the second of the merge is still seen', async () => {
      const { client, start, advance } = await fresh()
      const { kept, other, otherActivities } = await pair(client, start, advance)
      const { merge: record } = await merge(client, kept.id, other.id)
      assert.equal((await client.patch(`/v1/activities/${otherActivities[0]!.id}`, { message: 'same second' })).statusCode, 200)
      assertRefused(await client.post(`/v1/merges/${record.id}/undo`, undefined), /activity/)
    })

    test('a merge can be undone for 30 days, then not; its copy of the member is erased then', async () => {
      const { client, start, advance } = await fresh()
      const { kept, other } = await pair(client, start, advance)
      const { merge: record } = await merge(client, kept.id, other.id)
      advance(30 * DAY)
      const { merge: second } = await merge(client, kept.id, (await createMember(client, { firstName: 'Late' })).id)
      advance(1)
      assertRefused(await client.post(`/v1/merges/${record.id}/undo`, undefined), /30 days/)
      await undo(client, second.id)
    })

    test('erasing a merged member erases the merges that hold it and the kept answers that name it', async () => {
      const { client, app, workspaceId } = await fresh()
      const keyed = async (key: string, body: unknown) => await app.inject({
        method: 'POST', url: '/v1/members', headers: { ...authHeader(workspaceId), 'idempotency-key': key }, payload: body as object
      })
      const created = await keyed('create-ada', { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      assert.equal(created.statusCode, 201)
      const ada = recordOf<Member>(created, 201, 'member')
      const other = await createMember(client, { firstName: 'Augusta', primaryEmail: 'augusta@example.com' })
      const third = await createMember(client, { firstName: 'Byron' })
      const { merge: first } = await merge(client, other.id, ada.id)
      const { merge: second } = await merge(client, third.id, other.id)
      // A retry is a replay while the answer is kept.
      assert.equal((await keyed('create-ada', { firstName: 'Ada', primaryEmail: 'ada@example.com' })).headers['idempotent-replayed'], 'true')
      assert.equal((await client.delete(`/v1/members/${third.id}`)).statusCode, 200)
      for (const record of [first, second]) {
        assertRefused(await client.post(`/v1/merges/${record.id}/undo`, undefined), /erased/)
      }
      // The kept answer naming Ada is gone: the same request runs again.
      const again = await keyed('create-ada', { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      assert.equal(again.statusCode, 201, again.body)
      assert.equal(again.headers['idempotent-replayed'], undefined)
      assert.notEqual(recordOf<Member>(again, 201, 'member').id, ada.id)
    })
  })
}
