import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { api, buildTestApp, buildTestAppWithStore, newWorkspace, recordOf, testStores, type Api } from '../support/helpers.js'

// Member batches the store judges together and writes at once (docs/ingestion.md, "How fast"), where
// test/api/bulk-property.test.ts does not reach: batches of hundreds of items (many companies from domains, list
// totals and pages across the counted index's blocks), the workspace's identity settings, and concurrent batches
// of the same new emails.

interface Result { index: number, status: number, member?: { id: string, companyId: string | null, updatedAt: string, primaryEmail: string | null }, error?: unknown }

const START = 1_767_225_600 // 2026-01-01T00:00:00Z

async function bulk (client: Api, members: unknown[]): Promise<Result[]> {
  const res = await client.post('/v1/members/bulk', { members })
  assert.equal(res.statusCode, 200, res.body.slice(0, 1000))
  return (res.json() as { results: Result[] }).results
}

/** Every record of a list, through pages of 100, and its total. */
async function whole (client: Api, url: string, key: 'members' | 'companies'): Promise<{ total: number, items: Array<Record<string, unknown>> }> {
  const items: Array<Record<string, unknown>> = []
  for (let page = 1; ; page++) {
    const res = await client.get(`${url}${url.includes('?') ? '&' : '?'}pageSize=100&page=${page}`)
    assert.equal(res.statusCode, 200, res.body)
    const body = res.json() as Record<string, unknown>
    const got = body[key] as Array<Record<string, unknown>>
    items.push(...got)
    if (got.length < 100) return { total: body[key === 'members' ? 'totalMembers' : 'totalCompanies'] as number, items }
  }
}

/** `n` members of `domains` in turn (three emails each), named from a pool of five, as an import file holds them. */
const people = (n: number, domains: readonly string[], from = 0) => Array.from({ length: n }, (_, j) => {
  const i = from + j
  return {
    firstName: `First${i % 5}`,
    lastName: 'Person',
    primaryEmail: `user${i}@${domains[i % domains.length]!}`,
    emails: [`user${i}.alt@${domains[i % domains.length]!}`, `user${i}@gmail.com`],
    country: 'DE'
  }
})

