import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test, type TestContext } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { newId } from '../../src/store/ids.js'
import { connect } from '../../src/store/postgres/database.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { migrate } from '../../src/store/postgres/migrate.js'
import { migrations as postgresMigrations } from '../../src/store/postgres/migrations/index.js'
import { Database } from '../../src/store/sqlite/driver.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import { migrations as sqliteMigrations } from '../../src/store/sqlite/migrations/index.js'
import type { Store } from '../../src/store/types.js'
import { api, newWorkspace, postgresAvailable, postgresSchema, TEST_SECRET } from '../support/helpers.js'

// Migration 2 builds the counted index of every list a database already holds, with SQL frozen in the migration
// (it never calls the live index code, whose block size may change). A database at version 1 with 2,345 channels,
// many sharing a createdAt, is upgraded; then every page of the list, found through the blocks it built, must be
// the rows in createdAt desc, id desc order, and the total exact.

const ROWS = 2345
const BASE = Date.UTC(2025, 0, 1) / 1000

interface Row { id: string, at: number }

function channels (): Row[] {
  return Array.from({ length: ROWS }, (_, i) => ({ id: newId(), at: BASE + Math.floor(i / 3) }))
}

async function assertEveryPage (t: TestContext, store: Store, workspaceId: string, rows: Row[]): Promise<void> {
  const app: FastifyInstance = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), store })
  t.after(async () => await app.close())
  const client = api(app, workspaceId)
  const expected = [...rows].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((row) => row.id)
  for (let page = 1; (page - 1) * 100 < ROWS; page++) {
    const res = (await client.get(`/v1/channels?page=${page}&pageSize=100`)).json() as { totalChannels: number, channels: Array<{ id: string }> }
    assert.equal(res.totalChannels, ROWS)
    assert.deepEqual(res.channels.map((channel) => channel.id), expected.slice((page - 1) * 100, page * 100), `page ${page}`)
  }
  // And the index goes on working: a new channel lands on page 1.
  const created = (await client.post('/v1/channels', { name: 'after the upgrade' })).json() as { channel: { id: string } }
  assert.equal(((await client.get('/v1/channels')).json() as { channels: Array<{ id: string }> }).channels[0]?.id, created.channel.id)
}

describe('migration 2 builds the counted index of the lists already stored', () => {
  test('sqlite', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'records-test-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    const path = join(dir, 'records.db')
    const workspaceId = newWorkspace()
    const rows = channels()
    const db = new Database(path)
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)')
    const [first] = sqliteMigrations
    db.exec(first!.sql)
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(first!.version, first!.name)
    const insert = db.prepare(`INSERT INTO channels (workspace_id, id, external_id, name, name_key, source, created_at, updated_at)
      VALUES (?, ?, NULL, 'c', 'c', 'Api', ?, ?)`)
    db.transaction(() => { for (const row of rows) insert.run(workspaceId, row.id, row.at, row.at) })()
    db.prepare('INSERT INTO workspaces (workspace_id, channels) VALUES (?, ?)').run(workspaceId, ROWS)
    db.close()

    const store = openSqliteStore(path, { synchronous: 'normal' })
    t.after(async () => await store.close())
    await assertEveryPage(t, store, workspaceId, rows)
  })

  test('postgres', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const pool = connect(schema.url, { poolSize: 2, statementTimeoutMs: 10_000 })
    assert.deepEqual(await migrate(pool, postgresMigrations.slice(0, 1)), [1])
    await pool.end()
    const workspaceId = newWorkspace()
    const rows = channels()
    await schema.sql`INSERT INTO channels (workspace_id, id, external_id, name, name_key, source, created_at, updated_at)
      SELECT ${workspaceId}, id, NULL, 'c', 'c', 'Api', to_timestamp(at), to_timestamp(at)
      FROM unnest(${rows.map((row) => row.id)}::uuid[], ${rows.map((row) => row.at)}::float8[]) AS r (id, at)`
    await schema.sql`INSERT INTO workspace_counters (workspace_id, kind, slot, n) VALUES (${workspaceId}, 'channels', 0, ${ROWS})`

    const store = await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 10_000 })
    t.after(async () => await store.close())
    await assertEveryPage(t, store, workspaceId, rows)
  })
})
