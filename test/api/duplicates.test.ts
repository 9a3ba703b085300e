import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { api, assertNotFound, createActivity, createCompany, createMember, newWorkspace, recordOf, testStores, type Api } from '../support/helpers.js'
import { getMember, sharedApp, type Member } from '../support/ingestion-support.js'

// Issue 17, "Duplicates": GET /v1/members/{id}/duplicates lists the other members of the workspace that are
// probably the same person, each with its reasons (docs/identity.md). Emails here are at gmail.com (free mail) or
// under names reserved for documentation (example.org, .test), which never attach a member to a company: the
// company of each member is the one the test gives it.

type Reason = 'email' | 'nameAndCompany' | 'name'
interface Duplicates { duplicates: Array<{ member: Member, reasons: Reason[] }> }

async function duplicatesOf (client: Api, id: string): Promise<Duplicates['duplicates']> {
  const res = await client.get(`/v1/members/${id}/duplicates`)
  assert.equal(res.statusCode, 200, res.body)
  const body = res.json() as Duplicates
  assert.deepEqual(Object.keys(body), ['duplicates'], res.body)
  for (const item of body.duplicates) assert.deepEqual(Object.keys(item), ['member', 'reasons'], res.body)
  return body.duplicates
}

/** The answer as (id, reasons) pairs, in its order. */
async function reasonsOf (client: Api, id: string): Promise<Array<[string, Reason[]]>> {
  return (await duplicatesOf(client, id)).map(({ member, reasons }) => [member.id, reasons])
}

const patch = async (client: Api, id: string, body: Record<string, unknown>) => recordOf<Member>(await client.patch(`/v1/members/${id}`, body), 200, 'member')

