// `workspace-records import`, `export` and `seed-demo` as a person runs them: the built CLI in a child process, on
// a SQLite file or a PostgreSQL schema, and what it wrote read back through the HTTP API (app.inject).
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, test, type TestContext } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { nowSeconds } from '../../src/domain/time.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import type { Store } from '../../src/store/types.js'
import { api, DAY, postgresAvailable, postgresSchema, TEST_SECRET, type Api } from '../support/helpers.js'
import { cli, ensureBuilt, tempDir } from '../support/process-support.js'

before(ensureBuilt)

/** A database the CLI and the test share: its DATABASE_URL, and the API on it (opened when asked, closed with the test). */
interface Database {
  name: string
  url: string
  open: (t: TestContext, clock?: () => number) => Promise<FastifyInstance>
}

async function sqliteDatabase (t: TestContext): Promise<Database> {
  const path = join(tempDir(t), 'records.db')
  return { name: 'sqlite', url: `file:${path}`, open: async (t, clock) => await appOn(t, await openSqliteStore(path, { synchronous: 'normal', clock })) }
}

async function postgresDatabase (t: TestContext): Promise<Database> {
  const schema = await postgresSchema()
  t.after(schema.drop)
  return { name: 'postgres', url: schema.url, open: async (t, clock) => await appOn(t, await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 10_000, clock })) }
}

async function appOn (t: TestContext, store: Store): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), store, jwtSecret: TEST_SECRET })
  t.after(async () => {
    await app.close()
    await store.close()
  })
  return app
}

const databases = [sqliteDatabase, ...(postgresAvailable ? [postgresDatabase] : [])]

async function run (db: Database, args: string[], cwd: string) {
  return await cli(args, { DATABASE_URL: db.url }, cwd)
}

