import assert from 'node:assert/strict'
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
import { api, newWorkspace, postgresAvailable, postgresSchema, tempDatabasePath, TEST_SECRET } from '../support/helpers.js'

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
    const path = tempDatabasePath(t)
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

    const store = await openSqliteStore(path, { synchronous: 'normal' })
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

// Migration 4 (engagement) counts the activities a database holds per member, day, type and channel, and leaves
// every member's pulse to be computed: a database at version 3 with a member's activities inside and outside the
// window, in a channel and in none, upgrades to the same pulse, breakdown and order as if written today.
const DAY = 86_400

async function assertEngagementAfterUpgrade (t: TestContext, store: Store, workspaceId: string, ids: { busy: string, quiet: string, typeId: string }): Promise<void> {
  const app: FastifyInstance = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), store })
  t.after(async () => await app.close())
  const client = api(app, workspaceId)
  const member = (id: string) => client.get(`/v1/members/${id}`).then((res) => res.json() as { member: { pulse: number, level: number } })
  assert.deepEqual((await member(ids.busy)).member.pulse, 3)
  assert.deepEqual((await member(ids.quiet)).member.pulse, 0)
  const explained = (await client.get(`/v1/members/${ids.busy}/engagement`)).json() as { engagement: { breakdown: unknown[] } }
  assert.deepEqual(explained.engagement.breakdown, [{ activityTypeId: ids.typeId, activityTypeKey: 'post', activities: 3, points: 3 }])
  const sorted = (await client.get('/v1/members?sort=-pulse')).json() as { members: Array<{ id: string }> }
  assert.deepEqual(sorted.members.map((m) => m.id), [ids.busy, ids.quiet])
  // Points set after the upgrade count every activity the migration counted.
  assert.equal((await client.patch(`/v1/activity-types/${ids.typeId}`, { points: 5 })).statusCode, 200)
  assert.equal((await member(ids.busy)).member.pulse, 15)
}

function engagementFixture () {
  const now = Math.floor(Date.now() / 1000)
  const ids = { workspace: newWorkspace(), busy: newId(), quiet: newId(), typeId: newId(), channel: newId() }
  // [member, createdAt, channel]: three in the window (one in a channel), one 100 days old.
  const activities: Array<[string, number, string | null]> = [
    [ids.busy, now - 10, null], [ids.busy, now - 30 * DAY, ids.channel], [ids.busy, now - 89 * DAY, null],
    [ids.busy, now - 100 * DAY, null], [ids.quiet, now - 200 * DAY, ids.channel]
  ]
  return { now, ids, activities }
}

describe('migration 4 counts the activities already stored for engagement', () => {
  test('sqlite', async (t) => {
    const path = tempDatabasePath(t)
    const { now, ids, activities } = engagementFixture()
    const db = new Database(path)
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)')
    for (const migration of sqliteMigrations.filter(({ version }) => version <= 3)) {
      db.exec(migration.sql)
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(migration.version, migration.name)
    }
    const member = db.prepare(`INSERT INTO members (workspace_id, id, first_name, emails, phones, tags, source, activity_count, created_at, updated_at)
      VALUES (?, ?, 'M', '[]', '[]', '[]', 'Api', ?, ?, ?)`)
    member.run(ids.workspace, ids.busy, 4, now - 300 * DAY, now - 300 * DAY)
    member.run(ids.workspace, ids.quiet, 1, now - 301 * DAY, now - 301 * DAY)
    db.prepare('INSERT INTO workspaces (workspace_id, members, activities) VALUES (?, 2, ?)').run(ids.workspace, activities.length)
    db.prepare("INSERT INTO channels VALUES (?, ?, NULL, 'c', 'c', 'Api', ?, ?)").run(ids.workspace, ids.channel, now, now)
    db.prepare("INSERT INTO activity_types VALUES (?, ?, 'post', ?)").run(ids.workspace, ids.typeId, now - 300 * DAY)
    const activity = db.prepare(`INSERT INTO activities (workspace_id, id, source, activity_type_id, channel_id, member_id, created_at, updated_at)
      VALUES (?, ?, 'Api', ?, ?, ?, ?, ?)`)
    for (const [memberId, at, channel] of activities) activity.run(ids.workspace, newId(), ids.typeId, channel, memberId, at, at)
    db.close()

    const store = await openSqliteStore(path, { synchronous: 'normal' })
    t.after(async () => await store.close())
    await assertEngagementAfterUpgrade(t, store, ids.workspace, { busy: ids.busy, quiet: ids.quiet, typeId: ids.typeId })
  })

  test('postgres', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const pool = connect(schema.url, { poolSize: 2, statementTimeoutMs: 10_000 })
    assert.deepEqual(await migrate(pool, postgresMigrations.filter(({ version }) => version <= 3)), [1, 2, 3])
    await pool.end()
    const { now, ids, activities } = engagementFixture()
    for (const [id, at] of [[ids.busy, now - 300 * DAY], [ids.quiet, now - 301 * DAY]] as const) {
      await schema.sql`INSERT INTO members (workspace_id, id, first_name, emails, phones, tags, source, activity_count, created_at, updated_at)
        VALUES (${ids.workspace}, ${id}, 'M', '{}', '{}', '{}', 'Api', ${id === ids.busy ? 4 : 1}, to_timestamp(${at}), to_timestamp(${at}))`
    }
    await schema.sql`INSERT INTO workspace_counters (workspace_id, kind, slot, n) VALUES (${ids.workspace}, 'members', 0, 2)`
    await schema.sql`INSERT INTO channels VALUES (${ids.workspace}, ${ids.channel}, NULL, 'c', 'c', 'Api', to_timestamp(${now}), to_timestamp(${now}))`
    await schema.sql`INSERT INTO activity_types VALUES (${ids.workspace}, ${ids.typeId}, 'post', to_timestamp(${now - 300 * DAY}))`
    for (const [memberId, at, channel] of activities) {
      await schema.sql`INSERT INTO activities (workspace_id, id, source, activity_type_id, channel_id, member_id, created_at, updated_at)
        VALUES (${ids.workspace}, ${newId()}, 'Api', ${ids.typeId}, ${channel}, ${memberId}, to_timestamp(${at}), to_timestamp(${at}))`
    }
    const store = await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 10_000 })
    t.after(async () => await store.close())
    await assertEngagementAfterUpgrade(t, store, ids.workspace, { busy: ids.busy, quiet: ids.quiet, typeId: ids.typeId })
  })
})

