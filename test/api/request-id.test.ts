import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { describe, test, type TestContext } from 'node:test'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import type { Store } from '../../src/store/types.js'
import { authHeader, newWorkspace, TEST_SECRET, testStores, UUID } from '../support/helpers.js'

// X-Request-Id: the caller's when sane, a fresh uuid otherwise; echoed on every answer, errors included, and in
// every log line of the request. The request log: probes quiet at info, a 400's line naming its fields.

const [sqlite] = testStores()

/** An app on SQLite whose log is kept; its company reads fail as a broken database does (a 500). */
async function appWithLog (t: TestContext, level = 'info') {
  const lines: Array<Record<string, unknown>> = []
  const logStream = new Writable({
    write (chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    }
  })
  const store = await sqlite!.open()
  const failing: Store = { ...store, companies: { ...store.companies, get: async () => { throw new Error('the disk is on fire') } } }
  const app = await buildApp({
    config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: level, RATE_LIMIT_PER_MINUTE: '0' }),
    store: failing,
    jwtSecret: TEST_SECRET,
    logStream
  })
  t.after(async () => {
    await app.close()
    await store.close()
  })
  return { app, lines }
}

const requestLines = (lines: Array<Record<string, unknown>>) => lines.filter((line) => line.msg === 'request')

describe('X-Request-Id', () => {
  test('a sane id is honoured and echoed, on success and on every kind of error', async (t) => {
    const { app } = await appWithLog(t)
    const headers = authHeader(newWorkspace())
    const answers = [
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'probe-1' } }),
      await app.inject({ method: 'GET', url: '/v1/members', headers: { ...headers, 'x-request-id': 'Ab0._:-z' } }),
      await app.inject({ method: 'GET', url: '/v1/members', headers: { 'x-request-id': 'no-token' } }),
      await app.inject({ method: 'POST', url: '/v1/members', headers: { ...headers, 'x-request-id': 'bad-body' }, payload: { bogus: 1 } }),
      await app.inject({ method: 'GET', url: '/nothing', headers: { 'x-request-id': 'unknown-path' } }),
      await app.inject({ method: 'PUT', url: '/v1/members', headers: { ...headers, 'x-request-id': 'wrong-method' } }),
      await app.inject({ method: 'GET', url: '/v1/companies/%E0%A4%A', headers: { ...headers, 'x-request-id': 'bad-url' } }),
      await app.inject({ method: 'GET', url: `/v1/companies/${newWorkspace()}`, headers: { ...headers, 'x-request-id': 'server-error' } }),
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x'.repeat(128) } })
    ]
    assert.deepEqual(answers.map((res) => [res.statusCode, res.headers['x-request-id']]), [
      [200, 'probe-1'], [200, 'Ab0._:-z'], [401, 'no-token'], [400, 'bad-body'], [404, 'unknown-path'], [405, 'wrong-method'],
      [404, 'bad-url'], [500, 'server-error'], [200, 'x'.repeat(128)]
    ])
  })

  test('an id that is not sane (too long, empty, other characters, repeated) is replaced by a uuid', async (t) => {
    const { app, lines } = await appWithLog(t)
    for (const id of ['x'.repeat(129), '', 'a b', 'a/b', 'a"b', '{"level":60}', 'é', ['one', 'two']]) {
      const res = await app.inject({ method: 'GET', url: '/v1/members', headers: { 'x-request-id': id } })
      assert.equal(res.statusCode, 401)
      assert.match(String(res.headers['x-request-id']), UUID, JSON.stringify(id))
    }
    assert.equal(requestLines(lines).length, 8)
    for (const line of requestLines(lines)) assert.match(String(line.requestId), UUID)
  })

  test('without one, each request gets a fresh uuid', async (t) => {
    const { app } = await appWithLog(t)
    const ids = await Promise.all([1, 2, 3].map(async () => (await app.inject({ method: 'GET', url: '/healthz' })).headers['x-request-id']))
    for (const id of ids) assert.match(String(id), UUID)
    assert.equal(new Set(ids).size, 3)
  })

  test('is in every log line of the request, a failure\'s too', async (t) => {
    const { app, lines } = await appWithLog(t)
    const headers = authHeader(newWorkspace())
    await app.inject({ method: 'GET', url: `/v1/companies/${newWorkspace()}`, headers: { ...headers, 'x-request-id': 'fails-1' } })
    await app.inject({ method: 'GET', url: '/v1/members', headers: { ...headers, 'x-request-id': 'ok-2' } })
    const failed = lines.filter((line) => line.requestId === 'fails-1')
    assert.deepEqual(failed.map((line) => [line.level, line.msg]), [[50, 'request failed'], [30, 'request']])
    assert.deepEqual(lines.filter((line) => line.requestId === 'ok-2').map((line) => line.statusCode), [200])
    // Every line written while serving a request names it (the start-up lines name none).
    assert.deepEqual(lines.filter((line) => 'url' in line || 'err' in line).filter((line) => !('requestId' in line)), [])
  })
})

describe('the request log', () => {
  test('/healthz and /readyz are not logged at info; at debug they are', async (t) => {
    const { app, lines } = await appWithLog(t, 'info')
    for (const url of ['/healthz', '/readyz', '/healthz']) assert.equal((await app.inject({ method: 'GET', url })).statusCode, 200)
    await app.inject({ method: 'GET', url: '/nothing' })
    // A path segment that is no word of the routes, nor an id, is the client's own text: redacted (docs/security.md).
    assert.deepEqual(requestLines(lines).map((line) => line.url), ['/[redacted]'])

    const debug = await appWithLog(t, 'debug')
    for (const url of ['/healthz', '/readyz']) await debug.app.inject({ method: 'GET', url })
    assert.deepEqual(requestLines(debug.lines).map((line) => [line.level, line.url]), [[20, '/healthz'], [20, '/readyz']])
  })

  test('a 400\'s line names the fields that were wrong, never their values', async (t) => {
    const { app, lines } = await appWithLog(t)
    const headers = authHeader(newWorkspace())
    await app.inject({ method: 'POST', url: '/v1/members', headers, payload: { firstName: 'Ada', secretField: 'a-value-to-keep-out-of-logs' } })
    await app.inject({ method: 'POST', url: '/v1/activities', headers, payload: { activityTypeKey: 'note', memberId: newWorkspace() } })
    await app.inject({ method: 'GET', url: '/v1/members?pageSize=abc', headers })
    await app.inject({ method: 'GET', url: '/v1/members', headers })
    assert.deepEqual(requestLines(lines).map((line) => [line.statusCode, line.invalidFields]),
      [[400, ['secretField']], [400, ['memberId']], [400, ['pageSize']], [200, undefined]])
    assert.ok(!JSON.stringify(lines).includes('a-value-to-keep-out-of-logs'))
  })
})
