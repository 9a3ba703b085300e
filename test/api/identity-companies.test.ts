import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { assertBadRequest, createCompany, createMember, recordOf, testStores, type Api } from '../support/helpers.js'
import { wire } from '../support/engagement-support.js'
import {
  assertConflict, companyTotal, getCompany, getMember, sharedApp, statusesOf, times, type Company, type Member
} from '../support/ingestion-support.js'

// Issue 17, "Companies from email domains": one company per normalised domain; a member given a primary email
// (create, PATCH, bulk, an activity's member) without a company joins the company of the email's domain, made when
// missing, unless the domain is free-mail, disposable, reserved or the workspace's own free-mail; a company given a
// domain attaches the members of that domain without a company; identity settings turn both off or add domains.

/** The workspace's companies, oldest first. */
async function companies (client: Api): Promise<Company[]> {
  const res = await client.get('/v1/companies?pageSize=100&sort=createdAt')
  assert.equal(res.statusCode, 200, res.body)
  return (res.json() as { companies: Company[] }).companies
}

async function companyOfDomain (client: Api, domain: string): Promise<Company | undefined> {
  const res = await client.get(`/v1/companies?domain=${encodeURIComponent(domain)}`)
  assert.equal(res.statusCode, 200, res.body)
  const found = (res.json() as { companies: Company[] }).companies
  assert.ok(found.length <= 1, res.body)
  return found[0]
}

const patchMember = async (client: Api, id: string, body: Record<string, unknown>) =>
  recordOf<Member>(await client.patch(`/v1/members/${id}`, body), 200, 'member')
const patchCompany = async (client: Api, id: string, body: Record<string, unknown>) =>
  recordOf<Company>(await client.patch(`/v1/companies/${id}`, body), 200, 'company')

async function setSettings (client: Api, settings: { autoCompanies: boolean, freeMailDomains: string[] }): Promise<unknown> {
  return recordOf(await client.put('/v1/identity-settings', settings), 200, 'identitySettings')
}