// Migration 8 (member keys) makes the table of identity keys; the keys of the members a database already holds are
// computed by the service at open (accents cannot be folded in SQL), in batches of 1,000: a database at version 7
// whose members share emails (ignoring case, as before emails were unique; gmail spellings), full names (accents,
// case) across batches, and whose other workspace holds the same email, answers duplicates as if written today,
// keeps the keys in step afterwards, and records that the backfill is done.
interface LegacyMember { workspace: string, id: string, first: string | null, last: string | null, email: string | null, emails: string[], at: number }

function duplicatesFixture () {
  const workspace = newWorkspace()
  const elsewhere = newWorkspace()
  const at = BASE
  const member = (first: string | null, last: string | null, email: string | null, emails: string[] = [], ws = workspace): LegacyMember =>
    ({ workspace: ws, id: newId(), first, last, email, emails, at: at + 1 })
  // Fillers i and i + 1200 share a full name: pairs whose keys come from different batches.
  const fillers = Array.from({ length: 2345 }, (_, i) => ({ ...member('F', `L${i % 1200}`, `f${i}@example.org`), at: BASE - 2345 + i }))
  const special = {
    ada: { ...member('Zoë', 'Pérez', 'Ada@Example.com'), at: BASE + 1 },
    sameEmail: { ...member(null, null, 'ada@example.com'), at: BASE + 2 },
    sameName: { ...member('ZOE', '  perez', null), at: BASE + 3 },
    gmail: { ...member(null, null, 'j.o.h.n@gmail.com'), at: BASE + 4 },
    googlemail: { ...member('J', null, null, ['John+x@googlemail.com']), at: BASE + 5 },
    stranger: { ...member('Zoe', 'Perez', 'ada@example.com', [], elsewhere), at: BASE + 6 }
  }
  return { workspace, fillers, special, rows: [...fillers, ...Object.values(special)] }
}

async function assertDuplicatesAfterUpgrade (t: TestContext, store: Store, fixture: ReturnType<typeof duplicatesFixture>): Promise<void> {
  const app: FastifyInstance = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), store })
  t.after(async () => await app.close())
  const client = api(app, fixture.workspace)
  const { special, fillers } = fixture
  const reasons = async (member: LegacyMember) => {
    const res = await client.get(`/v1/members/${member.id}/duplicates`)
    assert.equal(res.statusCode, 200, res.body)
    return (res.json() as { duplicates: Array<{ member: { id: string }, reasons: string[] }> }).duplicates.map((d) => [d.member.id, d.reasons])
  }
  assert.deepEqual(await reasons(special.ada), [[special.sameEmail.id, ['email']], [special.sameName.id, ['name']]])
  assert.deepEqual(await reasons(special.sameEmail), [[special.ada.id, ['email']]])
  assert.deepEqual(await reasons(special.gmail), [[special.googlemail.id, ['email']]])
  assert.deepEqual(await reasons(fillers[0]!), [[fillers[1200]!.id, ['name']]])
  assert.deepEqual(await reasons(fillers[2344]!), [[fillers[1144]!.id, ['name']]])
  assert.deepEqual(await reasons(fillers[1199]!), [])
  // Written after the upgrade, kept in step as any member's.
  assert.equal((await client.patch(`/v1/members/${special.sameName.id}`, { lastName: 'Perez-Smith' })).statusCode, 200)
  assert.deepEqual(await reasons(special.ada), [[special.sameEmail.id, ['email']]])
}