for (const store of testStores()) {
  describe(`member duplicates (${store.name})`, () => {
    const fresh = sharedApp(store)

    test('gmail addresses are one mailbox whatever their case, dots, +tags, or googlemail.com; any email of each counts', async () => {
      const { client, advance } = await fresh()
      const me = await createMember(client, { primaryEmail: 'John.Smith+news@GMail.com' })
      advance(1)
      const plain = await createMember(client, { primaryEmail: 'johnsmith@gmail.com' })
      advance(1)
      const googlemail = await createMember(client, { primaryEmail: 'J.O.H.N.Smith@googlemail.com' })
      advance(1)
      // Only a secondary email of this one matches.
      const secondary = await createMember(client, { primaryEmail: 'other@example.org', emails: ['other@example.org', 'johnsmith+work@gmail.com'] })
      advance(1)
      await createMember(client, { primaryEmail: 'john.smith@example.org' })
      await createMember(client, { primaryEmail: 'johnsmith@gmail.test' })
      assert.deepEqual(await reasonsOf(client, me.id), [[secondary.id, ['email']], [googlemail.id, ['email']], [plain.id, ['email']]])
      // Both ways, and a secondary email of the member asked about counts as well.
      assert.deepEqual(await reasonsOf(client, secondary.id), [[googlemail.id, ['email']], [plain.id, ['email']], [me.id, ['email']]])
      const other = await createMember(client, { firstName: 'Other', emails: ['JOHN.SMITH@gmail.com'] })
      assert.deepEqual((await reasonsOf(client, plain.id))[0], [other.id, ['email']])
    })

    test('other providers keep their dots and +tags: j.doe@example.org and jdoe@example.org are not duplicates', async () => {
      const { client } = await fresh()
      const dotted = await createMember(client, { primaryEmail: 'j.doe@example.org' })
      await createMember(client, { primaryEmail: 'jdoe@example.org' })
      await createMember(client, { primaryEmail: 'j.doe+x@example.org' })
      await createMember(client, { primaryEmail: 'j.doe@mail.example.org' })
      assert.deepEqual(await duplicatesOf(client, dotted.id), [])
    })

    test('the same full name, ignoring case, accents and spaces, is the reason `name`; a lone or partial name is not', async () => {
      const { client, advance } = await fresh()
      const me = await createMember(client, { firstName: 'Zoë', lastName: 'Saldaña Pérez' })
      advance(1)
      const shouted = await createMember(client, { firstName: '  ZOE ', lastName: 'saldana   PEREZ' })
      advance(1)
      const decomposed = await createMember(client, { firstName: 'Zoe\u0308', lastName: 'Saldan\u0303a\tPe\u0301rez', primaryEmail: 'zoe@example.org' })
      await createMember(client, { firstName: 'Zoë' })
      await createMember(client, { lastName: 'Saldaña Pérez' })
      await createMember(client, { firstName: 'Zoë Saldaña Pérez' })
      await createMember(client, { firstName: 'Zoë', lastName: 'Saldaña' })
      assert.deepEqual(await reasonsOf(client, me.id), [[decomposed.id, ['name']], [shouted.id, ['name']]])

      // A first name alone is no evidence, however many share it.
      const alex = await createMember(client, { firstName: 'Alex' })
      await createMember(client, { firstName: 'alex' })
      assert.deepEqual(await duplicatesOf(client, alex.id), [])
      // ß folds to ss.
      const strauss = await createMember(client, { firstName: 'Anna', lastName: 'Strauß' })
      const plain = await createMember(client, { firstName: 'ANNA', lastName: 'STRAUSS' })
      assert.deepEqual(await reasonsOf(client, strauss.id), [[plain.id, ['name']]])
    })

    test('the same full name and company is `nameAndCompany`, listed instead of `name`; another company or none is `name`', async () => {
      const { client, advance } = await fresh()
      const acme = await createCompany(client, { name: 'Acme' })
      const globex = await createCompany(client, { name: 'Globex' })
      const me = await patch(client, (await createMember(client, { firstName: 'Ada', lastName: 'Lovelace' })).id, { companyId: acme.id })
      advance(1)
      const colleague = await patch(client, (await createMember(client, { firstName: 'ada', lastName: 'LOVELACE' })).id, { companyId: acme.id })
      advance(1)
      const elsewhere = await patch(client, (await createMember(client, { firstName: 'Ada', lastName: 'Lovelace' })).id, { companyId: globex.id })
      advance(1)
      const none = await createMember(client, { firstName: 'Ada', lastName: 'Lovelace' })
      advance(1)
      // Email and company: both reasons, email first; the strongest reason orders the answer before the time does.
      const both = await patch(client, (await createMember(client, { firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ada@gmail.com' })).id, { companyId: acme.id })
      await patch(client, me.id, { emails: ['a.d.a+x@gmail.com'] })
      advance(1)
      const emailOnly = await createMember(client, { firstName: 'Augusta', primaryEmail: 'ADA@googlemail.com' })
      assert.deepEqual(await reasonsOf(client, me.id), [
        [emailOnly.id, ['email']], [both.id, ['email', 'nameAndCompany']], [colleague.id, ['nameAndCompany']], [none.id, ['name']], [elsewhere.id, ['name']]
      ])
      assert.deepEqual(await reasonsOf(client, none.id), [[both.id, ['name']], [elsewhere.id, ['name']], [colleague.id, ['name']], [me.id, ['name']]])
    })

    test('members a company attaches by their email domain get their nameAndCompany keys', async () => {
      const { client, advance } = await fresh()
      const first = await createMember(client, { firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ada@analytical.io' })
      advance(1)
      const second = await createMember(client, { firstName: 'ADA', lastName: 'lovelace', primaryEmail: 'countess@analytical.io' })
      assert.deepEqual(await reasonsOf(client, first.id), [[second.id, ['nameAndCompany']]])
      const company = (await getMember(client, first.id)).companyId
      assert.equal((await getMember(client, second.id)).companyId, company)
      // A company made afterwards with a domain attaches members that had none, keys included.
      advance(1)
      const third = await createMember(client, { firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ada@engine.io' })
      const fourth = await createMember(client, { firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ada.l@engine.io' })
      assert.equal(third.companyId, fourth.companyId)
      const detached = await patch(client, third.id, { companyId: null })
      await patch(client, fourth.id, { companyId: null })
      assert.deepEqual((await reasonsOf(client, detached.id)).find(([id]) => id === fourth.id), [fourth.id, ['name']])
      assert.equal((await client.delete(`/v1/companies/${third.companyId!}`)).statusCode, 200)
      const engine = await createCompany(client, { name: 'Engine', domain: 'engine.io' })
      assert.equal((await getMember(client, third.id)).companyId, engine.id)
      assert.deepEqual((await reasonsOf(client, third.id)).find(([id]) => id === fourth.id), [fourth.id, ['nameAndCompany']])
    })

    test('each member is its record exactly as GET /v1/members/{id} answers it; the member itself and other workspaces never appear', async () => {
      const { app, client, advance } = await fresh()
      const me = await createMember(client, { firstName: 'Grace', lastName: 'Hopper', primaryEmail: 'grace.hopper@gmail.com', emails: ['grace@example.org'] })
      const twin = await createMember(client, { firstName: 'Grace', lastName: 'Hopper', primaryEmail: 'gracehopper@gmail.com', tags: [randomUUID()] })
      await createActivity(client, { memberId: twin.id, activityTypeKey: 'post' })
      advance(60)
      // Excluded from engagement: still the same person.
      const excluded = await createMember(client, { primaryEmail: 'g.race.hopper@gmail.com' })
      assert.equal((await client.patch(`/v1/members/${excluded.id}/engagement`, { excluded: true })).statusCode, 200)
      const other = api(app, newWorkspace())
      const stranger = await createMember(other, { firstName: 'Grace', lastName: 'Hopper', primaryEmail: 'gracehopper@gmail.com' })

      const found = await duplicatesOf(client, me.id)
      assert.deepEqual(found, [
        { member: await getMember(client, excluded.id), reasons: ['email'] },
        { member: await getMember(client, twin.id), reasons: ['email', 'name'] }
      ])
      assert.ok(found[1]!.member.pulse > 0, 'the activity counts in the pulse')
      assert.deepEqual(await reasonsOf(other, stranger.id), [])
      assertNotFound(await other.get(`/v1/members/${me.id}/duplicates`))
    })

    test('keys follow every write: a PATCH of a name or an email, a company, a delete', async () => {
      const { client } = await fresh()
      const company = await createCompany(client, { name: 'Initech' })
      const me = await createMember(client, { firstName: 'Peter', lastName: 'Gibbons', primaryEmail: 'peter@example.org' })
      const other = await createMember(client, { firstName: 'Peter', lastName: 'Gibbons' })
      assert.deepEqual(await reasonsOf(client, me.id), [[other.id, ['name']]])
      await patch(client, other.id, { lastName: 'Lumbergh' })
      assert.deepEqual(await reasonsOf(client, me.id), [])
      await patch(client, other.id, { lastName: 'GIBBONS', emails: ['p.eter@gmail.com'] })
      assert.deepEqual(await reasonsOf(client, me.id), [[other.id, ['name']]])
      await patch(client, me.id, { primaryEmail: 'peter@gmail.com' })
      assert.deepEqual(await reasonsOf(client, me.id), [[other.id, ['email', 'name']]])
      await patch(client, me.id, { companyId: company.id })
      await patch(client, other.id, { companyId: company.id })
      assert.deepEqual(await reasonsOf(client, other.id), [[me.id, ['email', 'nameAndCompany']]])
      // Deleting the company detaches both: back to `name`.
      assert.equal((await client.delete(`/v1/companies/${company.id}`)).statusCode, 200)
      assert.deepEqual(await reasonsOf(client, other.id), [[me.id, ['email', 'name']]])
      await patch(client, me.id, { primaryEmail: null, firstName: null })
      assert.deepEqual(await reasonsOf(client, other.id), [])
      await patch(client, me.id, { firstName: 'Peter' })
      assert.equal((await client.delete(`/v1/members/${other.id}`)).statusCode, 200)
      assert.deepEqual(await reasonsOf(client, me.id), [])
      assertNotFound(await client.get(`/v1/members/${other.id}/duplicates`))
    })

    test('members made in bulk and by activities have their keys', async () => {
      const { client } = await fresh()
      const me = await createMember(client, { firstName: 'Linus', lastName: 'Torvalds' })
      const res = await client.post('/v1/members/bulk', { members: [{ firstName: 'LINUS', lastName: 'torvalds', primaryEmail: 'linus@gmail.com' }, { firstName: 'Linus' }] })
      assert.equal(res.statusCode, 200, res.body)
      const [bulk] = (res.json() as { results: Array<{ member: Member }> }).results
      const activity = await createActivity(client, { member: { primaryEmail: 'l.i.n.u.s+lkml@googlemail.com' } })
      assert.deepEqual(await reasonsOf(client, bulk!.member.id), [[activity.memberId, ['email']], [me.id, ['name']]])
      // The bulk path that updates a member as a PATCH would keeps its keys in step too.
      assert.equal((await client.post('/v1/members/bulk', { members: [{ primaryEmail: 'linus@gmail.com', lastName: 'Benedict' }] })).statusCode, 200)
      assert.deepEqual(await reasonsOf(client, me.id), [])
    })

    test('a merge takes the merged member\'s keys with it, and its undo brings them back', async () => {
      const { client } = await fresh()
      const me = await createMember(client, { firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ada@example.org' })
      const twin = await createMember(client, { firstName: 'ADA', lastName: 'lovelace', primaryEmail: 'a.d.a@gmail.com' })
      const third = await createMember(client, { primaryEmail: 'ada+x@googlemail.com' })
      const before = await duplicatesOf(client, third.id)
      assert.deepEqual(before.map(({ member, reasons }) => [member.id, reasons]), [[twin.id, ['email']]])
      const merged = await client.post(`/v1/members/${me.id}/merge`, { memberId: twin.id })
      assert.equal(merged.statusCode, 200, merged.body)
      // The kept member now holds the twin's email; the twin is gone.
      assert.deepEqual(await reasonsOf(client, third.id), [[me.id, ['email']]])
      assertNotFound(await client.get(`/v1/members/${twin.id}/duplicates`))
      const undone = await client.post(`/v1/merges/${(merged.json() as { merge: { id: string } }).merge.id}/undo`, {})
      assert.equal(undone.statusCode, 200, undone.body)
      assert.deepEqual(await duplicatesOf(client, third.id), before)
      assert.deepEqual(await reasonsOf(client, me.id), [[twin.id, ['name']]])
    })

    test('at most 100, the strongest reason first, then createdAt desc and id desc', async () => {
      const { client, advance } = await fresh()
      const me = await createMember(client, { firstName: 'Sam', lastName: 'Lee', primaryEmail: 'samlee@gmail.com' })
      advance(1)
      const older = recordOf<Member>(await client.post('/v1/members', { primaryEmail: 'sam.lee@gmail.com' }), 201, 'member')
      advance(1)
      const res = await client.post('/v1/members/bulk', { members: Array.from({ length: 120 }, () => ({ firstName: 'sam', lastName: 'LEE' })) })
      assert.equal(res.statusCode, 200, res.body)
      const named = (res.json() as { results: Array<{ member: Member }> }).results.map(({ member }) => member.id)
      const found = await reasonsOf(client, me.id)
      assert.equal(found.length, 100)
      // The email match is older than every name match, and first; the names share a createdAt: id desc.
      assert.deepEqual(found, [[older.id, ['email']], ...[...named].sort().reverse().slice(0, 99).map((id): [string, Reason[]] => [id, ['name']])])
    })

    test('an unknown, malformed or other-workspace id answers 404', async () => {
      const { app, client } = await fresh()
      const member = await createMember(client, { firstName: 'Ada' })
      const company = await createCompany(client, { name: 'Acme' })
      for (const id of [randomUUID(), 'not-a-uuid', '0', company.id]) assertNotFound(await client.get(`/v1/members/${id}/duplicates`))
      assertNotFound(await api(app, newWorkspace()).get(`/v1/members/${member.id}/duplicates`))
    })
  })
}
