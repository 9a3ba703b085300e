import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { THOROUGH_VALUES } from '../../src/http/plugins/validation.js'
import { MAX_DETAILS } from '../../src/schemas/common.js'
import { api, buildTestApp, newWorkspace, testStores, type Response } from '../support/helpers.js'

// A 400's details list every problem of the body or the query, one per field, at most MAX_DETAILS (20), so a
// client fixes a request in one round; the envelope is the contract's.

const NO_OFFSET = 'needs an offset: Z or ±hh:mm (e.g. 2026-01-31T09:30:00Z or 2026-01-31T10:30:00+01:00)'

function details (res: Response): Array<{ field: string, message: string }> {
  assert.equal(res.statusCode, 400, res.body)
  const body = res.json() as { code: string, error: string, details: Array<{ field: string, message: string }> }
  assert.deepEqual(Object.keys(body), ['code', 'error', 'details'])
  assert.equal(body.code, 'BAD_REQUEST')
  assert.equal(body.error, 'Invalid request')
  return body.details
}

const sorted = (list: Array<{ field: string, message: string }>) => [...list].sort((a, b) => a.field.localeCompare(b.field))

for (const store of testStores()) {
  describe(`a bad request lists every problem (${store.name})`, () => {
    test('a body with several problems gets one detail per field', async (t) => {
      const client = api(await buildTestApp(t, store), newWorkspace())
      const res = await client.post('/v1/companies', {
        name: 5, bogus: 1, employees: -1, foundedAt: '2026-01-01T00:00:00', tags: ['x', 'y'], logoUrl: 'ftp://a'
      })
      assert.deepEqual(sorted(details(res)), sorted([
        { field: 'bogus', message: 'is not allowed' },
        { field: 'name', message: 'must be string' },
        { field: 'employees', message: 'must be >= 0' },
        { field: 'foundedAt', message: NO_OFFSET },
        { field: 'logoUrl', message: 'must match pattern "^[hH][tT][tT][pP][sS]?://"' },
        { field: 'tags.0', message: 'must match format "uuid"' },
        { field: 'tags.1', message: 'must match format "uuid"' }
      ]))
    })

    test('a field with two problems is named once, with its first', async (t) => {
      const client = api(await buildTestApp(t, store), newWorkspace())
      const res = await client.post('/v1/members', { primaryEmail: `${'a'.repeat(400)} at example.com`, firstName: '' })
      const found = details(res)
      assert.deepEqual(found.map((detail) => detail.field).sort(), ['firstName', 'primaryEmail'])
    })

    test('a query with several problems gets one detail per parameter', async (t) => {
      const client = api(await buildTestApp(t, store), newWorkspace())
      const res = await client.get('/v1/members?page=0x1&pageSize=5&activeSince=2026-01-01T10:00&sort=x&zz=1')
      assert.deepEqual(sorted(details(res)), sorted([
        { field: 'page', message: 'must be an integer written in decimal digits' },
        { field: 'pageSize', message: 'must be >= 10' },
        { field: 'activeSince', message: NO_OFFSET },
        { field: 'sort', message: 'must be equal to one of the allowed values' },
        { field: 'zz', message: 'is not allowed' }
      ]))
    })

    test('a date-time without an offset says that it needs one; other bad date-times keep their message', async (t) => {
      const client = api(await buildTestApp(t, store), newWorkspace())
      for (const value of ['2026-01-31T09:30:00', '2026-01-31T09:30', '2026-01-31T09:30:00.250']) {
        assert.deepEqual(details(await client.post('/v1/companies', { name: 'Acme', foundedAt: value })), [{ field: 'foundedAt', message: NO_OFFSET }], value)
      }
      assert.deepEqual(details(await client.post('/v1/companies', { name: 'Acme', foundedAt: 'yesterday' })),
        [{ field: 'foundedAt', message: 'must match format "date-time"' }])
      assert.equal((await client.post('/v1/companies', { name: 'Acme', foundedAt: '2026-01-31T09:30:00+01:00' })).statusCode, 201)
    })

    test(`details stop at ${MAX_DETAILS}; an input of more than ${THOROUGH_VALUES} values gets its first problem only`, async (t) => {
      const client = api(await buildTestApp(t, store), newWorkspace())
      const many = await client.post('/v1/companies', { name: 'Acme', tags: Array.from({ length: 60 }, (_, index) => `tag-${index}`) })
      assert.deepEqual(details(many), Array.from({ length: MAX_DETAILS }, (_, index) => ({ field: `tags.${index}`, message: 'must match format "uuid"' })))
      const keys = Object.fromEntries(Array.from({ length: THOROUGH_VALUES }, (_, index) => [`k${index}`, 0]))
      const huge = await client.post('/v1/companies', { name: 'Acme', ...keys })
      assert.equal(details(huge).length, 1)
    })
  })
}