/** Every record of a list, page after page. */
async function all (client: Api, path: string, key: string): Promise<Array<Record<string, unknown>>> {
  const records: Array<Record<string, unknown>> = []
  for (let page = 1; ; page++) {
    const res = await client.get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&pageSize=100`)
    assert.equal(res.statusCode, 200, res.body)
    const items = res.json()[key] as Array<Record<string, unknown>>
    records.push(...items)
    if (items.length < 100) return records
  }
}

const lines = (values: unknown[]) => values.map((value) => typeof value === 'string' ? value : JSON.stringify(value)).join('\n') + '\n'

for (const open of databases) {
  describe(`import (${open.name === 'sqliteDatabase' ? 'sqlite' : 'postgres'})`, { concurrency: true }, () => {
    test('JSON Lines: a bad line is reported by number and skipped; running it again creates no duplicates', async (t) => {
      const db = await open(t)
      const dir = tempDir(t)
      const file = join(dir, 'members.jsonl')
      writeFileSync(file, lines([
        { firstName: 'Ada', primaryEmail: 'ada@acme.test', emails: ['ada.l@acme.test'] },
        { firstName: 'Grace', primaryEmail: 'not an email' },
        '',
        '{"firstName": "Alan",',
        { firstName: 'Linus', primaryEmail: 'linus@acme.test', emails: ['ada.l@acme.test'] },
        { firstName: 'Alan', primaryEmail: 'alan@acme.test', tags: [randomUUID()] }
      ]))
      const workspace = randomUUID()
      const first = await run(db, ['import', file, '--workspace', workspace, '--type', 'members'], dir)
      assert.equal(first.code, 0, first.stderr)
      assert.equal(first.stdout, '')
      assert.match(first.stderr, /^line 2: skipped: 400 BAD_REQUEST: primaryEmail must match format "email"$/m)
      assert.match(first.stderr, /^line 4: skipped: is not JSON: /m)
      assert.match(first.stderr, /^line 5: skipped: 409 CONFLICT: emails /m)
      assert.match(first.stderr, /imported 5 members records in [0-9.]+ s: 2 created, 0 updated, 3 skipped \(each reported above\)\n$/)

      const again = await run(db, ['import', file, '--workspace', workspace, '--type', 'members'], dir)
      assert.equal(again.code, 0, again.stderr)
      assert.match(again.stderr, /: 0 created, 2 updated, 3 skipped/)
      const client = api(await db.open(t), workspace)
      const members = await all(client, '/v1/members?sort=createdAt', 'members')
      assert.deepEqual(members.map((member) => member.primaryEmail), ['ada@acme.test', 'alan@acme.test'])
    })

    test('CSV: lists as ";" values or JSON arrays, an activity\'s member by its fields, a bad row skipped; progress lines when stderr is no terminal', async (t) => {
      const db = await open(t)
      const dir = tempDir(t)
      const workspace = randomUUID()
      const companies = join(dir, 'companies.csv')
      writeFileSync(companies, 'name,domain,employees,tags\nAcme,https://www.acme.com/,40,\n"Globex, Inc.",globex.com,-1,\nInitech,initech.com,,"[""' + randomUUID() + '""]"\n')
      const imported = await run(db, ['import', companies, '--workspace', workspace, '--type', 'companies'], dir)
      assert.equal(imported.code, 0, imported.stderr)
      assert.match(imported.stderr, /^line 3: skipped: 400 BAD_REQUEST: employees must be >= 0$/m)
      assert.match(imported.stderr, /: 2 created, 0 updated, 1 skipped/)

      const activities = join(dir, 'activities.csv')
      const rows = Array.from({ length: 120 }, (_, i) =>
        `message,discord,msg-${i},"Hello, world\nline two",member${i % 7}@acme.test,Member ${i % 7},a${i % 7}@mail.test;b${i % 7}@mail.test`)
      writeFileSync(activities, `activityTypeKey,source,externalId,message,member.primaryEmail,member.firstName,member.emails\n${rows.join('\n')}\n`)
      const loaded = await run(db, ['import', activities, '--workspace', workspace, '--type', 'activities', '--batch', '5'], dir)
      assert.equal(loaded.code, 0, loaded.stderr)
      assert.match(loaded.stderr, /^writing: 50 records, [0-9,]+ records\/s, ETA \d+s \(\d+% of the file\)$/m)
      assert.match(loaded.stderr, /^writing: 100 records, /m)
      assert.match(loaded.stderr, /imported 120 activities records in [0-9.]+ s: 120 created, 0 updated, 0 skipped\n$/)

      const client = api(await db.open(t), workspace)
      const members = await all(client, '/v1/members', 'members')
      assert.equal(members.length, 7)
      const member = members.find((m) => m.primaryEmail === 'member3@acme.test')!
      assert.deepEqual([member.firstName, member.emails, member.source], ['Member 3', ['a3@mail.test', 'b3@mail.test'], 'discord'])
      const [activity] = await all(client, '/v1/activities?externalId=msg-10', 'activities')
      assert.equal(activity!.message, 'Hello, world\nline two')
      assert.deepEqual((await all(client, '/v1/companies?sort=name', 'companies')).map((c) => c.domain), ['acme.com', 'initech.com'])
    })

    test('--strict: a bad line, or a record the store refuses, stops the import with nothing written', async (t) => {
      const db = await open(t)
      const dir = tempDir(t)
      const workspace = randomUUID()
      const bad = join(dir, 'bad.jsonl')
      writeFileSync(bad, lines([{ firstName: 'Ada', primaryEmail: 'ada@acme.test' }, { firstName: 'Grace', country: 7 }]))
      const refused = await run(db, ['import', bad, '--workspace', workspace, '--type', 'members', '--strict'], dir)
      assert.equal(refused.code, 1)
      assert.equal(refused.stderr, 'import failed: line 2: 400 BAD_REQUEST: country must be string,null; nothing was written\n')

      const conflicting = join(dir, 'conflicting.jsonl')
      writeFileSync(conflicting, lines([
        ...Array.from({ length: 30 }, (_, i) => ({ firstName: `M${i}`, primaryEmail: `m${i}@acme.test` })),
        { firstName: 'Copy', primaryEmail: 'copy@acme.test', emails: ['m3@acme.test'] }
      ]))
      const rolledBack = await run(db, ['import', conflicting, '--workspace', workspace, '--type', 'members', '--strict', '--batch', '10'], dir)
      assert.equal(rolledBack.code, 1)
      assert.match(rolledBack.stderr, /import failed: line 31: 409 CONFLICT: emails .* \(id [0-9a-f-]{36}\); nothing was written\n$/)
      const client = api(await db.open(t), workspace)
      assert.equal((await client.get('/v1/members')).json().totalMembers, 0)

      const explicitFormat = await run(db, ['import', bad, '--workspace', randomUUID(), '--type', 'members', '--format', 'jsonl', '--strict'], dir)
      assert.equal(explicitFormat.code, 1)
      const usage = await run(db, ['import', bad, '--workspace', workspace], dir)
      assert.equal(usage.code, 2)
      assert.match(usage.stderr, /^error: --type <kind> is required/)
    })
  })
}

describe('export, then import elsewhere', () => {
  test('a workspace exported from SQLite and imported into PostgreSQL reads the same through the API', { skip: !postgresAvailable }, async (t) => {
    const now = nowSeconds()
    const clock = () => now
    const from = await sqliteDatabase(t)
    const to = await postgresDatabase(t)
    const dir = tempDir(t)
    const workspace = randomUUID()
    const source = api(await from.open(t, clock), workspace)
    await seedWorkspace(source, now)

    const file = join(dir, 'workspace.export.jsonl')
    const exported = await run(from, ['export', '--workspace', workspace, '--output', file], dir)
    assert.equal(exported.code, 0, exported.stderr)
    assert.match(exported.stderr, /^exported workspace .* in [0-9.]+ s: 3 channel, 3 activityType, 2 company, 6 member, 40 activity\n$/)

    const target = randomUUID()
    const restored = await run(to, ['import', file, '--workspace', target], dir)
    assert.equal(restored.code, 0, restored.stderr)
    assert.match(restored.stderr, /restored the export .* 3 channel records, 3 activityType records, 2 company records, 6 member records, 40 activity records\n$/)
    const refused = await run(to, ['import', file, '--workspace', target], dir)
    assert.equal(refused.code, 2)
    assert.match(refused.stderr, /^error: workspace .* is not empty/)

    const copy = api(await to.open(t, clock), target)
    assert.deepEqual(await everything(copy), await everything(source))
  })
})

describe('seed-demo', () => {
  test('fills a new workspace with members whose pulse means something, and prints a token for it', async (t) => {
    const db = await sqliteDatabase(t)
    const dir = tempDir(t)
    const seeded = await cli(['seed-demo', '--seed', '7'], { DATABASE_URL: db.url, JWT_SECRET: TEST_SECRET }, dir)
    assert.equal(seeded.code, 0, seeded.stderr)
    assert.match(seeded.stderr, /^seeded the demo workspace [0-9a-f-]{36} \(seed 7\): 5 companies, 5 channels, 6 activity types, 300 members \(2 excluded from engagement\), 6000 activities/)
    const token = seeded.stdout.trim()
    const workspace = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).workspaceId as string
    const app = await db.open(t)
    const res = await app.inject({ url: '/v1/members?sort=-pulse&pageSize=10', headers: { authorization: `Bearer ${token}` } })
    assert.equal(res.statusCode, 200)
    const top = res.json().members as Array<{ pulse: number, level: number }>
    assert.equal(res.json().totalMembers, 300)
    assert.ok(top[0]!.pulse > top[9]!.pulse && top[9]!.pulse > 0, JSON.stringify(top.map((m) => m.pulse)))
    assert.ok(top[0]!.level > 0)
    const again = await cli(['seed-demo', '--workspace', workspace], { DATABASE_URL: db.url, JWT_SECRET: TEST_SECRET }, dir)
    assert.equal(again.code, 2)
    assert.match(again.stderr, /is not empty/)
  })
})

/**
 * Companies, channels, members (emails, tags, companies, one excluded), activity types with points and channel
 * overrides, activities over four months with replies, custom thresholds and identity settings.
 */
async function seedWorkspace (client: Api, now: number): Promise<void> {
  const ok = async (res: Promise<{ statusCode: number, body: string, json: () => any }>, status = 201) => {
    const answer = await res
    assert.equal(answer.statusCode, status, answer.body)
    return answer.json()
  }
  const channels = [] as string[]
  for (const name of ['general', 'help', 'github']) channels.push((await ok(client.post('/v1/channels', { name, source: 'discord', externalId: `c-${name}` }))).channel.id)
  await ok(client.post('/v1/activity-types', { key: 'message', name: 'Message', points: 3, channelPoints: [{ channelId: channels[1], points: 7 }] }))
  await ok(client.post('/v1/activity-types', { key: 'pull_request', points: 10 }))
  const acme = (await ok(client.post('/v1/companies', { name: 'Acme', domain: 'https://www.acme.com/', employees: 12, tags: [randomUUID()], foundedAt: '2001-02-03T04:05:06Z' }))).company.id
  await ok(client.post('/v1/companies', { name: 'Globex' }))
  const members = [] as string[]
  for (let i = 0; i < 6; i++) {
    const member = (await ok(client.post('/v1/members', {
      firstName: `Member${i}`, primaryEmail: `m${i}@acme.com`, emails: [`alt${i}@mail.com`], tags: [randomUUID()], phones: ['+1 555'], linkedinUrl: 'https://linkedin.com/in/x'
    }))).member.id
    members.push(member)
    if (i % 2 === 0) await ok(client.patch(`/v1/members/${member}`, { companyId: acme }), 200)
  }
  // Detached from the company of its email's domain: a restore must not attach it again.
  await ok(client.patch(`/v1/members/${members[1]}`, { companyId: null }), 200)
  await ok(client.put('/v1/identity-settings', { autoCompanies: false, freeMailDomains: ['mail.acme-isp.net'] }), 200)
  await ok(client.patch(`/v1/members/${members[5]}/engagement`, { excluded: true }), 200)
  await ok(client.put('/v1/engagement-settings', { levelThresholds: [1, 3, 6, 10, 20, 40, 80, 150, 250, 400, 600, 900] }), 200)
  let previous: string | undefined
  for (let i = 0; i < 40; i++) {
    const body = {
      memberId: members[i % 6],
      activityTypeKey: ['message', 'pull_request', 'reaction'][i % 3],
      channelId: i % 4 === 0 ? null : channels[i % 3],
      createdAt: new Date((now - (i * 3 + 0.5) * DAY) * 1000).toISOString(),
      externalId: `e-${i}`,
      source: 'discord',
      ...(previous === undefined || i % 5 !== 0 ? {} : { replyTo: previous })
    }
    previous = (await ok(client.post('/v1/activities', body))).activity.id
  }
  await ok(client.patch(`/v1/activities/${previous}`, { title: 'edited' }), 200)
}

/** Everything the API shows of a workspace: every list, every record, every member's engagement. */
async function everything (client: Api): Promise<Record<string, unknown>> {
  const lists = {
    companies: await all(client, '/v1/companies', 'companies'),
    channels: await all(client, '/v1/channels', 'channels'),
    members: await all(client, '/v1/members', 'members'),
    membersByPulse: await all(client, '/v1/members?sort=-pulse', 'members'),
    activities: await all(client, '/v1/activities', 'activities'),
    activityTypes: await all(client, '/v1/activity-types', 'activityTypes')
  }
  const records = async (path: string, list: Array<Record<string, unknown>>, key: string) =>
    await Promise.all(list.map(async ({ id }) => (await client.get(`${path}/${String(id)}`)).json()[key]))
  const withoutWorkspace = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (key, v: unknown) => key === 'workspaceId' ? undefined : v)
  return withoutWorkspace({
    ...lists,
    settings: (await client.get('/v1/engagement-settings')).json(),
    identitySettings: (await client.get('/v1/identity-settings')).json(),
    memberRecords: await records('/v1/members', lists.members, 'member'),
    activityRecords: await records('/v1/activities', lists.activities, 'activity'),
    engagement: await Promise.all(lists.members.map(async ({ id }) => (await client.get(`/v1/members/${String(id)}/engagement`)).json())),
    timelines: await Promise.all(lists.members.map(async ({ id }) => await all(client, `/v1/activities/member/${String(id)}`, 'activities')))
  }) as Record<string, unknown>
}
