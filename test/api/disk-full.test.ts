import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { chownSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { describe, test, type TestContext } from 'node:test'
import type { FastifyInstance } from 'fastify'
import postgres from 'postgres'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import type { Store } from '../../src/store/types.js'
import { api, authHeader, postgresSchema, TEST_SECRET, testStores, type Response } from '../support/helpers.js'
import { smallDisk, smallDiskSkip, type SmallDisk } from '../support/small-disk.js'

// A database on a small file system that fills: every write the database has no room for answers 503 UNAVAILABLE
// with Retry-After, in the envelope, and changes nothing; reads, /healthz and the data are as before; /readyz
// says not ready; the refusals are counted in a metric and logged as one warning, never a stack per request;
// once room is made, writes succeed again. SQLite's file, and PostgreSQL's tables (a tablespace), are put on a
// tmpfs of a few MiB (test/support/small-disk.ts).

const METRICS_TOKEN = 'metrics-token-for-the-disk-full-tests-0123'
const REFUSED = { code: 'UNAVAILABLE', error: 'Service unavailable' }

/** A store whose database lives on a small disk, made as each store puts its data on a file system of its choice. */
interface Placed {
  store: Store
  disk: SmallDisk
  close: () => Promise<void>
}

const placements: Record<string, () => Promise<Placed | string>> = {
  // The database file, its log and the log's index, in the folder of the small disk. A small log limit makes the
  // writer ask the checkpointer for checkpoints, which fail once the disk is full.
  async sqlite () {
    const disk = smallDisk(4)
    const store = await openSqliteStore(join(disk.dir, 'records.db'), { synchronous: 'normal', logLimitPages: 64 })
    return {
      store,
      disk,
      async close () {
        await store.close()
        disk.unmount()
      }
    }
  },
  // Every table and index of the store in a tablespace on the small disk, through the connection's run-time setting
  // default_tablespace (a parameter of the URL). The server must be on this machine, to reach the folder.
  async postgres () {
    const schema = await postgresSchema()
    const [{ data_directory: data } = { data_directory: '' }] = await schema.sql<Array<{ data_directory: string }>>`SELECT current_setting('data_directory') AS data_directory`
    if (!existsSync(join(data, 'PG_VERSION'))) {
      await schema.drop()
      return 'the test PostgreSQL server is not on this machine: a tablespace on a small disk here cannot be made for it'
    }
    const disk = smallDisk(8)
    const location = join(disk.dir, 'tablespace')
    mkdirSync(location)
    const owner = statSync(data)
    chownSync(location, owner.uid, owner.gid)
    const tablespace = `small_disk_${randomUUID().replaceAll('-', '')}`
    let store: Store | undefined
    const close = async () => {
      await store?.close()
      await schema.drop()
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} })
      await admin.unsafe(`DROP TABLESPACE IF EXISTS ${tablespace}`)
      await admin.end()
      disk.unmount()
    }
    try {
      await schema.sql.unsafe(`CREATE TABLESPACE ${tablespace} LOCATION '${location}'`)
      const url = new URL(schema.url)
      url.searchParams.set('default_tablespace', tablespace)
      store = await openPostgresStore(url.toString(), { poolSize: 4, statementTimeoutMs: 10_000 })
      return { store, disk, close }
    } catch (error) {
      await close()
      throw error
    }
  }
}

interface App {
  app: FastifyInstance
  store: Store
  disk: SmallDisk
  /** The log lines written so far, parsed. */
  log: () => Array<Record<string, unknown>>
}

async function appOnSmallDisk (t: TestContext, storeName: string): Promise<App | undefined> {
  const placed = await placements[storeName]!()
  if (typeof placed === 'string') {
    t.skip(placed)
    return undefined
  }
  let text = ''
  const logStream = new Writable({ write (chunk, _encoding, done) { text += String(chunk); done() } })
  const config = loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0', METRICS_TOKEN })
  const app = await buildApp({ config, store: placed.store, jwtSecret: TEST_SECRET, logStream }).catch(async (error: unknown) => {
    await placed.close()
    throw error
  })
  t.after(async () => {
    await app.close()
    await placed.close()
  })
  const log = () => text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>)
  return { app, store: placed.store, disk: placed.disk, log }
}

function assertRefused (res: Response): void {
  assert.equal(res.statusCode, 503, res.body)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  assert.deepEqual(res.json(), REFUSED)
  assert.equal(res.headers['retry-after'], '30')
}

async function refusedTotal (app: FastifyInstance): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  assert.equal(res.statusCode, 200, res.body)
  const line = res.body.split('\n').find((sample) => sample.startsWith('workspace_records_store_writes_refused_total{reason="disk_full"} '))
  assert.ok(line !== undefined, 'the refusals are a metric, by reason')
  return Number(line.split(' ')[1])
}

