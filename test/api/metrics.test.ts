import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { describe, test, type TestContext } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import {
  api, assertBadRequest, assertNotFound, assertUnauthorized, authHeader, buildTestApp, createCompany, createMember, newWorkspace, TEST_SECRET, testStores,
  tokenFor, type TestStore
} from '../support/helpers.js'

// GET /metrics: off unless METRICS_TOKEN (here, with the token) or METRICS_PORT (its own listener:
// test/process/metrics.test.ts) is set; what it counts, on both stores.

const TOKEN = 'metrics-token-for-the-tests-0123456789'
const scrapeHeaders = { authorization: `Bearer ${TOKEN}` }

async function metricsApp (t: TestContext, store: TestStore, env: Record<string, string> = { METRICS_TOKEN: TOKEN }) {
  let log = ''
  const logStream = new Writable({ write (chunk, _encoding, done) { log += String(chunk); done() } })
  const config = loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'trace', RATE_LIMIT_PER_MINUTE: '0', ...env })
  const opened = await store.open()
  const app = await buildApp({ config, store: opened, jwtSecret: TEST_SECRET, logStream })
  t.after(async () => {
    await app.close()
    await opened.close()
  })
  return { app, log: () => log }
}

interface Sample { name: string, labels: Record<string, string>, value: number }

/** The samples of a Prometheus text exposition. */
function parse (text: string): Sample[] {
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).map((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    assert.ok(match, `a sample line: ${line}`)
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1]!, label[2]!]))
    return { name: match[1]!, labels, value: Number(match[3]) }
  })
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function value (samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((sample) => sample.name === name &&
    Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted))
  assert.ok(found.length <= 1, `one sample of ${name} ${JSON.stringify(labels)}: ${JSON.stringify(found)}`)
  return found[0]?.value
}

async function scrape (app: FastifyInstance): Promise<Sample[]> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders })
  assert.equal(res.statusCode, 200, res.body)
  assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/)
  return parse(res.body)
}

describe('GET /metrics is off without METRICS_TOKEN or METRICS_PORT', () => {
  test('with neither, /metrics is a 404 like any unknown path', async (t) => {
    const app = await buildTestApp(t)
    assertNotFound(await app.inject({ method: 'GET', url: '/metrics' }))
    assertNotFound(await app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders }))
  })

  test('with METRICS_PORT, the API port does not serve it (its own listener does)', async (t) => {
    const [sqlite] = testStores()
    const { app } = await metricsApp(t, sqlite!, { METRICS_PORT: '0', METRICS_TOKEN: TOKEN })
    assertNotFound(await app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders }))
  })
})

