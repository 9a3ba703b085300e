import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, test, type TestContext } from 'node:test'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import type { Store } from '../../src/store/types.js'
import { api, authHeader, createMember, newWorkspace, postgresAvailable, postgresSchema, recordOf, tempDatabasePath, TEST_SECRET, testStores } from '../support/helpers.js'
import { getMember, sharedApp } from '../support/ingestion-support.js'

// Issue 17, "Erasure": DELETE /v1/members/{id} leaves no copy of the member's personal data anywhere in the service.
// A member with a unique marker in its fields is created with an Idempotency-Key, given activities, merged with
// another (whose data then lives in it and in the merge) and deleted; then no byte of the SQLite file, and no row
// of any PostgreSQL table, holds the marker.

async function writeAndErase (t: TestContext, store: Store, marker: string): Promise<void> {
  const app = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), store })
  t.after(async () => await app.close())
  const workspaceId = newWorkspace()
  const client = api(app, workspaceId)
  const keyed = await app.inject({
    method: 'POST',
    url: '/v1/members',
    headers: { ...authHeader(workspaceId), 'idempotency-key': `create-${marker}` },
    payload: { firstName: `First${marker}`, lastName: `Last${marker}`, primaryEmail: `${marker}@${marker}.dev`, phones: [`+1 ${marker}`] }
  })
  const merged = recordOf<{ id: string }>(keyed, 201, 'member')
  const kept = recordOf<{ id: string }>(await client.post('/v1/members', { firstName: 'Kept', emails: [`other.${marker}@example.org`] }), 201, 'member')
  assert.equal((await client.post('/v1/activities', { memberId: merged.id, activityTypeKey: 'message', title: 'hello' })).statusCode, 201)
  const merge = await client.post(`/v1/members/${kept.id}/merge`, { memberId: merged.id })
  assert.equal(merge.statusCode, 200, merge.body)
  assert.equal((await client.delete(`/v1/members/${kept.id}`)).statusCode, 200)
  // Other members and workspaces are untouched.
  assert.equal((await client.post('/v1/members', { firstName: 'Unrelated' })).statusCode, 201)
}

describe('erasure leaves no copy of a member', () => {
  test('sqlite: no byte of the database file holds it', async (t) => {
    const path = tempDatabasePath(t)
    const store = await openSqliteStore(path, { synchronous: 'normal' })
    const marker = `erase${randomUUID().replaceAll('-', '')}`
    await writeAndErase(t, store, marker)
    await store.close()
    // The database, its log and any other file beside it.
    for (const file of readdirSync(dirname(path))) {
      assert.equal(readFileSync(join(dirname(path), file)).includes(marker), false, `${file} holds the erased member`)
    }
  })

  test('postgres: no row of any table holds it', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 10_000 })
    const marker = `erase${randomUUID().replaceAll('-', '')}`
    await writeAndErase(t, store, marker)
    await store.close()
    const tables = await schema.sql<Array<{ name: string }>>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
    assert.ok(tables.length > 10)
    for (const { name } of tables) {
      const [row] = await schema.sql.unsafe(`SELECT count(*)::int AS n FROM ${name} AS t WHERE t::text LIKE '%' || $1 || '%'`, [marker])
      assert.equal(row?.n, 0, `${name} holds the erased member`)
    }
  })
})

// The company a member's own email domain made is named after that domain: erased with the last member it has, as
// long as it is as it was made. One that other members joined, or that someone edited, is the workspace's record of
// an organisation and stays.
for (const store of testStores()) {
  describe(`erasure and the companies of email domains (${store.name})`, () => {
    const fresh = sharedApp(store)

    test('the company made from the erased member\'s domain goes with it; one with other members, or edited, stays', async () => {
      const { client } = await fresh()
      const jane = await createMember(client, { firstName: 'Jane', primaryEmail: 'jane@janedoe.dev' })
      const own = jane.companyId!
      assert.equal((await client.get(`/v1/companies/${own}`)).statusCode, 200)
      const ada = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@analytical.io' })
      const grace = await createMember(client, { firstName: 'Grace', primaryEmail: 'grace@analytical.io' })
      const bob = await createMember(client, { firstName: 'Bob', primaryEmail: 'bob@bobcorp.dev' })
      assert.equal((await client.patch(`/v1/companies/${bob.companyId!}`, { industry: 'Software' })).statusCode, 200)
      const companies = async () => ((await client.get('/v1/companies')).json() as { totalCompanies: number }).totalCompanies
      assert.equal(await companies(), 3)

      assert.equal((await client.delete(`/v1/members/${jane.id}`)).statusCode, 200)
      assert.equal((await client.get(`/v1/companies/${own}`)).statusCode, 404)
      assert.equal((await client.delete(`/v1/members/${ada.id}`)).statusCode, 200)
      assert.equal((await getMember(client, grace.id)).companyId, ada.companyId)
      assert.equal((await client.delete(`/v1/members/${bob.id}`)).statusCode, 200)
      assert.equal((await client.get(`/v1/companies/${bob.companyId!}`)).statusCode, 200)
      assert.equal(await companies(), 2)
      // The domain makes a company again for the next member of it.
      const again = await createMember(client, { firstName: 'Jane', primaryEmail: 'jane@janedoe.dev' })
      assert.notEqual(again.companyId, null)
    })
  })
}