const FREE_MAIL = ['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'proton.me', 'protonmail.com', 'icloud.com', 'gmx.de']
const DISPOSABLE = ['mailinator.com', 'yopmail.com', 'guerrillamail.com', '10minutemail.com']
const RESERVED = ['example.com', 'example.net', 'example.org', 'mail.example.com', 'acme.example', 'shop.test', 'nowhere.invalid',
  'dev.localhost']

for (const store of testStores()) {
  describe(`companies from email domains (${store.name})`, () => {
    const fresh = sharedApp(store)

    // ---- One company per normalised domain ----

    test('every spelling of a domain a company has is a 409 naming domain and that company, on create and on PATCH', async () => {
      const { client } = await fresh()
      const acme = await createCompany(client, { name: 'Acme', domain: 'https://www.Acme.com/' })
      assert.equal(acme.domain, 'acme.com')
      const spellings = ['acme.com', 'ACME.COM', 'www.acme.com', 'https://acme.com', 'http://www.acme.com/', 'acme.com/',
        'acme.com.', 'acme.com:8443', 'acme.com/about/team', 'HTTPS://WWW.ACME.COM:443/path?q=1#top', ' acme.com ']
      for (const domain of spellings) {
        assertConflict(await client.post('/v1/companies', { name: 'Acme again', domain }), 'domain', acme.id)
      }
      const other = await createCompany(client, { name: 'Other', domain: 'other.io' })
      for (const domain of spellings) {
        assertConflict(await client.patch(`/v1/companies/${other.id}`, { domain, name: 'renamed' }), 'domain', acme.id)
      }
      assert.deepEqual(await getCompany(client, other.id), other)
      assert.equal(await companyTotal(client), 2)
      // Its own domain again, in another spelling, is no conflict; nor is clearing it and setting it back.
      assert.equal((await patchCompany(client, acme.id, { domain: 'WWW.acme.com.' })).domain, 'acme.com')
      assert.equal((await patchCompany(client, acme.id, { domain: null })).domain, null)
      assert.equal((await patchCompany(client, acme.id, { domain: 'acme.com' })).domain, 'acme.com')
      // Companies without a domain are many.
      await createCompany(client, { name: 'No domain 1' })
      await createCompany(client, { name: 'No domain 2', domain: null })
    })

    test('the bulk route updates the company of a domain in any spelling instead of making a second', async () => {
      const { client } = await fresh()
      const acme = await createCompany(client, { name: 'Acme', domain: 'acme.com' })
      const res = await client.post('/v1/companies/bulk', { companies: [{ name: 'Acme Inc', domain: 'http://WWW.acme.com/x' }, { name: 'Beta', domain: 'beta.io' }] })
      assert.equal(res.statusCode, 200, res.body)
      const results = (res.json() as { results: Array<{ status: number, company: Company }> }).results
      assert.deepEqual(results.map((r) => [r.status, r.company.domain]), [[200, 'acme.com'], [201, 'beta.io']])
      assert.equal(results[0]!.company.id, acme.id)
      assert.equal(await companyTotal(client), 2)
    })

    test('concurrent creates of companies of one domain: one is made, the others answer 409 naming it', async () => {
      const { client } = await fresh()
      const answers = await Promise.all(times(6, (i) => client.post('/v1/companies', { name: `Acme ${i}`, domain: i % 2 === 0 ? 'acme.com' : 'https://www.ACME.com/' })))
      assert.deepEqual(statusesOf(answers), [201, 409, 409, 409, 409, 409])
      const made = answers.find((res) => res.statusCode === 201)!.json() as { company: Company }
      for (const res of answers.filter((res) => res.statusCode === 409)) assertConflict(res, 'domain', made.company.id)
      assert.deepEqual((await companies(client)).map((c) => c.id), [made.company.id])
    })

    // ---- A member's primary email makes or finds its company ----

    test('a member created with a company email gets the company of its domain, made with name, domain and source', async () => {
      const { client, start } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'Ada@Mail.Acme-Corp.COM' })
      const made = await companyOfDomain(client, 'mail.acme-corp.com')
      assert.ok(made !== undefined)
      assert.deepEqual(made, {
        id: made.id,
        name: 'mail.acme-corp.com',
        industry: null,
        address: null,
        domain: 'mail.acme-corp.com',
        employees: null,
        foundedAt: null,
        logoUrl: null,
        tags: [],
        source: 'Api',
        workspaceId: made.workspaceId,
        createdAt: wire(start),
        updatedAt: wire(start)
      })
      assert.equal(ada.companyId, made.id)
      assert.deepEqual(await getMember(client, ada.id), ada)
      // A www. in the email's domain is dropped, as in a company's.
      const bob = await createMember(client, { firstName: 'Bob', primaryEmail: 'bob@www.mail.acme-corp.com' })
      assert.equal(bob.companyId, made.id)
      assert.equal(await companyTotal(client), 1)
    })

    test('a company the workspace has for the domain is used, in whatever spelling it was given', async () => {
      const { client } = await fresh()
      const acme = await createCompany(client, { name: 'Acme', domain: 'HTTPS://www.acme.com:443/careers' })
      const ada = await createMember(client, { primaryEmail: 'ada@ACME.com' })
      assert.equal(ada.companyId, acme.id)
      assert.deepEqual(await getCompany(client, acme.id), acme)
      assert.equal(await companyTotal(client), 1)
    })

    test('free-mail providers of the shipped list make and join no company', async () => {
      const { client } = await fresh()
      for (const domain of FREE_MAIL) {
        const member = await createMember(client, { primaryEmail: `someone@${domain.toUpperCase()}` })
        assert.equal(member.companyId, null, domain)
      }
      assert.equal(await companyTotal(client), 0)
    })

    test('disposable providers of the shipped list make and join no company', async () => {
      const { client } = await fresh()
      for (const domain of DISPOSABLE) assert.equal((await createMember(client, { primaryEmail: `x@${domain}` })).companyId, null, domain)
      assert.equal(await companyTotal(client), 0)
    })

    test('reserved names (RFC 2606, RFC 6761) and every name under them make and join no company', async () => {
      const { client } = await fresh()
      for (const domain of RESERVED) assert.equal((await createMember(client, { primaryEmail: `x@${domain}` })).companyId, null, domain)
      assert.equal(await companyTotal(client), 0)
      // A company of a reserved domain can be made by hand; it attaches no member either.
      const example = await createCompany(client, { name: 'Example', domain: 'example.com' })
      assert.equal(example.domain, 'example.com')
      assert.equal((await createMember(client, { primaryEmail: 'y@example.com' })).companyId, null)
      const res = await client.get(`/v1/members?companyId=${example.id}`)
      assert.equal((res.json() as { totalMembers: number }).totalMembers, 0)
    })

    test('a domain the workspace added to its free-mail list makes and joins no company, in that workspace only', async () => {
      const { client } = await fresh()
      await setSettings(client, { autoCompanies: true, freeMailDomains: ['https://www.Corp-Mail.net/'] })
      assert.equal((await createMember(client, { primaryEmail: 'a@corp-mail.net' })).companyId, null)
      assert.equal((await createMember(client, { primaryEmail: 'a@www.corp-mail.net' })).companyId, null)
      // Only that name: a subdomain is another domain.
      assert.notEqual((await createMember(client, { primaryEmail: 'a@eu.corp-mail.net' })).companyId, null)
      const added = await createCompany(client, { name: 'Corp mail', domain: 'corp-mail.net' })
      assert.equal((await client.get(`/v1/members?companyId=${added.id}`)).json().totalMembers, 0)
      // Another workspace has the shipped list only.
      const other = (await fresh()).client
      assert.notEqual((await createMember(other, { primaryEmail: 'a@corp-mail.net' })).companyId, null)
    })

    test('autoCompanies off: a member\'s email makes and joins no company, and a company attaches no member; on again, new writes do', async () => {
      const { client } = await fresh()
      await setSettings(client, { autoCompanies: false, freeMailDomains: [] })
      const ada = await createMember(client, { primaryEmail: 'ada@acme.com' })
      assert.equal(ada.companyId, null)
      assert.equal(await companyTotal(client), 0)
      const acme = await createCompany(client, { name: 'Acme', domain: 'acme.com' })
      assert.deepEqual(await getMember(client, ada.id), ada)
      assert.equal((await createMember(client, { primaryEmail: 'bob@acme.com' })).companyId, null)
      await setSettings(client, { autoCompanies: true, freeMailDomains: [] })
      assert.equal((await createMember(client, { primaryEmail: 'cy@acme.com' })).companyId, acme.id)
      assert.deepEqual(await getMember(client, ada.id), ada)
    })

    test('a member create refused for a held email makes no company of its domain', async () => {
      const { client } = await fresh()
      await setSettings(client, { autoCompanies: false, freeMailDomains: [] })
      const ada = await createMember(client, { primaryEmail: 'ada@acme.com' })
      await setSettings(client, { autoCompanies: true, freeMailDomains: [] })
      // The write finds the domain without a company and makes one before its statement finds the email held.
      const refused = await client.post('/v1/members', { firstName: 'Ada', primaryEmail: 'Ada@Acme.com' })
      assert.equal(refused.statusCode, 409, refused.body)
      assert.deepEqual(refused.json().details, [{ field: 'primaryEmail', message: 'is held by another record of this workspace', id: ada.id }])
      assert.equal(await companyTotal(client), 0)
      assert.deepEqual(await getMember(client, ada.id), ada)
      assert.equal((await createMember(client, { primaryEmail: 'bob@acme.com' })).companyId, (await companyOfDomain(client, 'acme.com'))!.id)
    })

    test('a PATCH giving a member a primary email attaches it; an unchanged email, or a member with a company, is left alone', async () => {
      const { client, advance, start } = await fresh()
      const ada = await createMember(client, { firstName: 'Ada' })
      assert.equal(ada.companyId, null)
      advance(10)
      const patched = await patchMember(client, ada.id, { primaryEmail: 'ada@acme.com' })
      const acme = await companyOfDomain(client, 'acme.com')
      assert.deepEqual(patched, { ...ada, primaryEmail: 'ada@acme.com', companyId: acme!.id, updatedAt: wire(start + 10) })
      // Changing to another company's domain keeps the company the member has.
      assert.equal((await patchMember(client, ada.id, { primaryEmail: 'ada@beta.io' })).companyId, acme!.id)
      assert.equal(await companyOfDomain(client, 'beta.io'), undefined)
      // Detached, an edit of something else does not attach it again; a new email does.
      assert.equal((await patchMember(client, ada.id, { companyId: null })).companyId, null)
      assert.equal((await patchMember(client, ada.id, { firstName: 'Ada L.' })).companyId, null)
      assert.equal((await patchMember(client, ada.id, { primaryEmail: 'ada@beta.io' })).companyId, null)
      const beta = await patchMember(client, ada.id, { primaryEmail: 'ada.l@beta.io' })
      assert.equal(beta.companyId, (await companyOfDomain(client, 'beta.io'))!.id)
    })

    test('a companyId the write names wins: a company, or null, for that write', async () => {
      const { client } = await fresh()
      const chosen = await createCompany(client, { name: 'Chosen' })
      const ada = await createMember(client, { firstName: 'Ada' })
      assert.equal((await patchMember(client, ada.id, { primaryEmail: 'ada@acme.com', companyId: chosen.id })).companyId, chosen.id)
      const bob = await createMember(client, { firstName: 'Bob' })
      assert.equal((await patchMember(client, bob.id, { primaryEmail: 'bob@acme.com', companyId: null })).companyId, null)
      assert.equal(await companyTotal(client), 1)
      // A company given the domain later attaches the one left without a company.
      const acme = await createCompany(client, { name: 'Acme', domain: 'acme.com' })
      assert.equal((await getMember(client, bob.id)).companyId, acme.id)
      assert.equal((await getMember(client, ada.id)).companyId, chosen.id)
    })

    // ---- A company's domain attaches its members ----

    test('a company made with a domain attaches the members of that domain without a company; their updatedAt moves', async () => {
      const { client, advance, start } = await fresh()
      const first = await createMember(client, { primaryEmail: 'ada@acme.com' })
      const auto = await getCompany(client, first.companyId!)
      // Its company gone, the members stay without one.
      assert.equal((await client.delete(`/v1/companies/${auto.id}`)).statusCode, 200)
      advance(10)
      const ada = await getMember(client, first.id)
      assert.equal(ada.companyId, null)
      await setSettings(client, { autoCompanies: false, freeMailDomains: [] })
      const bob = await createMember(client, { primaryEmail: 'BOB@WWW.ACME.COM' })
      const other = await createMember(client, { primaryEmail: 'cy@beta.io' })
      const free = await createMember(client, { primaryEmail: 'dee@gmail.com' })
      const owned = await createCompany(client, { name: 'Owner' })
      const taken = await patchMember(client, (await createMember(client, { primaryEmail: 'eve@acme.com' })).id, { companyId: owned.id })
      await setSettings(client, { autoCompanies: true, freeMailDomains: [] })
      advance(10)
      const acme = await createCompany(client, { name: 'Acme', domain: 'https://acme.com/' })
      assert.deepEqual(await getMember(client, ada.id), { ...ada, companyId: acme.id, updatedAt: wire(start + 20) })
      assert.deepEqual(await getMember(client, bob.id), { ...bob, companyId: acme.id, updatedAt: wire(start + 20) })
      assert.deepEqual(await getMember(client, other.id), other)
      assert.deepEqual(await getMember(client, free.id), free)
      assert.deepEqual(await getMember(client, taken.id), taken)
    })

    test('a PATCH setting a company\'s domain attaches that domain\'s members; a skipped domain attaches none', async () => {
      const { client } = await fresh()
      await setSettings(client, { autoCompanies: false, freeMailDomains: ['corp-mail.net'] })
      const ada = await createMember(client, { primaryEmail: 'ada@acme.com' })
      const free = await createMember(client, { primaryEmail: 'x@gmail.com' })
      const added = await createMember(client, { primaryEmail: 'x@corp-mail.net' })
      const reserved = await createMember(client, { primaryEmail: 'x@shop.test' })
      await setSettings(client, { autoCompanies: true, freeMailDomains: ['corp-mail.net'] })
      const company = await createCompany(client, { name: 'Acme' })
      assert.deepEqual(await getMember(client, ada.id), ada)
      await patchCompany(client, company.id, { domain: 'www.acme.com' })
      assert.equal((await getMember(client, ada.id)).companyId, company.id)
      for (const [member, domain] of [[free, 'gmail.com'], [added, 'corp-mail.net'], [reserved, 'shop.test']] as const) {
        const other = await createCompany(client, { name: domain })
        await patchCompany(client, other.id, { domain })
        assert.deepEqual(await getMember(client, member.id), member, domain)
      }
    })

    test('the bulk route\'s new companies attach their members; an updated one does not again', async () => {
      const { client } = await fresh()
      await setSettings(client, { autoCompanies: false, freeMailDomains: [] })
      const ada = await createMember(client, { primaryEmail: 'ada@acme.com' })
      await setSettings(client, { autoCompanies: true, freeMailDomains: [] })
      const res = await client.post('/v1/companies/bulk', { companies: [{ name: 'Acme', domain: 'acme.com' }] })
      const made = (res.json() as { results: Array<{ company: Company }> }).results[0]!.company
      assert.equal((await getMember(client, ada.id)).companyId, made.id)
      await patchMember(client, ada.id, { companyId: null })
      await client.post('/v1/companies/bulk', { companies: [{ name: 'Acme Inc', domain: 'acme.com' }] })
      assert.equal((await getMember(client, ada.id)).companyId, null)
    })

    // ---- The other member writes: bulk, activities ----

    test('bulk members: new and updated members get their domain\'s company, one company per domain', async () => {
      const { client } = await fresh()
      const existing = await createMember(client, { firstName: 'Old' })
      await patchMember(client, existing.id, { emails: ['old@beta.io'] })
      const res = await client.post('/v1/members/bulk', {
        members: [
          { firstName: 'Ada', primaryEmail: 'ada@acme.com' },
          { firstName: 'Bob', primaryEmail: 'bob@ACME.com' },
          { firstName: 'Old', primaryEmail: 'old@beta.io' },
          { firstName: 'Free', primaryEmail: 'free@gmail.com' }
        ]
      })
      assert.equal(res.statusCode, 200, res.body)
      const results = (res.json() as { results: Array<{ status: number, member: Member }> }).results
      const acme = await companyOfDomain(client, 'acme.com')
      const beta = await companyOfDomain(client, 'beta.io')
      assert.deepEqual(results.map((r) => [r.status, r.member.companyId]), [[201, acme!.id], [201, acme!.id], [200, beta!.id], [201, null]])
      assert.equal(results[2]!.member.id, existing.id)
      assert.equal(await companyTotal(client), 2)
    })

    test('an activity\'s member made by email gets its company, with the activity\'s source; a member found by email is unchanged', async () => {
      const { client } = await fresh()
      const res = await client.post('/v1/activities', { activityTypeKey: 'message', source: 'discord', member: { primaryEmail: 'ada@acme.com', firstName: 'Ada' } })
      assert.equal(res.statusCode, 201, res.body)
      const member = await getMember(client, (res.json() as { activity: { memberId: string } }).activity.memberId)
      const acme = await companyOfDomain(client, 'acme.com')
      assert.equal(member.companyId, acme!.id)
      assert.deepEqual([acme!.name, acme!.source, member.source], ['acme.com', 'discord', 'discord'])
      const bulk = await client.post('/v1/activities/bulk', {
        activities: [
          { activityTypeKey: 'message', member: { primaryEmail: 'bob@beta.io' } },
          { activityTypeKey: 'message', member: { primaryEmail: 'cy@beta.io' } },
          { activityTypeKey: 'message', member: { primaryEmail: 'ADA@acme.com' } }
        ]
      })
      assert.equal(bulk.statusCode, 200, bulk.body)
      const beta = await companyOfDomain(client, 'beta.io')
      const ids = (bulk.json() as { results: Array<{ activity: { memberId: string } }> }).results.map((r) => r.activity.memberId)
      assert.deepEqual(await Promise.all(ids.map(async (id) => (await getMember(client, id)).companyId)), [beta!.id, beta!.id, acme!.id])
      assert.equal(ids[2], member.id)
      assert.equal(await companyTotal(client), 2)
    })

    test('concurrent member writes of one new domain make one company, which every one of them joins', async () => {
      const { client } = await fresh()
      const answers = await Promise.all([
        ...times(4, (i) => client.post('/v1/members', { primaryEmail: `m${i}@acme.com` })),
        ...times(2, (i) => client.post('/v1/members/bulk', { members: [{ primaryEmail: `b${i}@acme.com` }] })),
        ...times(2, (i) => client.post('/v1/activities', { activityTypeKey: 'message', member: { primaryEmail: `a${i}@www.acme.com` } })),
        client.post('/v1/companies', { name: 'Acme', domain: 'acme.com' })
      ])
      const made = await companies(client)
      assert.equal(made.length, 1, JSON.stringify(made))
      assert.deepEqual(statusesOf(answers.slice(0, 8)), [200, 200, 201, 201, 201, 201, 201, 201])
      const company = answers[8]!
      if (company.statusCode === 409) assertConflict(company, 'domain', made[0]!.id)
      else assert.equal(company.statusCode, 201, company.body)
      const res = await client.get(`/v1/members?companyId=${made[0]!.id}&pageSize=100`)
      assert.equal((res.json() as { totalMembers: number }).totalMembers, 8)
    })

    // ---- Settings ----

    test('GET /v1/identity-settings: autoCompanies on and no domains of its own until set; PUT sets both, domains normalised once each', async () => {
      const { client } = await fresh()
      assert.deepEqual(recordOf(await client.get('/v1/identity-settings'), 200, 'identitySettings'), { autoCompanies: true, freeMailDomains: [] })
      const set = await setSettings(client, { autoCompanies: false, freeMailDomains: ['https://www.Corp-Mail.net/', 'corp-mail.net.', 'ISP.example.co.uk', 'mail.bücher.de'] })
      const expected = { autoCompanies: false, freeMailDomains: ['corp-mail.net', 'isp.example.co.uk', 'mail.bücher.de'] }
      assert.deepEqual(set, expected)
      assert.deepEqual(recordOf(await client.get('/v1/identity-settings'), 200, 'identitySettings'), expected)
      assert.deepEqual(await setSettings(client, { autoCompanies: true, freeMailDomains: [] }), { autoCompanies: true, freeMailDomains: [] })
      const many = times(1000, (i) => `d${i}.example.net`)
      assert.deepEqual(await setSettings(client, { autoCompanies: true, freeMailDomains: many }), { autoCompanies: true, freeMailDomains: many })
      // Another workspace has its own.
      const other = (await fresh()).client
      assert.deepEqual(recordOf(await other.get('/v1/identity-settings'), 200, 'identitySettings'), { autoCompanies: true, freeMailDomains: [] })
    })

    test('PUT /v1/identity-settings refuses a bad body with a 400 naming the field, and changes nothing', async () => {
      const { client } = await fresh()
      const bad: Array<[unknown, string]> = [
        [{ autoCompanies: true }, 'freeMailDomains'],
        [{ freeMailDomains: [] }, 'autoCompanies'],
        [{ autoCompanies: 'yes', freeMailDomains: [] }, 'autoCompanies'],
        [{ autoCompanies: true, freeMailDomains: 'gmail.com' }, 'freeMailDomains'],
        [{ autoCompanies: true, freeMailDomains: [''] }, 'freeMailDomains.0'],
        [{ autoCompanies: true, freeMailDomains: ['ok.net', 7] }, 'freeMailDomains.1'],
        [{ autoCompanies: true, freeMailDomains: ['ok.net', 'not a domain'] }, 'freeMailDomains.1'],
        [{ autoCompanies: true, freeMailDomains: ['localhost'] }, 'freeMailDomains.0'],
        [{ autoCompanies: true, freeMailDomains: ['-bad-.com'] }, 'freeMailDomains.0'],
        [{ autoCompanies: true, freeMailDomains: ['a..b.com'] }, 'freeMailDomains.0'],
        [{ autoCompanies: true, freeMailDomains: [`${'a'.repeat(64)}.com`] }, 'freeMailDomains.0'],
        [{ autoCompanies: true, freeMailDomains: times(1001, (i) => `d${i}.net`) }, 'freeMailDomains'],
        [{ autoCompanies: true, freeMailDomains: [], extra: 1 }, 'extra']
      ]
      for (const [body, field] of bad) assertBadRequest(await client.put('/v1/identity-settings', body), field)
      assert.deepEqual(recordOf(await client.get('/v1/identity-settings'), 200, 'identitySettings'), { autoCompanies: true, freeMailDomains: [] })
    })
  })
}
