import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import {
  api, assertBadRequest, assertFresh, assertNotFound, buildTestApp, createCompany, createMember, nextSecond, recordOf,
  testStores
} from '../support/helpers.js'

const FULL = {
  name: 'Acme',
  industry: 'Software',
  address: '1 Main Street, Springfield',
  domain: 'acme.example',
  employees: 250,
  foundedAt: '2001-02-03T04:05:06Z',
  logoUrl: 'https://acme.example/logo.png',
  tags: ['1b4e28ba-2fa1-41d2-883f-0016d3cca427', '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b']
}

const uuids = (n: number) => Array.from({ length: n }, () => randomUUID())

// Bodies each wrong in one way, and the field the 400 must name. Create and PATCH share them.
const INVALID_FIELDS: Array<[string, Record<string, unknown>, string]> = [
  ['empty name', { name: '' }, 'name'],
  ['name of 1001 characters', { name: 'x'.repeat(1001) }, 'name'],
  ['name holding U+0000', { name: 'a\u0000b' }, 'name'],
  ['name as a number', { name: 5 }, 'name'],
  ['industry of 1001 characters', { industry: 'x'.repeat(1001) }, 'industry'],
  ['industry as a number', { industry: 5 }, 'industry'],
  ['address holding U+0000', { address: '\u0000' }, 'address'],
  ['domain as an array', { domain: ['acme.example'] }, 'domain'],
  ['negative employees', { employees: -1 }, 'employees'],
  ['employees above 2147483647', { employees: 2147483648 }, 'employees'],
  ['fractional employees', { employees: 1.5 }, 'employees'],
  ['employees as a string', { employees: '10' }, 'employees'],
  ['employees as a boolean', { employees: true }, 'employees'],
  ['foundedAt without a time', { foundedAt: '2001-02-03' }, 'foundedAt'],
  ['foundedAt without an offset', { foundedAt: '2001-02-03T04:05:06' }, 'foundedAt'],
  ['foundedAt as words', { foundedAt: 'yesterday' }, 'foundedAt'],
  ['foundedAt on a day that does not exist', { foundedAt: '2021-02-29T00:00:00Z' }, 'foundedAt'],
  ['foundedAt at hour 24', { foundedAt: '2021-01-01T24:00:00Z' }, 'foundedAt'],
  ['foundedAt as epoch seconds', { foundedAt: 981173106 }, 'foundedAt'],
  ['logoUrl with ftp scheme', { logoUrl: 'ftp://acme.example/logo.png' }, 'logoUrl'],
  ['logoUrl without scheme', { logoUrl: 'acme.example/logo.png' }, 'logoUrl'],
  ['logoUrl with javascript scheme', { logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
  ['tags as a string', { tags: 'vip' }, 'tags'],
  ['a tag that is not a uuid', { tags: ['vip'] }, 'tags.0'],
  ['a tag that is a urn', { tags: [`urn:uuid:${randomUUID()}`] }, 'tags.0'],
  ['a tag that is a number', { tags: [randomUUID(), 5] }, 'tags.1'],
  ['101 tags', { tags: uuids(101) }, 'tags'],
  ['an unknown field', { nickname: 'acme' }, 'nickname'],
  ['id', { id: randomUUID() }, 'id'],
  ['workspaceId', { workspaceId: randomUUID() }, 'workspaceId'],
  ['createdAt', { createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
  ['updatedAt', { updatedAt: '2020-01-01T00:00:00Z' }, 'updatedAt'],
  ['source', { source: 'Api' }, 'source']
]
const NOT_ALLOWED = new Set(['nickname', 'id', 'workspaceId', 'createdAt', 'updatedAt', 'source'])

for (const store of testStores()) {
  describe(`companies (${store.name})`, () => {
    test('POST /v1/companies with every field answers 201 with the whole company', async (t) => {
      const app = await buildTestApp(t, store)
      const workspaceId = randomUUID()
      const before = Date.now()
      const res = await api(app, workspaceId).post('/v1/companies', FULL)
      const company = recordOf<{ id: string, createdAt: string, updatedAt: string }>(res, 201, 'company')
      assertFresh(company, before)
      assert.deepEqual(res.json(), {
        company: {
          id: company.id,
          ...FULL,
          source: 'Api',
          workspaceId,
          createdAt: company.createdAt,
          updatedAt: company.createdAt
        }
      })
    })

    test('POST /v1/companies with only a name answers every other field as null, tags as []', async (t) => {
      const app = await buildTestApp(t, store)
      const workspaceId = randomUUID()
      const before = Date.now()
      const company = await createCompany(api(app, workspaceId), { name: 'N' })
      assertFresh(company, before)
      assert.deepEqual(company, {
        id: company.id,
        name: 'N',
        industry: null,
        address: null,
        domain: null,
        employees: null,
        foundedAt: null,
        logoUrl: null,
        tags: [],
        source: 'Api',
        workspaceId,
        createdAt: company.createdAt,
        updatedAt: company.createdAt
      })
    })

    test('POST /v1/companies takes null optional fields as unset', async (t) => {
      const app = await buildTestApp(t, store)
      const company = await createCompany(api(app, randomUUID()), {
        name: 'N', industry: null, address: null, domain: null, employees: null, foundedAt: null, logoUrl: null, tags: null
      })
      assert.deepEqual(
        [company.industry, company.address, company.domain, company.employees, company.foundedAt, company.logoUrl, company.tags],
        [null, null, null, null, null, null, []])
    })

    test('POST /v1/companies stores foundedAt in UTC whole seconds, whatever offset it was sent with', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const cases: Array<[string, string]> = [
        ['2020-06-01T12:30:45+02:00', '2020-06-01T10:30:45Z'],
        ['2020-06-01T12:30:45.999-05:30', '2020-06-01T18:00:45Z'],
        ['2020-06-01t12:30:45.5z', '2020-06-01T12:30:45Z'],
        ['1850-01-01T00:00:00Z', '1850-01-01T00:00:00Z'],
        ['2020-02-29T23:59:59Z', '2020-02-29T23:59:59Z']
      ]
      for (const [sent, stored] of cases) {
        const company = await createCompany(client, { name: 'N', foundedAt: sent })
        assert.equal(company.foundedAt, stored, sent)
        assert.equal(recordOf<{ foundedAt: string }>(await client.get(`/v1/companies/${company.id}`), 200, 'company').foundedAt, stored)
      }
    })

    test('POST /v1/companies accepts the largest values: 1000-character strings, 100 tags, 2147483647 employees', async (t) => {
      const app = await buildTestApp(t, store)
      const tags = uuids(100)
      const long = 'é'.repeat(1000)
      const company = await createCompany(api(app, randomUUID()), {
        name: long, industry: long, address: long, domain: long, employees: 2147483647, tags
      })
      assert.deepEqual([company.name, company.industry, company.address, company.domain], [long, long, long, long])
      assert.equal(company.employees, 2147483647)
      assert.deepEqual(company.tags, tags)
      const zero = await createCompany(api(app, randomUUID()), { name: 'x', industry: '', employees: 0 })
      assert.equal(zero.industry, '')
      assert.equal(zero.employees, 0)
    })

    test('POST /v1/companies keeps the first of each tag, in order, whatever the case of the uuid', async (t) => {
      const app = await buildTestApp(t, store)
      const [a, b, c] = uuids(3) as [string, string, string]
      const company = await createCompany(api(app, randomUUID()), { name: 'N', tags: [b, a, b, c, a.toUpperCase()] })
      assert.deepEqual(company.tags, [b, a, c])
    })

    test('POST /v1/companies rejects a body without name, and each invalid field, with 400 naming the field', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      assertBadRequest(await client.post('/v1/companies', {}), 'name', 'is required')
      assertBadRequest(await client.post('/v1/companies', { industry: 'x' }), 'name', 'is required')
      assertBadRequest(await client.post('/v1/companies', { name: null }), 'name')
      for (const [name, body, field] of INVALID_FIELDS) {
        await t.test(name, async () => {
          assertBadRequest(await client.post('/v1/companies', { name: 'N', ...body }), field,
            NOT_ALLOWED.has(field) ? 'is not allowed' : undefined)
        })
      }
    })

    test('GET /v1/companies/:id answers 200 with the company as created', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const company = await createCompany(client, FULL)
      const res = await client.get(`/v1/companies/${company.id}`)
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { company })
      // Uuids are case-insensitive.
      assert.deepEqual((await client.get(`/v1/companies/${company.id.toUpperCase()}`)).json(), { company })
    })

    test('GET /v1/companies/:id answers 404 for an unknown, malformed, other-kind or other-workspace id', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const company = await createCompany(a, FULL)
      const member = await createMember(b)
      for (const id of [randomUUID(), 'not-a-uuid', '42', `urn:uuid:${company.id}`, `${company.id}x`, member.id]) {
        assertNotFound(await b.get(`/v1/companies/${id}`))
      }
      assertNotFound(await b.get(`/v1/companies/${company.id}`))
      assert.deepEqual((await a.get(`/v1/companies/${company.id}`)).json(), { company })
    })

    test('PATCH /v1/companies/:id changes the fields sent, keeps the omitted ones and clears the null ones', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const company = await createCompany(client, FULL)
      const tag = randomUUID()
      const res = await client.patch(`/v1/companies/${company.id}`, {
        name: 'Acme 2', employees: 0, tags: [tag, tag], foundedAt: '1999-12-31T23:00:00-01:00', industry: null, logoUrl: null
      })
      const patched = recordOf<{ updatedAt: string }>(res, 200, 'company')
      const expected = {
        ...company,
        name: 'Acme 2',
        employees: 0,
        tags: [tag],
        foundedAt: '2000-01-01T00:00:00Z',
        industry: null,
        logoUrl: null,
        updatedAt: patched.updatedAt
      }
      assert.deepEqual(res.json(), { company: expected })
      assert.deepEqual((await client.get(`/v1/companies/${company.id}`)).json(), { company: expected })

      const cleared = recordOf(await client.patch(`/v1/companies/${company.id}`, {
        address: null, domain: null, employees: null, foundedAt: null, tags: null
      }), 200, 'company')
      assert.deepEqual(cleared, {
        ...expected, address: null, domain: null, employees: null, foundedAt: null, tags: [], updatedAt: cleared.updatedAt
      })
    })

    test('PATCH /v1/companies/:id with {} answers 200 unchanged; a change moves updatedAt, never createdAt', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const company = await createCompany(client, FULL)
      await nextSecond()
      const res = await client.patch(`/v1/companies/${company.id}`, {})
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { company })
      assert.deepEqual((await client.get(`/v1/companies/${company.id}`)).json(), { company })
      const patched = recordOf<typeof company>(await client.patch(`/v1/companies/${company.id}`, { industry: 'Hardware' }), 200, 'company')
      assert.equal(patched.createdAt, company.createdAt)
      assert.ok(patched.updatedAt > company.updatedAt, `${patched.updatedAt} > ${company.updatedAt}`)
      assert.deepEqual(patched, { ...company, industry: 'Hardware', updatedAt: patched.updatedAt })
      assert.deepEqual((await client.get(`/v1/companies/${company.id}`)).json(), { company: patched })
    })

    test('PATCH /v1/companies/:id rejects null name and each invalid field with 400, leaving the company unchanged', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      const company = await createCompany(client, FULL)
      assertBadRequest(await client.patch(`/v1/companies/${company.id}`, { name: null }), 'name')
      for (const [name, body, field] of INVALID_FIELDS) {
        await t.test(name, async () => {
          // The valid field sent alongside must not be applied either.
          assertBadRequest(await client.patch(`/v1/companies/${company.id}`, { domain: 'changed.example', ...body }), field,
            NOT_ALLOWED.has(field) ? 'is not allowed' : undefined)
        })
      }
      assertBadRequest(await client.patch(`/v1/companies/${company.id}`, [{ name: 'x' }]), 'body')
      assert.deepEqual((await client.get(`/v1/companies/${company.id}`)).json(), { company })
    })

    test('PATCH /v1/companies/:id answers 404 for an unknown, malformed or other-workspace id, changing nothing', async (t) => {
      const app = await buildTestApp(t, store)
      const a = api(app, randomUUID())
      const b = api(app, randomUUID())
      const company = await createCompany(a, FULL)
      for (const id of [randomUUID(), 'not-a-uuid', company.id]) {
        assertNotFound(await b.patch(`/v1/companies/${id}`, { name: 'Taken over' }))
      }
      assertNotFound(await b.patch(`/v1/companies/${company.id}`, {}))
      assert.deepEqual((await a.get(`/v1/companies/${company.id}`)).json(), { company })
    })

    test('companies of one workspace never carry another workspace id', async (t) => {
      const app = await buildTestApp(t, store)
      const wsA = randomUUID()
      const wsB = randomUUID()
      const a = await createCompany(api(app, wsA), { name: 'A' })
      const b = await createCompany(api(app, wsB), { name: 'B' })
      assert.equal(a.workspaceId, wsA)
      assert.equal(b.workspaceId, wsB)
      assert.notEqual(a.id, b.id)
      assertNotFound(await api(app, wsA).get(`/v1/companies/${b.id}`))
    })
  })
}
