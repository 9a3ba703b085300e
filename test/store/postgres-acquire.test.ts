import assert from 'node:assert/strict'
import { createServer, type Socket } from 'node:net'
import { describe, test } from 'node:test'
import postgres from 'postgres'
import { connect, limitQueue, poolStats, reconnectDelay, statement, transaction } from '../../src/store/postgres/database.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { StoreUnavailableError } from '../../src/store/types.js'
import { postgresAvailable, postgresSchema } from '../support/helpers.js'

// How long an operation waits for a PostgreSQL connection (DATABASE_ACQUIRE_TIMEOUT_MS, src/store/postgres/database.ts
// watch): past it, a 503, having sent nothing, and what was answered 503 is never written later. Below the HTTP
// layer; test/process/postgres-outage.test.ts stops a real server under the service.

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms))

test('a connection tries again after at most half a second, however many attempts failed', () => {
  for (let failures = 0; failures < 200; failures++) {
    const delay = reconnectDelay(failures)
    assert.ok(delay > 0 && delay <= 0.5, `${delay} s after ${failures} failures`)
  }
  assert.ok(reconnectDelay(0) <= 0.01, 'the first attempt again is at once')
})

describe('waiting for a PostgreSQL connection', () => {
  test('a server that accepts connections and never answers: statements and transactions fail as unavailable within the bound', async (t) => {
    const sockets = new Set<Socket>()
    const silent = createServer((socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    t.after(async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    })
    const options = { poolSize: 2, statementTimeoutMs: 1000, acquireTimeoutMs: 300 }
    const pool = connect(`postgres://nobody@127.0.0.1:${(silent.address() as { port: number }).port}/none`, options)
    limitQueue(pool, options)
    t.after(async () => await pool.end({ timeout: 0 }))
    const select = statement('SELECT 1')
    const started = performance.now()
    const outcomes = await Promise.allSettled([
      select(pool), select(pool), select(pool),
      transaction(pool, async (tx) => await select(tx)), transaction(pool, async (tx) => await select(tx))
    ])
    const took = performance.now() - started
    for (const outcome of outcomes) {
      assert.equal(outcome.status, 'rejected')
      assert.ok(outcome.reason instanceof StoreUnavailableError, String(outcome.reason))
    }
    // 0.3 s, and what a loaded machine adds; postgres.js alone waits for its connect_timeout, 10 s here.
    assert.ok(took < 1500, `${Math.round(took)} ms`)
    assert.equal(poolStats(pool)?.abandoned, 5)
  })

  test('a server that refuses connections: every waiting operation fails as unavailable at the first refusal, not one an attempt', async (t) => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    await new Promise((resolve) => closed.close(resolve))
    const options = { poolSize: 1, statementTimeoutMs: 1000 }
    const pool = connect(`postgres://nobody@127.0.0.1:${port}/none`, options)
    limitQueue(pool, options)
    t.after(async () => await pool.end({ timeout: 0 }))
    const select = statement('SELECT 1')
    const started = performance.now()
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, async (_, i) =>
      i % 2 === 0 ? await select(pool) : await transaction(pool, async (tx) => await select(tx))))
    const took = performance.now() - started
    for (const outcome of outcomes) {
      assert.equal(outcome.status, 'rejected')
      assert.ok(outcome.reason instanceof StoreUnavailableError, String(outcome.reason))
      assert.equal(((outcome.reason as Error).cause as { code?: string }).code, 'ECONNREFUSED')
    }
    // One attempt for all; one each would take some 2.5 s (attempts 0.01, 0.03, 0.09, 0.27 s... apart).
    assert.ok(took < 1000, `${Math.round(took)} ms`)
    assert.equal(poolStats(pool)?.abandoned, 9)
    // The transactions that gave up stay queued in postgres.js, counted in flight, until an attempt fails them too.
    for (let i = 0; i < 100 && poolStats(pool)?.inFlight !== 0; i++) await sleep(50)
    assert.equal(poolStats(pool)?.inFlight, 0)
  })
})

describe('an operation that gave up its wait', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, () => {
  test('never writes later, when the connection frees; the pool serves the next operations', { timeout: 30_000 }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    await schema.sql`CREATE TABLE waited (id int PRIMARY KEY)`
    const options = { poolSize: 1, statementTimeoutMs: 5000, acquireTimeoutMs: 300 }
    const pool = connect(schema.url, options)
    limitQueue(pool, options)
    t.after(async () => await pool.end({ timeout: 1 }))
    const insert = statement('INSERT INTO waited (id) VALUES ($1)')
    const sleepOn = statement('SELECT pg_sleep($1)')
    await insert(pool, 1)
    // The pool's one connection is held by a transaction for 1.2 s: the writes below wait for it.
    const holding = transaction(pool, async (tx) => await sleepOn(tx, 1.2))
    await sleep(50)
    const started = performance.now()
    const waited = await Promise.allSettled([
      insert(pool, 2),
      transaction(pool, async (tx) => await insert(tx, 3)),
      transaction(pool, async (tx) => { await insert(tx, 4); await insert(tx, 5) })
    ])
    const took = performance.now() - started
    for (const outcome of waited) {
      assert.equal(outcome.status, 'rejected')
      assert.ok(outcome.reason instanceof StoreUnavailableError, String(outcome.reason))
      assert.match(String((outcome.reason as Error).cause), /no connection to the database within 300 ms/)
    }
    assert.ok(took < 1000, `${Math.round(took)} ms`)
    await holding
    // The transactions' BEGINs ran once the connection was free, and rolled back with nothing of their work.
    await insert(pool, 6)
    for (let i = 0; i < 50 && poolStats(pool)?.inFlight !== 0; i++) await sleep(20)
    assert.equal(poolStats(pool)?.inFlight, 0)
    assert.equal(poolStats(pool)?.abandoned, 3)
    assert.deepEqual((await schema.sql<Array<{ id: number }>>`SELECT id FROM waited ORDER BY id`).map(({ id }) => id), [1, 6])
  })

  test('readiness fails within 0.75 s when the database does not answer it, and passes again after', { timeout: 30_000 }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 1, statementTimeoutMs: 5000 })
    t.after(async () => await store.close())
    // The pool's one connection is held for 1.5 s: the probe's statement waits for it.
    const holding = store.atomically(async () => await sleep(1500))
    await sleep(50)
    const started = performance.now()
    await assert.rejects(store.ping(), StoreUnavailableError)
    const took = performance.now() - started
    assert.ok(took >= 700 && took < 1250, `${Math.round(took)} ms`)
    await holding
    await store.ping()
  })

  test('postgres.js: a query cancelled while its connection opens leaves the connection to the pool (patches/postgres+3.4.9.patch)', async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const sql = postgres(schema.url, { max: 1, onnotice: () => {} })
    t.after(async () => await sql.end({ timeout: 1 }))
    // The first query of a pool opens its connection; cancelled meanwhile, it is never sent.
    const first = sql`SELECT 1 AS x`
    first.then(() => {}, () => {})
    await new Promise((resolve) => setImmediate(resolve))
    first.cancel()
    await assert.rejects(first, { code: '57014' })
    const next = await Promise.race([sql<Array<{ x: number }>>`SELECT 2 AS x`, sleep(5000).then(() => 'the pool\'s one connection is held for good')])
    assert.deepEqual(Array.isArray(next) ? [...next] : next, [{ x: 2 }])
  })
})
