import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { describe, test, type TestContext } from 'node:test'
import { CLIENT_TYPES_PATH, clientTypes } from '../../scripts/generate-client.js'
import { createRecordsClient, type RecordsClient } from '../../src/client/index.js'
import type { ErrorBody } from '../../src/schemas/common.js'
import { assertFresh, buildTestApp, newWorkspace, testStores, tokenFor, type TestStore } from '../support/helpers.js'

// The typed client (src/client): its types are generated from GET /openapi.json, and it calls a real server.
// This file also typechecks it (tsc --noEmit in npm test): each call below is checked against the document,
// and each @ts-expect-error is a call the types must refuse.

describe('typed client types', () => {
  test('src/client/openapi.ts is what the generator makes of the document the app serves now', async () => {
    const generated = await clientTypes()
    const committed = readFileSync(CLIENT_TYPES_PATH, 'utf8')
    if (committed === generated) return
    const [ours, theirs] = [committed.split('\n'), generated.split('\n')]
    const line = Array.from({ length: Math.max(ours.length, theirs.length) }, (_, index) => index).find((index) => ours[index] !== theirs[index]) ?? 0
    assert.fail('src/client/openapi.ts is out of date with the routes\' schemas: run `npm run client:generate` and commit it ' +
      `(first difference at line ${line + 1}: committed ${JSON.stringify(ours[line])}, generated ${JSON.stringify(theirs[line])})`)
  })

  test('the package exports ./client from the build, with its types', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, { types: string, default: string }>
    }
    const entry = manifest.exports['./client']
    assert.deepEqual(entry, { types: './dist/client/index.d.ts', default: './dist/client/index.js' })
    assert.equal(fileURLToPath(import.meta.resolve('workspace-records/client')), fileURLToPath(new URL(`../../${entry.default}`, import.meta.url)))
    for (const file of [entry.default, entry.types, './dist/client/openapi.d.ts']) {
      assert.ok(existsSync(new URL(`../../${file}`, import.meta.url)), `${file} is built (npm run build)`)
    }
  })
})

/** A client for a fresh workspace of the app listening on a free loopback port. */
async function listeningClient (t: TestContext, store: TestStore): Promise<RecordsClient> {
  const app = await buildTestApp(t, store)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return createRecordsClient({ baseUrl: `http://127.0.0.1:${port}`, token: tokenFor(newWorkspace()) })
}

for (const store of testStores()) {
  describe(`typed client against a running server (${store.name})`, () => {
    test('creates, gets, lists and patches a company', async (t) => {
      const client = await listeningClient(t, store)
      const before = Date.now()
      const created = await client.POST('/v1/companies', { body: { name: 'Acme', industry: 'Tools', tags: [] } })
      assert.equal(created.response.status, 201)
      assert.ok(created.data !== undefined, JSON.stringify(created.error))
      const company = created.data.company
      assertFresh(company, before)
      // Generated fields checked by assertFresh; the rest exactly.
      const { id, workspaceId, createdAt, updatedAt, ...fields } = company
      assert.ok(id !== workspaceId && createdAt === updatedAt)
      assert.deepEqual(fields, { name: 'Acme', industry: 'Tools', address: null, domain: null, employees: null, foundedAt: null, logoUrl: null, tags: [], source: 'Api' })

      const got = await client.GET('/v1/companies/{id}', { params: { path: { id: company.id } } })
      assert.deepEqual(got.data, { company })

      const listed = await client.GET('/v1/companies', { params: { query: { sort: 'name' } } })
      assert.deepEqual(listed.data, { page: 1, pageSize: 10, totalCompanies: 1, companies: [company] })

      const patched = await client.PATCH('/v1/companies/{id}', { params: { path: { id: company.id } }, body: { industry: null, employees: 12 } })
      assert.ok(patched.data !== undefined, JSON.stringify(patched.error))
      const employees: number | null = patched.data.company.employees
      assert.equal(employees, 12)
      assert.equal(patched.data.company.industry, null)
      assert.deepEqual((await client.GET('/v1/companies/{id}', { params: { path: { id: company.id } } })).data, patched.data)
    })

    test('an error answer is the error envelope, typed as such', async (t) => {
      const client = await listeningClient(t, store)
      const missing = await client.GET('/v1/companies/{id}', { params: { path: { id: randomUUID() } } })
      assert.equal(missing.response.status, 404)
      assert.equal(missing.data, undefined)
      assert.ok(missing.error !== undefined)
      const envelope: ErrorBody = missing.error
      assert.deepEqual(envelope, { code: 'NOT_FOUND', error: 'Resource not found' })

      // @ts-expect-error a company needs a name: the types refuse the body the server refuses
      const invalid = await client.POST('/v1/companies', { body: { industry: 'Tools' } })
      assert.equal(invalid.response.status, 400)
      assert.deepEqual(invalid.error, { code: 'BAD_REQUEST', error: 'Invalid request', details: [{ field: 'name', message: 'is required' }] })
    })
  })
}
