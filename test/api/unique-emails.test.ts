import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createMember, recordOf, testStores, type Api } from '../support/helpers.js'
import {
  assertConflict, getMember, memberTotal, sharedApp, statusesOf, times, type Member
} from '../support/ingestion-support.js'

// Issue 17, "Unique emails": within a workspace no two members share an email, ignoring case; a member's emails
// are its primaryEmail and its emails. A create, PATCH, bulk item or activity's new member that would give a
// member another's email is a 409 naming the field and the other member, and changes nothing.

interface BulkResult { index: number, status: number, member?: Member, error?: { code: string, details?: Array<{ field: string, id?: string }> } }

const bulk = async (client: Api, members: Array<Record<string, unknown>>): Promise<BulkResult[]> => {
  const res = await client.post('/v1/members/bulk', { members })
  assert.equal(res.statusCode, 200, res.body)
  return (res.json() as { results: BulkResult[] }).results
}

for (const store of testStores()) {
  describe(`unique member emails (${store.name})`, () => {
    const fresh = sharedApp(store)

    test('a create with another member\'s primaryEmail, in any case, is a 409 naming primaryEmail and that member; nothing is created', async () => {
      const { client } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      for (const email of ['ada@example.com', 'ADA@Example.COM']) {
        assertConflict(await client.post('/v1/members', { firstName: 'Other', primaryEmail: email }), 'primaryEmail', ada.id)
      }
      assert.equal(await memberTotal(client), 1)
    })

    test('an email held as another member\'s secondary email conflicts too, from either field', async () => {
      const { client } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com', emails: ['Ada.Lovelace@example.org'] })
      assertConflict(await client.post('/v1/members', { firstName: 'B', primaryEmail: 'ada.lovelace@EXAMPLE.org' }), 'primaryEmail', ada.id)
      assertConflict(await client.post('/v1/members', { firstName: 'B', emails: ['b@example.com', 'ADA@example.com'] }), 'emails', ada.id)
      assertConflict(await client.post('/v1/members', { firstName: 'B', primaryEmail: 'b@example.com', emails: ['ada.lovelace@example.org'] }), 'emails', ada.id)
      assert.equal(await memberTotal(client), 1)
    })

    test('a PATCH giving a member another\'s email is a 409 and leaves the member as it was', async () => {
      const { client } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com', emails: ['countess@example.org'] })
      const bob = await createMember(client, { firstName: 'Bob', primaryEmail: 'bob@example.com' })
      assertConflict(await client.patch(`/v1/members/${bob.id}`, { primaryEmail: 'Countess@example.org' }), 'primaryEmail', ada.id)
      assertConflict(await client.patch(`/v1/members/${bob.id}`, { emails: ['ADA@EXAMPLE.COM'], firstName: 'Robert' }), 'emails', ada.id)
      assert.deepEqual(await getMember(client, bob.id), bob)
      assert.deepEqual(await getMember(client, ada.id), ada)
    })

    test('a member may keep, re-send, re-case and move its own emails; a freed email may be taken by another', async () => {
      const { client, advance } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com', emails: ['ADA@example.com', 'lovelace@example.org'] })
      advance(1)
      const same = await client.patch(`/v1/members/${ada.id}`, { primaryEmail: 'ada@example.com', emails: ['lovelace@example.org'] })
      assert.equal(same.statusCode, 200, same.body)
      const swapped = await client.patch(`/v1/members/${ada.id}`, { primaryEmail: 'Lovelace@example.org', emails: ['ada@example.com'] })
      assert.equal(swapped.statusCode, 200, swapped.body)
      const freed = await client.patch(`/v1/members/${ada.id}`, { emails: [] })
      assert.equal(freed.statusCode, 200, freed.body)
      const taken = await client.post('/v1/members', { firstName: 'Other Ada', primaryEmail: 'ada@example.com' })
      assert.equal(taken.statusCode, 201, taken.body)
      // A deleted member's emails are free again.
      assert.equal((await client.delete(`/v1/members/${ada.id}`)).statusCode, 200)
      assert.equal((await client.post('/v1/members', { firstName: 'New', primaryEmail: 'lovelace@example.org' })).statusCode, 201)
    })

    test('emails are unique per workspace: another workspace may hold the same ones', async () => {
      const first = await fresh()
      const second = await fresh()
      await createMember(first.client, { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      assert.equal((await second.client.post('/v1/members', { firstName: 'Ada', primaryEmail: 'ada@example.com' })).statusCode, 201)
    })

    test('bulk: an item whose emails hold another member\'s is that item\'s 409; an item naming a primaryEmail updates its member', async () => {
      const { client } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      const results = await bulk(client, [
        { firstName: 'Bob', primaryEmail: 'bob@example.com' },
        { firstName: 'Carol', primaryEmail: 'carol@example.com', emails: ['BOB@example.com'] },
        { primaryEmail: 'ada@example.com', emails: ['carol@example.com'] },
        { primaryEmail: 'ADA@example.com', jobTitle: 'Countess' },
        { firstName: 'Dan', emails: ['ada@example.com'] }
      ])
      assert.deepEqual(results.map((result) => result.status), [201, 409, 200, 200, 409])
      const bob = results[0]!.member!
      assert.deepEqual(results[1]!.error?.details, [{ field: 'emails', message: 'is held by another record of this workspace', id: bob.id }])
      assert.deepEqual(results[4]!.error?.details, [{ field: 'emails', message: 'is held by another record of this workspace', id: ada.id }])
      const updated = await getMember(client, ada.id)
      assert.deepEqual([updated.emails, updated.jobTitle], [['carol@example.com'], 'Countess'])
      assert.equal(await memberTotal(client), 2)
    })

    test('an activity\'s new member holding another member\'s email is a 409 naming member.emails; nothing is written', async () => {
      const { client } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      const res = await client.post('/v1/activities', {
        activityTypeKey: 'message', member: { primaryEmail: 'new@example.com', emails: ['Ada@example.com'] }
      })
      assertConflict(res, 'member.emails', ada.id)
      assert.equal(await memberTotal(client), 1)
      assert.equal(((await client.get('/v1/activities')).json() as { totalActivities: number }).totalActivities, 0)
    })

    test('concurrent creates of one email, in different cases and fields, make one member; the others are 409s', async () => {
      const { client } = await fresh()
      const bodies = times(12, (i) => i % 3 === 0
        ? { firstName: `M${i}`, primaryEmail: i % 2 === 0 ? 'same@example.com' : 'SAME@example.com' }
        : { firstName: `M${i}`, primaryEmail: `m${i}@example.com`, emails: ['Same@Example.com'] })
      const responses = await Promise.all(bodies.map(async (body) => await client.post('/v1/members', body)))
      assert.deepEqual(statusesOf(responses), [201, ...times(11, () => 409)])
      const winner = recordOf<Member>(responses.find((res) => res.statusCode === 201)!, 201, 'member')
      for (const res of responses.filter((one) => one.statusCode === 409)) {
        const detail = (res.json() as { details: Array<{ id: string }> }).details[0]!
        assert.equal(detail.id, winner.id, res.body)
      }
      assert.equal(await memberTotal(client), 1)
      assert.equal(await memberTotal(client, 'same@example.com'), 1)
    })

    test('concurrent PATCHes giving two members one new email: one wins', async () => {
      const { client } = await fresh()
      const members = await Promise.all(times(6, async (i) => await createMember(client, { firstName: `M${i}` })))
      const responses = await Promise.all(members.map(async (member) => await client.patch(`/v1/members/${member.id}`, { emails: ['shared@example.com'] })))
      assert.deepEqual(statusesOf(responses), [200, ...times(5, () => 409)])
      assert.equal(await memberTotal(client, 'shared@example.com'), 1)
    })
  })
}