for (const store of testStores()) {
  describe(`member batches written together (${store.name})`, () => {
    test('300 new members of 30 domains: one company per domain, every member attached, and the same workspace as the items one by one', async (t) => {
      let now = START
      const { app } = await buildTestAppWithStore(t, store, { clock: () => now, listBlockSize: 8 })
      const domains = [...Array.from({ length: 30 }, (_, i) => `corp${i}.com`), 'gmail.com', 'example.org']
      const items = people(300, domains)
      const a = api(app, newWorkspace())
      const b = api(app, newWorkspace())
      const results = await bulk(a, items)
      assert.deepEqual(new Set(results.map((result) => result.status)), new Set([201]))
      for (const item of items) recordOf(await b.post('/v1/members', item), 201, 'member')

      const members = await whole(a, '/v1/members', 'members')
      assert.equal(members.total, 300)
      assert.deepEqual(new Set(members.items.map((m) => m.id)), new Set(results.map((result) => result.member!.id)))
      const companies = await whole(a, '/v1/companies', 'companies')
      assert.deepEqual(companies.items.map((c) => c.domain).sort(), domains.slice(0, 30).sort())
      const companyOf = new Map(companies.items.map((c) => [c.domain, c.id]))
      for (const result of results) {
        const domain = result.member!.primaryEmail!.split('@')[1]!
        assert.equal(result.member!.companyId, companyOf.get(domain) ?? null, result.member!.primaryEmail!)
      }
      // What B holds, made one by one, modulo ids: the same members (company named by domain) and companies.
      const shape = async (client: Api) => {
        const domainOf = new Map((await whole(client, '/v1/companies', 'companies')).items.map((c) => [c.id, c.domain]))
        const all = (await whole(client, '/v1/members?sort=-pulse', 'members')).items
        return all.map(({ id, workspaceId, companyId, ...rest }) => JSON.stringify({ ...rest, company: domainOf.get(companyId as string) ?? null })).sort()
      }
      assert.deepEqual(await shape(a), await shape(b))
      assert.equal((await whole(a, '/v1/members?email=USER7.ALT@corp7.com', 'members')).total, 1)
      // Identity keys: the 60 members named First0 Person (one company in three) share their name.
      const first = results.find((result) => result.member!.primaryEmail === 'user0@corp0.com')!.member!
      const duplicates = (await a.get(`/v1/members/${first.id}/duplicates`)).json() as { duplicates: Array<{ reasons: string[] }> }
      assert.equal(duplicates.duplicates.length, 59)

      // The same file again, a minute later: every item finds its member; only the edited ones change.
      now += 60
      const again = items.map((item, i) => i % 100 === 0 ? { ...item, country: 'FR' } : item)
      const rerun = await bulk(a, again)
      assert.deepEqual(new Set(rerun.map((result) => result.status)), new Set([200]))
      rerun.forEach((result, i) => {
        assert.equal(result.member!.id, results[i]!.member!.id)
        assert.equal(result.member!.updatedAt, i % 100 === 0 ? '2026-01-01T00:01:00Z' : '2026-01-01T00:00:00Z')
      })
      assert.equal((await whole(a, '/v1/members', 'members')).total, 300)
      assert.equal((await whole(a, '/v1/companies', 'companies')).total, 30)
    })

    test('the workspace\'s identity settings hold for a batch: its free-mail domains make no company, and with autoCompanies off none is made', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, newWorkspace())
      assert.equal((await client.put('/v1/identity-settings', { autoCompanies: true, freeMailDomains: ['mail.acme.com'] })).statusCode, 200)
      const results = await bulk(client, people(20, ['mail.acme.com', 'globex.io']))
      assert.deepEqual(results.map((result) => result.member!.companyId === null), results.map((_, i) => i % 2 === 0))
      assert.deepEqual((await whole(client, '/v1/companies', 'companies')).items.map((c) => c.domain), ['globex.io'])

      assert.equal((await client.put('/v1/identity-settings', { autoCompanies: false, freeMailDomains: [] })).statusCode, 200)
      const off = await bulk(client, people(20, ['initech.dev'], 20))
      assert.ok(off.every((result) => result.status === 201 && result.member!.companyId === null))
      assert.equal((await whole(client, '/v1/companies', 'companies')).total, 1)
    })

    test('domains alike in their first 200 characters are two companies: a batch joins each member to its own domain\'s', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, newWorkspace())
      // Three labels of 63 and one of 41: the first 200 characters the same in both (an index holds 200 on PostgreSQL).
      const stem = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(40)}`
      const [first, second] = [`${stem}x.com`, `${stem}y.com`]
      const company = async (domain: string) => recordOf(await client.post('/v1/companies', { name: domain.slice(-5), domain }), 201, 'company').id as string
      const secondId = await company(second)
      const firstId = await company(first)
      const results = await bulk(client, people(6, [first, second, 'newco.io']))
      assert.deepEqual(results.map((result) => result.status), [201, 201, 201, 201, 201, 201])
      const made = (await whole(client, '/v1/companies', 'companies')).items.filter((c) => c.domain === 'newco.io').map((c) => c.id)
      assert.equal(made.length, 1)
      assert.deepEqual(results.map((result) => result.member!.companyId), [firstId, secondId, made[0], firstId, secondId, made[0]])
    })

    test('a batch giving a new member an email another member holds answers 409 naming it for that item alone', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, newWorkspace())
      const ada = recordOf<{ id: string }>(await client.post('/v1/members', { firstName: 'Ada', primaryEmail: 'ada@acme.com', emails: ['ada@home.org'] }), 201, 'member')
      const items = [...people(3, ['globex.io']), { firstName: 'Eve', primaryEmail: 'eve@globex.io', emails: ['ADA@home.org'] }, ...people(3, ['globex.io'], 3)]
      const results = await bulk(client, items)
      assert.deepEqual(results.map((result) => result.status), [201, 201, 201, 409, 201, 201, 201])
      assert.deepEqual(results[3]!.error, {
        code: 'CONFLICT',
        error: 'Conflict',
        details: [{ field: 'emails', message: 'is held by another record of this workspace', id: ada.id }]
      })
      assert.equal((await whole(client, '/v1/members?email=eve@globex.io', 'members')).total, 0)
      assert.equal((await whole(client, '/v1/members', 'members')).total, 7)
    })

    test('concurrent batches of the same new emails make each member once: one 201 and one 200 per email across them', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, newWorkspace())
      const items = people(50, ['acme.com', 'globex.io'])
      const [first, second] = await Promise.all([bulk(client, items), bulk(client, [...items].reverse())])
      const statuses = new Map<string, number[]>()
      for (const result of [...first!, ...second!]) statuses.set(result.member!.primaryEmail!, [...statuses.get(result.member!.primaryEmail!) ?? [], result.status])
      for (const [email, got] of statuses) assert.deepEqual(got.sort(), [200, 201], email)
      assert.equal((await whole(client, '/v1/members', 'members')).total, 50)
      assert.equal((await whole(client, '/v1/companies', 'companies')).total, 2)
    })
  })
}
