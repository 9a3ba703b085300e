import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test, type TestContext } from 'node:test'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import type { Store } from '../../src/store/types.js'
import { api, authHeader, newWorkspace, postgresAvailable, postgresSchema, recordOf, TEST_SECRET } from '../support/helpers.js'

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
    payload: { firstName: `First${marker}`, lastName: `Last${marker}`, primaryEmail: `${marker}@example.com`, phones: [`+1 ${marker}`] }
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
    const dir = mkdtempSync(join(tmpdir(), 'records-test-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    const store = openSqliteStore(join(dir, 'records.db'), { synchronous: 'normal' })
    const marker = `erase${randomUUID().replaceAll('-', '')}`
    await writeAndErase(t, store, marker)
    await store.close()
    for (const file of readdirSync(dir)) {
      assert.equal(readFileSync(join(dir, file)).includes(marker), false, `${file} holds the erased member`)
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
