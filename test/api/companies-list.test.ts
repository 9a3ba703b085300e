import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { buildTestApp, testStores } from '../support/helpers.js'
import {
  NOT_FOUND, assertBadRequest, assertNotFound, byId, client, createCompany, createMember, getMember, idsIn, idsOf,
  listOf, newestFirst, nextSecond, pageBody, qs, recordOf, sortBy, type Client, type Company, type Member
} from '../support/list-support.js'

const TAG_A = '1b4e28ba-2fa1-41d2-883f-0016d3cca427'
const TAG_B = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b'

async function getCompany (api: Client, id: string): Promise<Company> {
  return recordOf<Company>(await api.get(`/v1/companies/${id}`), 200, 'company')
}

async function attach (api: Client, member: Member, company: Company): Promise<Member> {
  return recordOf<Member>(await api.patch(`/v1/members/${member.id}`, { companyId: company.id }), 200, 'member')
}

/** The list's name order: case-insensitive, ties by id in the same direction. */
const byName = (companies: Company[], direction: 'asc' | 'desc') => sortBy(companies, (company) => company.name.toLowerCase(), direction)

const BAD_QUERIES: Array<[string, string, string]> = [
  ['page=0', 'page', 'must be >= 1'],
  ['page=two', 'page', 'must be an integer written in decimal digits'],
  ['pageSize=9', 'pageSize', 'must be >= 10'],
  ['pageSize=101', 'pageSize', 'must be <= 100'],
  ['pageSize=12.5', 'pageSize', 'must be an integer written in decimal digits'],
  ['q=', 'q', 'must NOT have fewer than 1 characters'],
  [`q=${'a'.repeat(101)}`, 'q', 'must NOT have more than 100 characters'],
  ['domain=', 'domain', 'must NOT have fewer than 1 characters'],
  [`domain=${'a'.repeat(1001)}`, 'domain', 'must NOT have more than 1000 characters'],
  ['tag=vip', 'tag', 'must match format "uuid"'],
  ['sort=domain', 'sort', 'must be equal to one of the allowed values'],
  ['sort=-pulse', 'sort', 'must be equal to one of the allowed values'],
  ['sort=Name', 'sort', 'must be equal to one of the allowed values'],
  ['sort=name&sort=-name', 'sort', 'must be string'],
  ['name=Acme', 'name', 'is not allowed'],
  ['email=a%40example.com', 'email', 'is not allowed'],
  ['source=Api', 'source', 'is not allowed']
]