describe('migration 8 and the keys of the members already stored', () => {
  test('sqlite', async (t) => {
    const path = tempDatabasePath(t)
    const fixture = duplicatesFixture()
    const db = new Database(path)
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)')
    for (const migration of sqliteMigrations.filter(({ version }) => version < 8)) {
      db.exec(migration.sql)
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(migration.version, migration.name)
    }
    const insert = db.prepare(`INSERT INTO members (workspace_id, id, first_name, last_name, primary_email, emails, phones, tags, source, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, '[]', '[]', 'Api', ?, ?)`)
    db.transaction(() => {
      for (const m of fixture.rows) insert.run(m.workspace, m.id, m.first, m.last, m.email, JSON.stringify(m.emails), m.at, m.at)
    })()
    db.close()

    const store = await openSqliteStore(path, { synchronous: 'normal' })
    t.after(async () => await store.close())
    await assertDuplicatesAfterUpgrade(t, store, fixture)
    const check = new Database(path, { readonly: true })
    t.after(() => check.close())
    assert.equal(check.prepare('SELECT count(*) FROM member_keys_backfill').pluck().get(), 0)
  })

  test('postgres', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const pool = connect(schema.url, { poolSize: 2, statementTimeoutMs: 10_000 })
    const before = postgresMigrations.filter(({ version }) => version < 8)
    assert.deepEqual(await migrate(pool, before), before.map(({ version }) => version))
    await pool.end()
    const fixture = duplicatesFixture()
    const { rows } = fixture
    await schema.sql`INSERT INTO members (workspace_id, id, first_name, last_name, primary_email, emails, phones, tags, source, created_at, updated_at)
      SELECT workspace_id, id, first_name, last_name, primary_email, '{}', '{}', '{}', 'Api', to_timestamp(at), to_timestamp(at)
      FROM unnest(${rows.map((m) => m.workspace)}::uuid[], ${rows.map((m) => m.id)}::uuid[], ${rows.map((m) => m.first)}::text[],
        ${rows.map((m) => m.last)}::text[], ${rows.map((m) => m.email)}::text[], ${rows.map((m) => m.at)}::float8[])
        AS r (workspace_id, id, first_name, last_name, primary_email, at)`
    for (const m of rows.filter(({ emails }) => emails.length > 0)) {
      await schema.sql`UPDATE members SET emails = ${m.emails}::text[] WHERE workspace_id = ${m.workspace} AND id = ${m.id}`
    }
    const store = await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 10_000 })
    t.after(async () => await store.close())
    await assertDuplicatesAfterUpgrade(t, store, fixture)
    assert.equal((await schema.sql`SELECT * FROM member_keys_backfill`).length, 0)
  })
})

// Migration 7 (company domains) gives every member its primary email's domain, for the index that lets a company
// attach its members, and adds the identity settings. A database at version 6 with members without a company and
// two companies of one domain (allowed then) upgrades: the oldest of the two is the domain's company from then on.
async function assertCompanyDomainsAfterUpgrade (t: TestContext, store: Store, workspaceId: string, ids: Record<'older' | 'newer' | 'beta' | 'free' | 'acme', string>): Promise<void> {
  const app: FastifyInstance = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), store })
  t.after(async () => await app.close())
  const client = api(app, workspaceId)
  const companyOf = async (id: string) => ((await client.get(`/v1/members/${id}`)).json() as { member: { companyId: string | null } }).member.companyId
  const ofDomain = (await client.get('/v1/companies?domain=acme.com')).json() as { totalCompanies: number }
  assert.equal(ofDomain.totalCompanies, 2)
  assert.deepEqual((await client.get('/v1/identity-settings')).json(), { identitySettings: { autoCompanies: true, freeMailDomains: [] } })
  // The oldest is the one a new company of the domain meets, the one the bulk route updates, the one members join.
  const conflict = await client.post('/v1/companies', { name: 'Acme', domain: 'https://www.acme.com/' })
  assert.equal(conflict.statusCode, 409, conflict.body)
  assert.deepEqual(conflict.json().details, [{ field: 'domain', message: 'is held by another record of this workspace', id: ids.older }])
  assert.equal((await client.patch(`/v1/companies/${ids.newer}`, { name: 'Acme (copy)', domain: 'ACME.com' })).statusCode, 200)
  const bulk = (await client.post('/v1/companies/bulk', { companies: [{ name: 'Acme Inc', domain: 'acme.com' }] })).json() as { results: Array<{ status: number, company: { id: string } }> }
  assert.deepEqual(bulk.results.map((r) => [r.status, r.company.id]), [[200, ids.older]])
  const dee = (await client.post('/v1/members', { primaryEmail: 'dee@acme.com' })).json() as { member: { companyId: string } }
  assert.equal(dee.member.companyId, ids.older)
  // The members stored before were given their email's domain: a company of it attaches them.
  assert.equal(await companyOf(ids.beta), null)
  const beta = (await client.post('/v1/companies', { name: 'Beta', domain: 'beta.io' })).json() as { company: { id: string } }
  assert.equal(await companyOf(ids.beta), beta.company.id)
  assert.equal(await companyOf(ids.free), null)
  assert.equal(await companyOf(ids.acme), null)
}

