import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { describe, test, type TestContext } from 'node:test'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { authHeader, newWorkspace, testStores, TEST_SECRET, tokenFor } from './helpers.js'

// Overload: per-workspace token buckets (429 with Retry-After and RateLimit-*), the body limit, and requests
// that are too large or too slow for Node's HTTP parser, answered in the envelope on a real port.

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

describe('security headers', () => {
  test('every answer forbids sniffing, framing and loading anything; /v1 answers are never cached', async (t) => {
    const { app } = await appWith(t, {})
    for (const res of [
      await app.inject({ method: 'GET', url: '/v1/members', headers: authHeader(newWorkspace()) }),
      await app.inject({ method: 'GET', url: '/v1/members' }),
      await app.inject({ method: 'GET', url: '/healthz' })
    ]) {
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
      assert.equal(res.headers['content-security-policy'], "default-src 'none';frame-ancestors 'none'")
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN')
      assert.equal(res.headers['x-powered-by'], undefined)
      assert.match(String(res.headers['strict-transport-security']), /max-age=/)
    }
    const v1 = await app.inject({ method: 'GET', url: '/v1/members', headers: authHeader(newWorkspace()) })
    assert.equal(v1.headers['cache-control'], 'no-store')
  })
})

/** Raw bytes to a real port; the whole answer, once the server closes the connection. */
async function raw (port: number, chunks: Array<string | Buffer>, { pauseMs = 0 } = {}): Promise<string> {
  return await new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (data) => { answer += data.toString() })
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        socket.write(chunk)
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
      }
    })
  })
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))

describe('requests too large or too slow, on a real port', () => {
  async function listening (t: TestContext, env: Record<string, string> = {}) {
    const { app } = await appWith(t, env)
    await app.listen({ port: 0, host: '127.0.0.1' })
    return (app.server.address() as AddressInfo).port
  }

  test('headers over 16 KiB: 431 in the envelope', async (t) => {
    const port = await listening(t)
    const answer = await raw(port, [`GET /v1/members HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`])
    assert.match(answer, /^HTTP\/1.1 431 /)
    assert.deepEqual(bodyOf(answer), { code: 'HEADERS_TOO_LARGE', error: 'Request header fields too large' })
  })

  test('bytes that are not HTTP: 400 in the envelope', async (t) => {
    const port = await listening(t)
    const answer = await raw(port, ['NOT HTTP AT ALL\r\n\r\n'])
    assert.match(answer, /^HTTP\/1.1 400 /)
    assert.deepEqual(bodyOf(answer), { code: 'BAD_REQUEST', error: 'Invalid request' })
  })

  test('a chunked body over 1 MiB with no Content-Length: 413, and nothing is created', async (t) => {
    const port = await listening(t)
    const workspaceId = newWorkspace()
    const chunk = Buffer.from(`"${'a'.repeat(64 * 1024)}",`)
    const chunks: Array<string | Buffer> = [
      `POST /v1/companies HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokenFor(workspaceId)}\r\n` +
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n'
    ]
    const json = Buffer.concat([Buffer.from('{"name":"x","tags":['), ...Array.from({ length: 20 }, () => chunk), Buffer.from('"b"]}')])
    chunks.push(`${json.length.toString(16)}\r\n`, json, '\r\n0\r\n\r\n')
    const answer = await raw(port, chunks)
    assert.match(answer, /^HTTP\/1.1 413 /)
    assert.equal(bodyOf(answer).code, 'PAYLOAD_TOO_LARGE')
    const list = await fetch(`http://127.0.0.1:${port}/v1/companies`, { headers: authHeader(workspaceId) })
    assert.equal(((await list.json()) as { totalCompanies: number }).totalCompanies, 0)
  })

  test('a client that sends its request too slowly is cut off with a 408 (REQUEST_TIMEOUT_MS)', async (t) => {
    const port = await listening(t, { REQUEST_TIMEOUT_MS: '1000' })
    const started = Date.now()
    const answer = await raw(port, ['GET /v1/members HTTP/1.1\r\n', 'Host: x\r\n', 'X-A: 1\r\n', 'X-B: 2\r\n', 'X-C: 3\r\n', 'X-D: 4\r\n'], { pauseMs: 600 })
    assert.match(answer, /^HTTP\/1.1 408 /)
    assert.deepEqual(bodyOf(answer), { code: 'REQUEST_TIMEOUT', error: 'Request timeout' })
    assert.ok(Date.now() - started < 4000, 'cut off within the timeout and one check interval')
  })
})

describe('settings', () => {
  test('timeouts and rate limits are read and checked at start', () => {
    const config = loadConfig({ REQUEST_TIMEOUT_MS: '5000', KEEP_ALIVE_TIMEOUT_MS: '10000', RATE_LIMIT_PER_MINUTE: '120', RATE_LIMIT_BURST: '20' })
    assert.deepEqual([config.requestTimeoutMs, config.keepAliveTimeoutMs, config.rateLimit], [5000, 10000, { perMinute: 120, burst: 20 }])
    for (const env of [{ REQUEST_TIMEOUT_MS: '10' }, { RATE_LIMIT_PER_MINUTE: '-1' }, { RATE_LIMIT_BURST: '0' }, { KEEP_ALIVE_TIMEOUT_MS: 'soon' }]) {
      assert.throws(() => loadConfig(env), /must be an integer/)
    }
  })
})