for (const store of testStores()) {
  describe(`GET /metrics (${store.name})`, () => {
    test('answers 401 in the envelope without the metrics token: none, a wrong one, or a valid JWT', async (t) => {
      const { app } = await metricsApp(t, store)
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`, `Bearer ${tokenFor(newWorkspace())}`]) {
        const res = await app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } })
        assertUnauthorized(res)
        assert.equal(res.headers['www-authenticate'], 'Bearer realm="metrics"')
      }
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } })
      assert.equal(res.statusCode, 200)
    })

    test('counts requests by route pattern and status, never by raw URL, and not its own scrapes', async (t) => {
      const { app } = await metricsApp(t, store)
      const client = api(app, newWorkspace())
      const company = await createCompany(client)
      assert.equal((await client.get(`/v1/companies/${company.id}`)).statusCode, 200)
      assert.equal((await client.get(`/v1/companies/${company.id}`)).statusCode, 200)
      const missing = newWorkspace()
      assert.equal((await client.get(`/v1/companies/${missing}`)).statusCode, 404)
      assert.equal((await app.inject({ method: 'GET', url: `/nothing/${missing}` })).statusCode, 404)
      await scrape(app)
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders })
      const samples = parse(res.body)
      const requests = (labels: Record<string, string>) => value(samples, 'workspace_records_http_requests_total', labels)
      assert.equal(requests({ method: 'POST', route: '/v1/companies', status: '201' }), 1)
      assert.equal(requests({ method: 'GET', route: '/v1/companies/:id', status: '200' }), 2)
      assert.equal(requests({ method: 'GET', route: '/v1/companies/:id', status: '404' }), 1)
      assert.equal(requests({ method: 'GET', route: '(unmatched)', status: '404' }), 1)
      assert.ok(!res.body.includes(company.id) && !res.body.includes(missing), 'no raw URL in a label')
      assert.deepEqual(samples.filter((sample) => sample.labels.route === '/metrics'), [], 'scrapes are not counted')
    })

    test('a latency histogram by route, and the time spent in store operations', async (t) => {
      const { app } = await metricsApp(t, store)
      const client = api(app, newWorkspace())
      await createCompany(client)
      await client.get('/v1/companies')
      const samples = await scrape(app)
      const route = { method: 'POST', route: '/v1/companies' }
      assert.equal(value(samples, 'workspace_records_http_request_duration_seconds_count', route), 1)
      assert.equal(value(samples, 'workspace_records_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }), 1)
      assert.ok(value(samples, 'workspace_records_http_request_duration_seconds_sum', route)! > 0)
      const created = { operation: 'companies.create', outcome: 'ok' }
      assert.equal(value(samples, 'workspace_records_store_operation_duration_seconds_count', created), 1)
      assert.ok(value(samples, 'workspace_records_store_operation_duration_seconds_sum', created)! > 0)
      assert.equal(value(samples, 'workspace_records_store_operation_duration_seconds_count', { operation: 'companies.list', outcome: 'ok' }), 1)
      // Every operation is there from the start, at 0, so a dashboard's query has a series before the first call.
      assert.equal(value(samples, 'workspace_records_store_operation_duration_seconds_count', { operation: 'activities.remove', outcome: 'ok' }), 0)
    })

    test('a failed store operation is timed with outcome="error"', async (t) => {
      const { app } = await metricsApp(t, store)
      const client = api(app, newWorkspace())
      // A reference to no record: the store refuses the write.
      assert.equal((await client.post('/v1/activities', { activityTypeKey: 'note', memberId: newWorkspace() })).statusCode, 400)
      const samples = await scrape(app)
      assert.equal(value(samples, 'workspace_records_store_operation_duration_seconds_count', { operation: 'activities.put', outcome: 'error' }), 1)
    })

    test('timing the store leaves its clock a number: a createdAt in the future is still refused', async (t) => {
      const { app } = await metricsApp(t, store)
      const client = api(app, newWorkspace())
      const member = await createMember(client)
      const future = new Date(Date.now() + 3600_000).toISOString()
      const res = await client.post('/v1/activities', { activityTypeKey: 'note', memberId: member.id, createdAt: future })
      assertBadRequest(res, 'createdAt', 'must not be in the future')
    })

    test('the store\'s own numbers: write queue and checkpoints on SQLite, pool use and waits on PostgreSQL', async (t) => {
      const { app } = await metricsApp(t, store)
      const client = api(app, newWorkspace())
      // Opening the store wrote already (its upkeep at start): the five creates are counted from here.
      const writesBefore = value(await scrape(app), 'workspace_records_sqlite_writes_total')
      await Promise.all(Array.from({ length: 5 }, async () => await createCompany(client)))
      // The checkpointer runs every 50 ms on SQLite.
      await new Promise((resolve) => setTimeout(resolve, 200))
      const samples = await scrape(app)
      const metric = (name: string) => value(samples, `workspace_records_${name}`)
      if (store.name === 'sqlite') {
        assert.equal(metric('sqlite_write_queue_length'), 0)
        assert.ok(metric('sqlite_commits_total')! >= 1 && metric('sqlite_commits_total')! <= 5)
        assert.equal(metric('sqlite_writes_total')! - writesBefore!, 5)
        assert.ok(metric('sqlite_checkpoints_total')! >= 1)
        assert.ok(metric('sqlite_wal_pages')! >= 0)
        assert.equal(metric('sqlite_commit_holds_total'), 0)
        assert.equal(metric('sqlite_commit_hold_seconds_total'), 0)
        assert.equal(metric('sqlite_checkpoints_asked_total'), 0)
      } else {
        assert.equal(metric('postgres_pool_size'), 10)
        assert.equal(metric('postgres_operations_in_flight'), 0)
        assert.equal(metric('postgres_operations_refused_total'), 0)
        assert.equal(metric('postgres_operations_abandoned_total'), 0)
        assert.ok(metric('postgres_transactions_total')! >= 5)
        assert.ok(metric('postgres_transaction_wait_seconds_total')! > 0)
      }
    })

    test('process metrics, as prom-client collects them', async (t) => {
      const { app } = await metricsApp(t, store)
      const samples = await scrape(app)
      for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds']) {
        assert.ok(samples.some((sample) => sample.name === name), name)
      }
    })
  })
}

describe('GET /metrics beside the API', () => {
  const [sqlite] = testStores()

  test('is not rate limited by the workspace limiter', async (t) => {
    const { app } = await metricsApp(t, sqlite!, { METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_BURST: '1' })
    const headers = authHeader(newWorkspace())
    assert.equal((await app.inject({ method: 'GET', url: '/v1/companies', headers })).statusCode, 200)
    assert.equal((await app.inject({ method: 'GET', url: '/v1/companies', headers })).statusCode, 429)
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders })
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['ratelimit-limit'], undefined)
    }
  })

  test('is not in the OpenAPI document', async (t) => {
    const { app } = await metricsApp(t, sqlite!)
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> }
    assert.ok(Object.keys(document.paths).length > 0)
    assert.equal(document.paths['/metrics'], undefined)
  })

  test('the metrics token is never logged, right or wrong, in a header or the query string', async (t) => {
    const { app, log } = await metricsApp(t, sqlite!)
    const wrong = `${TOKEN}-wrong`
    await app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders })
    await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${wrong}` } })
    await app.inject({ method: 'GET', url: `/metrics?token=${TOKEN}`, headers: { authorization: `Bearer ${wrong}` } })
    await app.inject({ method: 'GET', url: `/v1/companies?access_token=${TOKEN}`, headers: { authorization: `Bearer ${TOKEN}` } })
    assert.ok(log().includes('"url":"/metrics'), 'the scrapes were logged (at debug)')
    assert.ok(!log().includes(TOKEN), log())
  })
})
