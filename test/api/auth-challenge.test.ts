import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { describe, test, type TestContext } from 'node:test'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { assertUnauthorized, signJwt, TEST_SECRET, testStores, type TestStore } from '../support/helpers.js'

// A 401 says why, twice: to the client in WWW-Authenticate (RFC 6750), so it can tell an expired token from a
// wrong key, and to the operator in the request's log line, as a reason code. Neither ever holds the token.

/** The app as production builds it, logging at info into `lines`. */
async function loggingApp (t: TestContext, store: TestStore) {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write (chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    }
  })
  const opened = await store.open()
  const app = await buildApp({
    config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0' }),
    store: opened,
    logStream: stream
  })
  t.after(async () => {
    await app.close()
    await opened.close()
  })
  return { app, lines }
}

const now = () => Math.floor(Date.now() / 1000)
const workspaceId = randomUUID()
const valid = { workspaceId, exp: now() + 3600 }

// [what, Authorization header, reason in the log, WWW-Authenticate]
const CASES: Array<[string, string | undefined, string, string]> = [
  ['no Authorization header', undefined, 'missing_token', 'Bearer'],
  ['another scheme', 'Basic YWRhOnNlY3JldA==', 'not_bearer', 'Bearer'],
  ['"Bearer" and no token', 'Bearer', 'malformed_header', 'Bearer error="invalid_request", error_description="The Authorization header is not \'Bearer <token>\'"'],
  ['two words after Bearer', 'Bearer abc def', 'malformed_header', 'Bearer error="invalid_request", error_description="The Authorization header is not \'Bearer <token>\'"'],
  ['a token that is not a JWT', 'Bearer not-a-jwt', 'malformed_token', 'Bearer error="invalid_token", error_description="The token is not a well-formed JWT"'],
  ['an expired token', `Bearer ${signJwt({ workspaceId, exp: now() - 3600 })}`, 'expired', 'Bearer error="invalid_token", error_description="The token expired"'],
  ['a token signed with another key', `Bearer ${signJwt(valid, { secret: 'another-secret-of-at-least-thirty-two-bytes' })}`, 'bad_signature',
    'Bearer error="invalid_token", error_description="The signature does not match the key"'],
  ['a token not valid yet', `Bearer ${signJwt({ ...valid, nbf: now() + 3600 })}`, 'not_yet_valid', 'Bearer error="invalid_token", error_description="The token is not valid yet (nbf)"'],
  ['a token without workspaceId', `Bearer ${signJwt({ exp: now() + 3600 })}`, 'missing_claim', 'Bearer error="invalid_token", error_description="The token has no workspaceId claim"'],
  ['a workspaceId that is not a uuid', `Bearer ${signJwt({ workspaceId: 'acme', exp: now() + 3600 })}`, 'invalid_claim',
    'Bearer error="invalid_token", error_description="The workspaceId claim is not a uuid"'],
  ['alg none', `Bearer ${signJwt(valid, { header: { alg: 'none', typ: 'JWT' } })}`, 'algorithm_not_allowed',
    'Bearer error="invalid_token", error_description="The token\'s algorithm is not accepted"']
]

for (const store of testStores()) {
  describe(`401 answers say why (${store.name})`, () => {
    test('each kind of failure gets its WWW-Authenticate challenge and a log line with its reason, never the token', async (t) => {
      const { app, lines } = await loggingApp(t, store)
      for (const [what, authorization, reason, challenge] of CASES) {
        const before = lines.length
        const res = await app.inject({ method: 'GET', url: '/v1/members', headers: authorization === undefined ? {} : { authorization } })
        assertUnauthorized(res)
        assert.equal(res.headers['www-authenticate'], challenge, what)
        const logged = lines.slice(before).filter((line) => line.statusCode === 401)
        assert.equal(logged.length, 1, `${what}: one request line`)
        assert.equal(logged[0]!.authFailure, reason, what)
        const token = authorization?.split(' ').at(-1)
        if (token !== undefined && token.length > 8) {
          assert.ok(!JSON.stringify(lines.slice(before)).includes(token), `${what}: the log holds no token`)
        }
      }
    })

    test('a request that authenticates gets no challenge and no reason in its log line', async (t) => {
      const { app, lines } = await loggingApp(t, store)
      const res = await app.inject({ method: 'GET', url: '/v1/members', headers: { authorization: `Bearer ${signJwt(valid)}` } })
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['www-authenticate'], undefined)
      const line = lines.find((entry) => entry.statusCode === 200)
      assert.equal(line?.workspaceId, workspaceId)
      assert.equal('authFailure' in (line ?? {}), false)
    })

    test('every /v1 operation answers a missing token with a bare Bearer challenge', async (t) => {
      const { app } = await loggingApp(t, store)
      const id = randomUUID()
      for (const [method, url] of [['POST', '/v1/companies'], ['GET', `/v1/companies/${id}`], ['PATCH', `/v1/members/${id}`],
        ['DELETE', `/v1/activities/${id}`], ['GET', `/v1/activities/member/${id}`], ['PATCH', `/v1/channels/${id}`]] as const) {
        const res = await app.inject({ method, url, payload: method === 'POST' || method === 'PATCH' ? {} : undefined })
        assertUnauthorized(res)
        assert.equal(res.headers['www-authenticate'], 'Bearer', `${method} ${url}`)
      }
    })
  })
}
