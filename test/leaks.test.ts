import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { describe, test, type TestContext } from 'node:test'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import type { Store } from '../src/store/types.js'
import { authHeader, newWorkspace, signJwt, testStores, TEST_SECRET, tokenFor } from './helpers.js'

// No leaks: answers never carry stack traces, SQL, file paths or library names, even for a failure deep in
// the store; the log never carries a token or the secret, whatever the request.

const [sqlite] = testStores()
const INTERNALS = /\bat .+\(|node_modules|\/work\/|\/src\/|\.[tj]s:\d|sqlite|postgres|fastify|ajv|pino|SELECT |INSERT |UPDATE |DELETE FROM|syntax error|stack/i

/** A real store whose member reads fail the way a broken database does, with SQL and paths in the message. */
function failingMembers (store: Store): Store {
  const error = new Error('SQLITE_ERROR: near "SELEC": syntax error in SELECT * FROM members (/work/main/src/store/sqlite/members.ts:42)')
  return { ...store, members: { ...store.members, get: async () => { throw error } } }
}

async function appWith (t: TestContext) {
  let log = ''
  const logStream = new Writable({ write (chunk, _encoding, done) { log += String(chunk); done() } })
  const store = await sqlite!.open()
  const app = await buildApp({
    config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'trace' }),
    store: failingMembers(store),
    logStream
  })
  t.after(async () => {
    await app.close()
    await store.close()
  })
  return { app, log: () => log }
}

describe('no leaks', () => {
  test('a failure inside the store is a bare 500 envelope', async (t) => {
    const { app, log } = await appWith(t)
    const res = await app.inject({ method: 'GET', url: `/v1/members/${newWorkspace()}`, headers: authHeader(newWorkspace()) })
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), { code: 'INTERNAL', error: 'Internal error' })
    assert.match(log(), /SQLITE_ERROR/, 'the cause is in the log, for the operator')
  })

  test('no bad request is answered with internals', async (t) => {
    const { app } = await appWith(t)
    const headers = authHeader(newWorkspace())
    const requests = [
      { method: 'POST', url: '/v1/companies', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"name":' },
      { method: 'POST', url: '/v1/companies', headers: { ...headers, 'content-type': 'text/html' }, payload: '<b>' },
      { method: 'POST', url: '/v1/companies', headers: { ...headers, 'content-type': 'application/json' }, payload: '' },
      { method: 'POST', url: '/v1/companies', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"name":"a","employees":1e309}' },
      { method: 'POST', url: '/v1/companies', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1},"name":"a"}' },
      { method: 'POST', url: '/v1/companies', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"name":"a","name":"b","constructor":{"prototype":{}}}' },
      { method: 'POST', url: '/v1/companies', headers, payload: { name: "'; DROP TABLE companies; --", employees: -1 } },
      { method: 'POST', url: '/v1/companies', headers: { ...headers, 'content-type': 'application/json' }, payload: 'x'.repeat(1024 * 1024 + 10) },
      { method: 'GET', url: '/v1/activities?page=abc&pageSize=1e3&since=yesterday', headers },
      { method: 'GET', url: '/v1/companies/%E0%A4%A', headers },
      { method: 'GET', url: '/v1/nothing/here', headers },
      { method: 'PUT', url: '/v1/companies', headers },
      { method: 'GET', url: '/v1/companies', headers: { authorization: 'Bearer a.b.c' } }
    ] as const
    for (const request of requests) {
      const res = await app.inject(request as never)
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${request.method} ${request.url}: ${res.statusCode}`)
      assert.doesNotMatch(res.body, INTERNALS, `${request.method} ${request.url}: ${res.body}`)
      assert.ok(['code', 'error'].every((key) => key in res.json()))
    }
  })

  test('the log never holds a token or the secret: not from headers, query strings or failures', async (t) => {
    const { app, log } = await appWith(t)
    const workspaceId = newWorkspace()
    const good = tokenFor(workspaceId)
    const forged = signJwt({ workspaceId }, { secret: 'another-secret-of-at-least-thirty-two-bytes' })
    await app.inject({ method: 'GET', url: '/v1/companies', headers: { authorization: `Bearer ${good}` } })
    await app.inject({ method: 'GET', url: '/v1/companies', headers: { authorization: `Bearer ${forged}` } })
    await app.inject({ method: 'GET', url: `/v1/companies?access_token=${good}&page=1`, headers: { authorization: `Bearer ${good}` } })
    await app.inject({ method: 'GET', url: `/v1/companies/${good}`, headers: { authorization: `Bearer ${good}` } })
    await app.inject({ method: 'GET', url: `/v1/members/${newWorkspace()}?token=${good}`, headers: { authorization: `Bearer ${good}` } })
    await app.inject({ method: 'POST', url: '/v1/companies', headers: { authorization: `Bearer ${good}` }, payload: { name: good } })
    const text = log()
    assert.ok(text.length > 0)
    for (const secret of [good, forged, TEST_SECRET, good.split('.')[2]!, forged.split('.')[2]!]) {
      assert.equal(text.includes(secret), false, `the log holds ${secret.slice(0, 12)}...`)
    }
    assert.doesNotMatch(text, /bearer/i)
  })
})