for (const store of testStores()) {
  describe(`company list (${store.name})`, () => {
    test('an empty workspace lists no companies', async (t) => {
      const api = client(await buildTestApp(t, store))
      assert.deepEqual(await listOf(api, '/v1/companies'), { page: 1, pageSize: 10, totalCompanies: 0, companies: [] })
    })

    test('a listed company carries exactly the fields of the company record', async (t) => {
      const api = client(await buildTestApp(t, store))
      const created = await createCompany(api, {
        name: 'Acme',
        industry: 'Software',
        address: '1 Main St',
        domain: 'https://www.Acme.example/about',
        employees: 40,
        foundedAt: '2001-02-03T04:05:06+01:00',
        logoUrl: 'https://acme.example/logo.png',
        tags: [TAG_A, TAG_B, TAG_A]
      })
      assert.deepEqual(await listOf(api, '/v1/companies'), {
        page: 1,
        pageSize: 10,
        totalCompanies: 1,
        companies: [{
          id: created.id,
          name: 'Acme',
          industry: 'Software',
          address: '1 Main St',
          domain: 'acme.example',
          employees: 40,
          foundedAt: '2001-02-03T03:05:06Z',
          logoUrl: 'https://acme.example/logo.png',
          tags: [TAG_A, TAG_B],
          source: 'Api',
          workspaceId: api.workspaceId,
          createdAt: created.createdAt,
          updatedAt: created.updatedAt
        }]
      })
    })

    test('the domain is stored and answered normalised, on create and on PATCH', async (t) => {
      const api = client(await buildTestApp(t, store))
      const cases: Array<[string, string]> = [
        ['https://www.Example.com/', 'example.com'],
        ['example.com', 'example.com'],
        ['EXAMPLE.COM.', 'example.com'],
        ['http://user:secret@WWW.example.com:8080/path?x=1#top', 'example.com'],
        ['www.example.com/about', 'example.com'],
        ['Shop.Example.com', 'shop.example.com'],
        ['wwwexample.com', 'wwwexample.com']
      ]
      // One company per domain (issue 17): each is deleted before the next spelling makes its own.
      for (const [domain, stored] of cases) {
        const company = await createCompany(api, { name: 'Acme', domain })
        assert.equal(company.domain, stored, domain)
        assert.equal((await getCompany(api, company.id)).domain, stored, domain)
        assert.equal((await api.delete(`/v1/companies/${company.id}`)).statusCode, 200)
      }
      const company = await createCompany(api, { name: 'Globex' })
      const patched = recordOf<Company>(await api.patch(`/v1/companies/${company.id}`, { domain: 'HTTPS://WWW.GLOBEX.example/' }), 200, 'company')
      assert.equal(patched.domain, 'globex.example')
    })

    test('domain finds the company of the domain however either side spells it', async (t) => {
      const api = client(await buildTestApp(t, store))
      const spelled = ['https://www.Example.com/', 'example.com', 'EXAMPLE.COM.', 'http://www.example.com:443/team']
      // One company per domain (issue 17): the other spellings are the same domain, a 409.
      const same = [await createCompany(api, { name: 'Acme', domain: spelled[0] })]
      for (const domain of spelled.slice(1)) assert.equal((await api.post('/v1/companies', { name: 'Acme again', domain })).statusCode, 409, domain)
      const shop = await createCompany(api, { name: 'Shop', domain: 'shop.example.com' })
      await createCompany(api, { name: 'Nowhere' })
      await createCompany(api, { name: 'Other', domain: 'example.org' })

      for (const domain of ['WWW.EXAMPLE.COM', 'example.com', 'https://example.com/about', 'Example.Com.']) {
        assert.deepEqual(await listOf(api, `/v1/companies?${qs({ domain })}`), pageBody('companies', 1, 10, 1, same), domain)
      }
      assert.deepEqual(await listOf(api, '/v1/companies?domain=shop.example.com'), pageBody('companies', 1, 10, 1, [shop]))
      for (const domain of ['example', 'xample.com', 'com', 'www.', 'https://']) {
        assert.deepEqual(await listOf(api, `/v1/companies?${qs({ domain })}`), pageBody('companies', 1, 10, 0, []), domain)
      }
    })

    test('q matches a case-insensitive prefix of the name only', async (t) => {
      const api = client(await buildTestApp(t, store))
      const acme = await createCompany(api, { name: 'Acme' })
      const labs = await createCompany(api, { name: 'acme labs' })
      const corp = await createCompany(api, { name: 'ACMEcorp', domain: 'corp.example' })
      await createCompany(api, { name: 'Bacme', domain: 'acme.example', industry: 'acme' })
      const cases: Array<[string, Company[]]> = [
        ['acme', [acme, labs, corp]],
        ['ACME', [acme, labs, corp]],
        ['a', [acme, labs, corp]],
        ['acme ', [labs]],
        ['Acme L', [labs]],
        ['acmec', [corp]],
        ['labs', []],
        ['cme', []],
        ['corp.example', []],
        ['%', []],
        ['_', []]
      ]
      for (const [q, companies] of cases) {
        assert.deepEqual(await listOf(api, `/v1/companies?${qs({ q })}`), pageBody('companies', 1, 10, companies.length, newestFirst(companies)), q)
      }
    })

    test('q finds names that go on past the highest code point, and a q ending with it', async (t) => {
      const api = client(await buildTestApp(t, store))
      const highest = await createCompany(api, { name: 'a\u{10FFFF}b' })
      const highestOnly = await createCompany(api, { name: '\u{10FFFF}\u{10FFFF}' })
      const next = await createCompany(api, { name: 'b' })
      const cases: Array<[string, Company[]]> = [
        ['a', [highest]],
        ['a\u{10FFFF}', [highest]],
        ['\u{10FFFF}', [highestOnly]],
        ['\u{10FFFF}\u{10FFFF}', [highestOnly]],
        ['b', [next]]
      ]
      for (const [q, companies] of cases) {
        assert.deepEqual(await listOf(api, `/v1/companies?${qs({ q })}`), pageBody('companies', 1, 10, companies.length, newestFirst(companies)), q)
      }
    })

    test('tag lists the companies carrying that tag', async (t) => {
      const api = client(await buildTestApp(t, store))
      const both = await createCompany(api, { name: 'Both', tags: [TAG_A, TAG_B] })
      const onlyB = await createCompany(api, { name: 'B', tags: [TAG_B] })
      await createCompany(api, { name: 'None' })
      assert.deepEqual(await listOf(api, `/v1/companies?tag=${TAG_A}`), pageBody('companies', 1, 10, 1, [both]))
      assert.deepEqual(await listOf(api, `/v1/companies?tag=${TAG_B.toUpperCase()}`), pageBody('companies', 1, 10, 2, newestFirst([both, onlyB])))
      assert.deepEqual(await listOf(api, `/v1/companies?tag=${randomUUID()}`), pageBody('companies', 1, 10, 0, []))
      const patched = recordOf<Company>(await api.patch(`/v1/companies/${both.id}`, { tags: [TAG_B] }), 200, 'company')
      assert.deepEqual(await listOf(api, `/v1/companies?tag=${TAG_A}`), pageBody('companies', 1, 10, 0, []))
      assert.deepEqual(await listOf(api, `/v1/companies?tag=${TAG_B}`), pageBody('companies', 1, 10, 2, newestFirst([patched, onlyB])))
    })

    test('sort=name orders by name ignoring case, ties by id asc; -name is the exact reverse', async (t) => {
      const api = client(await buildTestApp(t, store))
      const companies: Company[] = []
      for (const name of ['delta', 'Alpha', 'charlie', 'bravo', 'alpha', 'Bravo', 'ALPHA', 'alphabet']) {
        companies.push(await createCompany(api, { name }))
      }
      const id = (name: string) => companies.find((company) => company.name === name)!.id
      const ascending = [...byId([id('Alpha'), id('alpha'), id('ALPHA')]), id('alphabet'), ...byId([id('bravo'), id('Bravo')]), id('charlie'), id('delta')]
      assert.deepEqual(idsIn(byName(companies, 'asc')), ascending)
      assert.deepEqual(await listOf(api, '/v1/companies?sort=name'), pageBody('companies', 1, 10, 8, byName(companies, 'asc')))
      assert.deepEqual(await listOf(api, '/v1/companies?sort=-name'), pageBody('companies', 1, 10, 8, byName(companies, 'desc')))
      assert.deepEqual(await idsOf(api, '/v1/companies?sort=-name'), [...ascending].reverse())
      // With a filter: the prefix keeps its name order.
      assert.deepEqual(await idsOf(api, '/v1/companies?q=alpha&sort=-name'), [id('alphabet'), ...byId([id('Alpha'), id('alpha'), id('ALPHA')], 'desc')])
    })

    test('the default order is createdAt desc then id desc, the same as sort=-createdAt; sort=createdAt reverses it', async (t) => {
      const api = client(await buildTestApp(t, store))
      const companies: Company[] = []
      await nextSecond() // both batches start at a second boundary, so each shares one createdAt
      for (const name of ['c', 'a', 'b']) companies.push(await createCompany(api, { name }))
      await nextSecond()
      for (const name of ['f', 'e', 'd']) companies.push(await createCompany(api, { name }))
      assert.equal(new Set(companies.map((company) => company.createdAt)).size, 2)
      const newest = newestFirst(companies)
      assert.deepEqual(await listOf(api, '/v1/companies'), pageBody('companies', 1, 10, 6, newest))
      assert.deepEqual(await listOf(api, '/v1/companies?sort=-createdAt'), pageBody('companies', 1, 10, 6, newest))
      assert.deepEqual(await listOf(api, '/v1/companies?sort=createdAt'),
        pageBody('companies', 1, 10, 6, sortBy(companies, (company) => company.createdAt, 'asc')))
      assert.deepEqual(await listOf(api, `/v1/companies?sort=createdAt&${qs({ domain: 'nowhere.example' })}`), pageBody('companies', 1, 10, 0, []))
    })

    test('23 matches of a filter at pageSize 10 come in pages of 10, 10 and 3, then an empty page, in any sort', async (t) => {
      const api = client(await buildTestApp(t, store))
      const matching: Company[] = []
      // Names in an order unrelated to creation, with noise the filter leaves out between them.
      for (let i = 0; i < 23; i++) {
        matching.push(await createCompany(api, { name: `Acme ${String((i * 7) % 23).padStart(2, '0')}` }))
        if (i % 4 === 0) await createCompany(api, { name: `Zeta ${i}` })
      }
      const orders: Array<[string, Company[]]> = [
        ['', newestFirst(matching)],
        ['&sort=name', byName(matching, 'asc')],
        ['&sort=-name', byName(matching, 'desc')],
        ['&sort=createdAt', sortBy(matching, (company) => company.createdAt, 'asc')]
      ]
      for (const [sort, expected] of orders) {
        const pages = [expected.slice(0, 10), expected.slice(10, 20), expected.slice(20), []]
        for (const [index, records] of pages.entries()) {
          const page = index + 1
          assert.deepEqual(await listOf(api, `/v1/companies?q=acme${sort}&page=${page}`), pageBody('companies', page, 10, 23, records), `${sort} ${page}`)
        }
        assert.deepEqual(await listOf(api, `/v1/companies?q=acme${sort}&page=2&pageSize=20`), pageBody('companies', 2, 20, 23, expected.slice(20)))
      }
      assert.equal((await listOf(api, '/v1/companies')).totalCompanies, 29)
    })

    test('a bad query parameter answers 400 naming the parameter', async (t) => {
      const api = client(await buildTestApp(t, store))
      for (const [query, field, message] of BAD_QUERIES) {
        assertBadRequest(await api.get(`/v1/companies?${query}`), field, message)
      }
    })

    test('a workspace lists only its own companies, whatever the filter', async (t) => {
      const app = await buildTestApp(t, store)
      const a = client(app)
      const b = client(app)
      for (const name of ['Acme', 'Acme Labs', 'Globex']) await createCompany(a, { name, domain: `${name.replace(' ', '-').toLowerCase()}.example`, tags: [TAG_A] })
      const own = await createCompany(b, { name: 'Initech' })
      assert.deepEqual(await listOf(b, '/v1/companies'), pageBody('companies', 1, 10, 1, [own]))
      for (const query of ['q=acme', 'domain=acme.example', 'domain=globex.example', `tag=${TAG_A}`, 'sort=name&q=a']) {
        assert.deepEqual(await listOf(b, `/v1/companies?${query}`), pageBody('companies', 1, 10, 0, []), query)
      }
      assert.equal((await listOf(a, '/v1/companies')).totalCompanies, 3)
    })
  })

  describe(`company delete (${store.name})`, () => {
    test('DELETE answers {success: true}; the company is gone from GET and the list, and a second DELETE is a 404', async (t) => {
      const api = client(await buildTestApp(t, store))
      const kept = await createCompany(api, { name: 'Kept', domain: 'kept.example', tags: [TAG_A] })
      const company = await createCompany(api, { name: 'Acme', domain: 'acme.example', tags: [TAG_A] })

      const res = await api.delete(`/v1/companies/${company.id}`)
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { success: true })
      assertNotFound(await api.get(`/v1/companies/${company.id}`))
      assertNotFound(await api.delete(`/v1/companies/${company.id}`))
      assertNotFound(await api.patch(`/v1/companies/${company.id}`, { name: 'Back' }))
      assert.deepEqual(await listOf(api, '/v1/companies'), pageBody('companies', 1, 10, 1, [kept]))
      assert.deepEqual(await listOf(api, `/v1/companies?tag=${TAG_A}`), pageBody('companies', 1, 10, 1, [kept]))
      assert.deepEqual(await listOf(api, '/v1/companies?domain=acme.example'), pageBody('companies', 1, 10, 0, []))
      assert.deepEqual(await listOf(api, '/v1/companies?q=acme'), pageBody('companies', 1, 10, 0, []))
      assert.deepEqual(await getCompany(api, kept.id), kept)
    })

    test('deleting a company detaches its members and only them; no member is deleted', async (t) => {
      const api = client(await buildTestApp(t, store))
      const acme = await createCompany(api, { name: 'Acme' })
      const globex = await createCompany(api, { name: 'Globex' })
      const atAcme = [
        await attach(api, await createMember(api, { firstName: 'Ada' }), acme),
        await attach(api, await createMember(api, { firstName: 'Alan' }), acme)
      ]
      const atGlobex = await attach(api, await createMember(api, { firstName: 'Grace' }), globex)
      const alone = await createMember(api, { firstName: 'Hedy' })

      assert.deepEqual((await api.delete(`/v1/companies/${acme.id}`)).json(), { success: true })
      for (const member of atAcme) {
        const now = await getMember(api, member.id)
        assert.deepEqual(now, { ...member, companyId: null, updatedAt: now.updatedAt })
        assert.ok(now.updatedAt >= member.updatedAt)
      }
      assert.deepEqual(await getMember(api, atGlobex.id), atGlobex)
      assert.deepEqual(await getMember(api, alone.id), alone)
      assert.equal((await listOf(api, '/v1/members')).totalMembers, 4)
      assert.deepEqual(await idsOf(api, `/v1/members?companyId=${acme.id}`), [])
      assert.deepEqual(await idsOf(api, `/v1/members?companyId=${globex.id}`), [atGlobex.id])
      // A detached member can join another company.
      const moved = recordOf<Member>(await api.patch(`/v1/members/${atAcme[0]!.id}`, { companyId: globex.id }), 200, 'member')
      assert.equal(moved.companyId, globex.id)
    })

    test('DELETE of an unknown or malformed id is a 404', async (t) => {
      const api = client(await buildTestApp(t, store))
      const company = await createCompany(api, { name: 'Acme' })
      for (const id of [randomUUID(), 'acme', '0', `${company.id}x`]) assertNotFound(await api.delete(`/v1/companies/${id}`))
      assert.deepEqual(await getCompany(api, company.id), company)
    })

    test('another workspace cannot delete a company: 404, and the company and its members stay as they were', async (t) => {
      const app = await buildTestApp(t, store)
      const a = client(app)
      const b = client(app)
      const company = await createCompany(a, { name: 'Acme', tags: [TAG_A] })
      const member = await attach(a, await createMember(a, { firstName: 'Ada' }), company)
      const res = await b.delete(`/v1/companies/${company.id}`)
      assert.equal(res.statusCode, 404)
      assert.deepEqual(res.json(), NOT_FOUND)
      assertNotFound(await b.get(`/v1/companies/${company.id}`))
      assert.deepEqual(await getCompany(a, company.id), company)
      assert.deepEqual(await getMember(a, member.id), member)
      assert.deepEqual(await listOf(a, '/v1/companies'), pageBody('companies', 1, 10, 1, [company]))
      assert.deepEqual(await listOf(b, '/v1/companies'), pageBody('companies', 1, 10, 0, []))
    })
  })
}