function companyDomainsFixture () {
  const now = Math.floor(Date.now() / 1000)
  const ids = { workspace: newWorkspace(), older: newId(), newer: newId(), beta: newId(), free: newId(), acme: newId(), none: newId() }
  const companies: Array<[string, number]> = [[ids.older, now - 200], [ids.newer, now - 100]]
  const members: Array<[string, string | null]> = [[ids.beta, 'Ada@WWW.Beta.IO'], [ids.free, 'bob@gmail.com'], [ids.acme, 'cy@acme.com'], [ids.none, null]]
  return { now, ids, companies, members }
}

describe('migration 7 gives members their email domain and keeps companies sharing a domain', () => {
  test('sqlite', async (t) => {
    const path = tempDatabasePath(t)
    const { now, ids, companies, members } = companyDomainsFixture()
    const db = new Database(path)
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)')
    for (const migration of sqliteMigrations.filter(({ version }) => version <= 6)) {
      db.exec(migration.sql)
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(migration.version, migration.name)
    }
    const company = db.prepare(`INSERT INTO companies (workspace_id, id, name, name_key, domain, tags, source, created_at, updated_at)
      VALUES (?, ?, 'Acme', 'acme', 'acme.com', '[]', 'Api', ?, ?)`)
    for (const [id, at] of companies) company.run(ids.workspace, id, at, at)
    const member = db.prepare(`INSERT INTO members (workspace_id, id, primary_email, first_name, emails, phones, tags, source, created_at, updated_at)
      VALUES (?, ?, ?, 'M', '[]', '[]', '[]', 'Api', ?, ?)`)
    for (const [id, email] of members) member.run(ids.workspace, id, email, now - 300, now - 300)
    db.prepare('INSERT INTO workspaces (workspace_id, companies, members) VALUES (?, 2, 4)').run(ids.workspace)
    db.close()

    const store = await openSqliteStore(path, { synchronous: 'normal' })
    t.after(async () => await store.close())
    await assertCompanyDomainsAfterUpgrade(t, store, ids.workspace, ids)
  })

  test('postgres', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const pool = connect(schema.url, { poolSize: 2, statementTimeoutMs: 10_000 })
    assert.deepEqual(await migrate(pool, postgresMigrations.filter(({ version }) => version <= 6)), [1, 2, 3, 4, 5, 6])
    await pool.end()
    const { now, ids, companies, members } = companyDomainsFixture()
    for (const [id, at] of companies) {
      await schema.sql`INSERT INTO companies (workspace_id, id, name, name_key, domain, tags, source, created_at, updated_at)
        VALUES (${ids.workspace}, ${id}, 'Acme', 'acme', 'acme.com', '{}', 'Api', to_timestamp(${at}), to_timestamp(${at}))`
    }
    for (const [id, email] of members) {
      await schema.sql`INSERT INTO members (workspace_id, id, primary_email, first_name, emails, phones, tags, source, created_at, updated_at)
        VALUES (${ids.workspace}, ${id}, ${email}, 'M', '{}', '{}', '{}', 'Api', to_timestamp(${now - 300}), to_timestamp(${now - 300}))`
    }
    await schema.sql`INSERT INTO workspace_counters (workspace_id, kind, slot, n) VALUES (${ids.workspace}, 'companies', 0, 2), (${ids.workspace}, 'members', 0, 4)`
    const store = await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 10_000 })
    t.after(async () => await store.close())
    await assertCompanyDomainsAfterUpgrade(t, store, ids.workspace, ids)
  })
})
