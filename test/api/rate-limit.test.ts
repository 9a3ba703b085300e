import assert from 'node:assert/strict'
import { describe, test, type TestContext } from 'node:test'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { RateLimiter } from '../../src/http/plugins/rate-limit.js'
import { authHeader, newWorkspace, testStores, TEST_SECRET, tokenFor } from '../support/helpers.js'

// Overload: per-workspace token buckets (429 with Retry-After and RateLimit-*).

const [sqlite] = testStores()

async function appWith (t: TestContext, env: Record<string, string>) {
  const clock = { now: 0 }
  const store = await sqlite!.open()
  const app = await buildApp({
    config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', ...env }),
    store,
    clock: () => clock.now
  })
  t.after(async () => {
    await app.close()
    await store.close()
  })
  return { app, clock }
}

describe('rate limiting per workspace', () => {
  test('a burst is allowed, the next request is a 429 with Retry-After, and the bucket refills at the set rate', async (t) => {
    const { app, clock } = await appWith(t, { RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_BURST: '5' })
    const workspaceId = newWorkspace()
    const get = async (ws = workspaceId) => await app.inject({ method: 'GET', url: '/v1/members', headers: authHeader(ws) })
    for (let i = 4; i >= 0; i--) {
      const res = await get()
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['ratelimit-limit'], '5')
      assert.equal(res.headers['ratelimit-remaining'], String(i))
    }
    const refused = await get()
    assert.equal(refused.statusCode, 429)
    assert.deepEqual(refused.json(), { code: 'RATE_LIMITED', error: 'Too many requests' })
    assert.equal(refused.headers['retry-after'], '1')
    assert.equal(refused.headers['ratelimit-remaining'], '0')
    assert.equal(refused.headers['ratelimit-reset'], '5')
    assert.equal((await get(newWorkspace())).statusCode, 200, 'another workspace has a bucket of its own')
    clock.now += 1000
    assert.equal((await get()).statusCode, 200, 'one request a second comes back')
    assert.equal((await get()).statusCode, 429)
    clock.now += 5000
    for (let i = 0; i < 5; i++) assert.equal((await get()).statusCode, 200)
  })

  test('a refused write changes nothing, and requests with bad tokens spend no workspace\'s tokens', async (t) => {
    const { app } = await appWith(t, { RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_BURST: '2' })
    const workspaceId = newWorkspace()
    const headers = authHeader(workspaceId)
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({ method: 'GET', url: '/v1/members', headers: { authorization: `Bearer ${tokenFor(workspaceId)}x` } })
      assert.equal(res.statusCode, 401)
    }
    assert.equal((await app.inject({ method: 'POST', url: '/v1/members', headers, payload: { firstName: 'A' } })).statusCode, 201)
    assert.equal((await app.inject({ method: 'GET', url: '/v1/members', headers })).json().totalMembers, 1)
    const refused = await app.inject({ method: 'POST', url: '/v1/members', headers, payload: { firstName: 'B' } })
    assert.equal(refused.statusCode, 429)
    const other = newWorkspace()
    assert.equal((await app.inject({ method: 'GET', url: '/v1/members', headers: authHeader(other) })).statusCode, 200)
  })

  test('RATE_LIMIT_PER_MINUTE=0 turns it off', async (t) => {
    const { app } = await appWith(t, { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_BURST: '1' })
    const headers = authHeader(newWorkspace())
    for (let i = 0; i < 20; i++) {
      const res = await app.inject({ method: 'GET', url: '/v1/members', headers })
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['ratelimit-limit'], undefined)
    }
  })

  test('on by default: 6,000 a minute with bursts of 1,000', () => {
    assert.deepEqual(loadConfig({}).rateLimit, { perMinute: 6000, burst: 1000 })
  })
})

// Unit tests: how many buckets are kept is not visible over HTTP, and 100,000 workspaces would be slow there.
describe('buckets in memory', () => {
  test('a workspace idle long enough to have refilled is forgotten', () => {
    const clock = { now: 0 }
    const limiter = new RateLimiter({ perMinute: 60, burst: 5, now: () => clock.now })
    for (let i = 0; i < 1000; i++) limiter.take(`ws-${i}`)
    clock.now = 999
    limiter.take('busy')
    assert.equal(limiter.size, 1001, 'a bucket still refilling is kept')
    clock.now = 1000
    limiter.take('busy')
    assert.equal(limiter.size, 1)
    assert.equal(limiter.take('ws-1').remaining, 4, 'a forgotten workspace starts full, as it would have been')
  })

  test('past maxBuckets the least recently seen is forgotten first', () => {
    const limiter = new RateLimiter({ perMinute: 60, burst: 2, now: () => 0, maxBuckets: 3 })
    for (const key of ['a', 'b', 'c', 'a', 'd']) limiter.take(key)
    assert.equal(limiter.size, 3)
    assert.equal(limiter.take('a').allowed, false, 'a was seen recently, so its empty bucket is kept')
    assert.equal(limiter.take('b').remaining, 1, 'b was forgotten')
  })
})

describe('settings', () => {
  test('rate limits are read and checked at start', () => {
    assert.deepEqual(loadConfig({ RATE_LIMIT_PER_MINUTE: '120', RATE_LIMIT_BURST: '20' }).rateLimit, { perMinute: 120, burst: 20 })
    for (const env of [{ RATE_LIMIT_PER_MINUTE: '-1' }, { RATE_LIMIT_BURST: '0' }, { RATE_LIMIT_BURST: 'many' }]) {
      assert.throws(() => loadConfig(env), /must be an integer/)
    }
  })
})