for (const store of testStores()) {
  describe(`a full disk (${store.name})`, { skip: smallDiskSkip }, () => {
    test('writes answer 503 with Retry-After and change nothing, reads go on, /readyz says why; freed, writes succeed again', async (t) => {
      const opened = await appOnSmallDisk(t, store.name)
      if (opened === undefined) return
      const { app, disk, log } = opened
      const workspace = randomUUID()
      const client = api(app, workspace)
      const company = (await client.post('/v1/companies', { name: 'Before' })).json().company as { id: string }
      assert.ok(company.id)

      // Filled; then what room the database still had inside its files is used up by writes that succeed.
      disk.fill()
      let accepted = 1
      let refused = 0
      for (let i = 0; refused < 5; i++) {
        assert.ok(i < 2000, 'writes are refused once the disk is full')
        const res = await client.post('/v1/companies', { name: `Filler ${i} ${'x'.repeat(900)}` })
        if (res.statusCode === 201) {
          accepted++
          refused = 0
        } else {
          assertRefused(res)
          refused++
        }
      }

      // While full: writes of every kind, alone and together (one SQLite group commit), each refused the same way.
      const writes = await Promise.all([
        ...Array.from({ length: 12 }, async (_, i) => await client.post('/v1/companies', { name: `Burst ${i} ${'y'.repeat(900)}` })),
        ...Array.from({ length: 4 }, async (_, i) => await client.post('/v1/members', { firstName: `Burst ${i} ${'z'.repeat(900)}` })),
        client.post('/v1/companies/bulk', { companies: Array.from({ length: 50 }, (_, i) => ({ name: `Bulk ${i} ${'w'.repeat(900)}` })) })
      ])
      for (const res of writes) assertRefused(res)
      const keyed = () => app.inject({
        method: 'POST',
        url: '/v1/members',
        headers: { ...authHeader(workspace), 'idempotency-key': 'while-full' },
        payload: { firstName: `Keyed ${'k'.repeat(900)}` }
      })
      assertRefused(await keyed())
      const refusedSoFar = writes.length + 6

      // Reads, liveness and the data are as they were.
      const list = await client.get('/v1/companies?pageSize=10')
      assert.equal(list.statusCode, 200, list.body)
      assert.equal(list.json().totalCompanies, accepted)
      assert.equal((await client.get(`/v1/companies/${company.id}`)).statusCode, 200)
      assert.equal((await client.get('/v1/members')).json().totalMembers, 0)
      assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200)
      const ready = await app.inject({ method: 'GET', url: '/readyz' })
      assert.equal(ready.statusCode, 503, ready.body)
      const readyBody = ready.json() as { code: string, details: Array<{ field: string, message: string }> }
      assert.equal(readyBody.code, 'UNAVAILABLE')
      assert.equal(readyBody.details[0]?.field, 'database')
      assert.match(readyBody.details[0]!.message, /^refuses writes for lack of room \(disk_full\) since \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
      assert.ok(await refusedTotal(app) >= refusedSoFar, 'every refusal is counted')

      // One warning (more only if the refusals went on for over 10 s), and no stack or error line.
      const lines = log()
      const warnings = lines.filter((line) => line.msg === 'the database has no room: requests refused with 503 and Retry-After')
      assert.ok(warnings.length >= 1 && warnings.length <= 3, JSON.stringify(warnings))
      assert.equal(warnings[0]!.level, 40)
      assert.equal(warnings[0]!.reason, 'disk_full')
      assert.equal(warnings[0]!.refused, 1)
      assert.equal(typeof warnings[0]!.detail, 'string')
      assert.deepEqual(lines.filter((line) => Number(line.level) >= 50), [])
      assert.ok(!JSON.stringify(lines).includes('"stack"'), 'no stack in the log')

      // A keyed request the validator refuses gets its 400 though the database may have no room to keep it with
      // the key (a write that small may still fit, on SQLite): the same request gets the same answer again.
      const invalid = () => app.inject({
        method: 'POST',
        url: '/v1/members',
        headers: { ...authHeader(workspace), 'idempotency-key': 'invalid-while-full' },
        payload: { firstName: 1 }
      })
      const invalidAnswer = await invalid()
      assert.equal(invalidAnswer.statusCode, 400, invalidAnswer.body)
      assert.equal(invalidAnswer.json().code, 'BAD_REQUEST')

      // Room made: writes succeed again, the keyed request runs (its 503 was not kept), and readiness is back.
      disk.free()
      const after = await client.post('/v1/companies', { name: 'After' })
      assert.equal(after.statusCode, 201, after.body)
      const retried = await keyed()
      assert.equal(retried.statusCode, 201, retried.body)
      assert.equal(retried.headers['idempotent-replayed'], undefined)
      const replayed = await keyed()
      assert.equal(replayed.statusCode, 201, replayed.body)
      assert.equal(replayed.headers['idempotent-replayed'], 'true')
      const invalidAgain = await invalid()
      assert.equal(invalidAgain.statusCode, 400)
      assert.equal(invalidAgain.body, invalidAnswer.body)
      assert.deepEqual((await app.inject({ method: 'GET', url: '/readyz' })).json(), { status: 'ok' })
      assert.equal((await client.get('/v1/companies')).json().totalCompanies, accepted + 1)
      assert.equal((await client.get('/v1/members')).json().totalMembers, 1)
      assert.deepEqual(log().filter((line) => Number(line.level) >= 50), [])
    })
  })
}
