import assert from 'node:assert/strict'
import { connect, type AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { describe, test, type TestContext } from 'node:test'
import type { InjectOptions } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import type { Store } from '../../src/store/types.js'
import { api, authHeader, createMember, newWorkspace, recordOf, signJwt, testStores, TEST_SECRET, tokenFor } from '../support/helpers.js'

// No leaks: answers never carry stack traces, SQL, file paths or library names, even for a failure deep in
// the store; the log never carries a token or the secret, whatever the request; every answer carries the
// security headers of a JSON API.

const [sqlite] = testStores()
const INTERNALS = new RegExp([
  String.raw`\bat .+\(`, 'node_modules', String.raw`/work/`, String.raw`/src/`, String.raw`\.[cm]?[tj]s:\d`, String.raw`\w+Error\b`,
  String.raw`\bFST_`, String.raw`\bERR_`, 'sqlite', 'postgres', 'fastify', String.raw`\bajv\b`, 'typebox', String.raw`\bjose\b`, String.raw`\bpino\b`,
  String.raw`SELECT\s`, String.raw`INSERT\s`, String.raw`UPDATE\s`, String.raw`DELETE\s+FROM`, 'syntax error', 'stack'
].join('|'), 'i')

const SQL_FAILURE = 'SQLITE_ERROR: near "SELEC": syntax error in SELECT * FROM members (/work/main/src/store/sqlite/members.ts:42)'

/**
 * A real store whose member reads fail as a broken database does, with SQL and a path in the message; its
 * company reads fail with an error that also claims to be a 400, as some libraries' errors do.
 */
function failing (store: Store): Store {
  return {
    ...store,
    members: { ...store.members, get: async () => { throw new Error(SQL_FAILURE) } },
    companies: { ...store.companies, get: async () => { throw Object.assign(new Error(SQL_FAILURE), { statusCode: 400 }) } }
  }
}

async function appWith (t: TestContext, env: Record<string, string> = {}) {
  let log = ''
  const logStream = new Writable({ write (chunk, _encoding, done) { log += String(chunk); done() } })
  const store = await sqlite!.open()
  const app = await buildApp({
    config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'trace', ...env }),
    store: failing(store),
    logStream
  })
  t.after(async () => {
    await app.close()
    await store.close()
  })
  return { app, log: () => log }
}

/** Requests that fail every way an API request can, on behalf of `token` and with it in the query string. */
function badRequests (token: string): InjectOptions[] {
  const headers = { authorization: `Bearer ${token}` }
  const json = { ...headers, 'content-type': 'application/json' }
  const q = `access_token=${token}`
  return [
    { method: 'POST', url: `/v1/companies?${q}`, headers: json, payload: '{"name":' },
    { method: 'POST', url: '/v1/companies', headers: json, payload: '' },
    { method: 'POST', url: '/v1/companies', headers: json, payload: '{"name":"a","employees":1e309}' },
    { method: 'POST', url: '/v1/companies', headers: json, payload: '{"name":"a","employees":123456789012345678901234567890}' },
    { method: 'POST', url: '/v1/companies', headers: json, payload: '{"name":5,"tags":"x","foundedAt":true}' },
    { method: 'POST', url: '/v1/companies', headers: json, payload: '{"__proto__":{"x":1},"name":"a"}' },
    { method: 'POST', url: '/v1/companies', headers: json, payload: '{"name":"a","name":"b","constructor":{"prototype":{}}}' },
    { method: 'POST', url: '/v1/companies', headers: json, payload: JSON.stringify({ name: "'; DROP TABLE companies; --", employees: -1 }) },
    { method: 'POST', url: `/v1/companies?${q}`, headers: json, payload: `{"name":"${'x'.repeat(1024 * 1024)}"}` },
    { method: 'POST', url: `/v1/companies?${q}`, headers: { ...headers, 'content-type': 'text/html' }, payload: '<b>' },
    { method: 'POST', url: '/v1/companies', headers: { ...headers, 'content-type': 'application/json; charset=utf-16' }, payload: '{}' },
    { method: 'GET', url: `/v1/activities?page=abc&pageSize=1e3&since=yesterday&${q}`, headers },
    { method: 'GET', url: '/v1/activities?page=99999999999999999999999&pageSize=-0', headers },
    { method: 'GET', url: '/v1/companies/%E0%A4%A', headers },
    { method: 'GET', url: `/v1/companies/${token}`, headers },
    { method: 'GET', url: `/v1/nothing/here?${q}`, headers },
    { method: 'PUT', url: `/v1/companies?${q}`, headers },
    { method: 'GET', url: `/v1/companies?${q}`, headers: { authorization: `Bearer ${token.slice(0, -2)}` } },
    { method: 'GET', url: '/v1/companies', headers: { authorization: 'Bearer a.b.c' } },
    { method: 'GET', url: `/v1/members/${newWorkspace()}?${q}`, headers },
    { method: 'GET', url: `/v1/companies/${newWorkspace()}?token=${token}`, headers }
  ]
}

/** Sends a workspace's requests (its token in the query string too) until one is refused with a 429. */
async function untilLimited (app: Awaited<ReturnType<typeof appWith>>['app'], token: string) {
  for (let i = 0; i < 100; i++) {
    const res = await app.inject({ method: 'GET', url: `/v1/companies?access_token=${token}`, headers: { authorization: `Bearer ${token}` } })
    if (res.statusCode === 429) return res
  }
  throw new Error('never rate limited')
}

describe('no leaks in answers', () => {
  test('a failure inside the store is a bare 500 envelope; its cause is logged for the operator', async (t) => {
    const { app, log } = await appWith(t)
    const res = await app.inject({ method: 'GET', url: `/v1/members/${newWorkspace()}`, headers: authHeader(newWorkspace()) })
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), { code: 'INTERNAL', error: 'Internal error' })
    assert.match(log(), /SQLITE_ERROR/)
  })

  test('a store error that claims a 4xx does not get its message through', async (t) => {
    const { app } = await appWith(t)
    const res = await app.inject({ method: 'GET', url: `/v1/companies/${newWorkspace()}`, headers: authHeader(newWorkspace()) })
    assert.deepEqual(res.json(), { code: 'BAD_REQUEST', error: 'Invalid request' })
  })

  test('no failing request is answered with internals, in its body or its headers', async (t) => {
    const { app } = await appWith(t, { RATE_LIMIT_BURST: '40' })
    const statuses = new Set<number>()
    const token = tokenFor(newWorkspace())
    for (const request of [...badRequests(token), 'until limited'] as const) {
      const res = request === 'until limited' ? await untilLimited(app, token) : await app.inject(request)
      const what = `${typeof request === 'string' ? request : `${request.method} ${request.url?.toString().slice(0, 60)}`}: ${res.statusCode} ${res.body}`
      statuses.add(res.statusCode)
      assert.ok(res.statusCode >= 400, what)
      assert.deepEqual(Object.keys(res.json()).filter((key) => key !== 'details'), ['code', 'error'], what)
      assert.doesNotMatch(res.body, INTERNALS, what)
      assert.doesNotMatch(JSON.stringify(res.headers), INTERNALS, what)
    }
    assert.deepEqual([...statuses].sort(), [400, 401, 404, 405, 413, 415, 429, 500], 'every kind of failure was met')
  })

  test('the answers of Node\'s HTTP parser (431, 400) hold no internals either', async (t) => {
    const { app } = await appWith(t)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    for (const bytes of [`GET /v1/members HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 'GET / HTTP/9\r\n\r\n', '\x00\x01\x02\r\n\r\n']) {
      const answer = await rawAnswer(port, bytes)
      assert.match(answer, /^HTTP\/1\.1 4\d\d /)
      assert.doesNotMatch(answer, INTERNALS, answer)
    }
  })
})

describe('no tokens or secrets in the log', () => {
  test('at trace level, for good, bad and misplaced tokens, failing requests and a 500', async (t) => {
    const { app, log } = await appWith(t, { RATE_LIMIT_BURST: '40' })
    const workspaceId = newWorkspace()
    const good = tokenFor(workspaceId)
    const forged = signJwt({ workspaceId }, { secret: 'another-secret-of-at-least-thirty-two-bytes' })
    for (const token of [good, forged]) {
      await app.inject({ method: 'GET', url: '/v1/companies', headers: { authorization: `Bearer ${token}` } })
      await app.inject({ method: 'GET', url: `/v1/companies?page=1&access_token=${token}`, headers: { authorization: `Bearer ${token}` } })
      await app.inject({ method: 'POST', url: '/v1/companies', headers: { authorization: `Bearer ${token}` }, payload: { name: token } })
      for (const request of badRequests(token)) await app.inject(request)
    }
    await untilLimited(app, good)
    const text = log()
    assert.match(text, /"statusCode":500/)
    assert.match(text, /"statusCode":429/)
    for (const secret of [good, forged, TEST_SECRET, good.split('.')[2]!, forged.split('.')[2]!]) {
      assert.equal(text.includes(secret), false, `the log holds ${secret.slice(0, 12)}...`)
    }
    assert.doesNotMatch(text, /bearer/i)
  })
})

for (const store of testStores()) {
  describe(`no personal data in the log (${store.name})`, () => {
    test('a member looked up by every filter, in paths and by credential-named parameters, then erased: nothing of it in the log', async (t) => {
      let log = ''
      const logStream = new Writable({ write (chunk, _encoding, done) { log += String(chunk); done() } })
      const opened = await store.open()
      const app = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'trace', RATE_LIMIT_PER_MINUTE: '0' }), store: opened, logStream })
      t.after(async () => {
        await app.close()
        await opened.close()
      })
      const workspaceId = newWorkspace()
      const client = api(app, workspaceId)
      // A marker in every piece of personal data: found anywhere in the log, in any case, something leaked.
      const marker = Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
      const name = `Lovelace${marker}`
      const domain = `ada-${marker}.dev`
      const email = `Ada.King+${marker}@${domain}`
      const phone = `+44 20 7946 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`
      const member = await createMember(client, { firstName: 'Ada', lastName: name, primaryEmail: email, phones: [phone] })
      // The member's email made a company named after its domain (docs/identity.md): personal data too.
      const companies = (await client.get('/v1/companies')).json() as { companies: Array<{ id: string, name: string }> }
      assert.deepEqual(companies.companies.map((company) => company.name), [domain])
      recordOf(await client.post('/v1/activities', { memberId: member.id, activityTypeKey: 'message', externalId: phone, source: name }), 201, 'activity')

      const encoded = encodeURIComponent
      /** Every character percent-encoded, as a client may send it. */
      const everyChar = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')
      const searches = [
        `/v1/members?email=${encoded(email)}`,
        `/v1/members?email=${email.toLowerCase().replace('+', '%2B')}`,
        `/v1/members?email=${everyChar(email)}&page=1`,
        `/v1/members?q=${encoded(name)}&pageSize=20`,
        `/v1/members?q=Ada+${name}`,
        `/v1/members?q=${everyChar(`ada ${name.toLowerCase()}`)}`,
        `/v1/members?q=${encoded(email.slice(0, 12))}`,
        `/v1/members?sort=${name}&minLevel=${name}&companyId=${encoded(email)}&activeSince=${name}`,
        `/v1/members?phone=${encoded(phone)}&name=${name}`,
        `/v1/members?page=1&passwd=${name}&session=${name}&sig=${name}&code=${name}&access_token=${name}`,
        `/v1/members/${encoded(email)}`,
        `/v1/members/${email}`,
        `/v1/members/${encoded(email)}%E0`,
        `/v1/members/by-email/${name}`,
        `/v1/companies?domain=${domain}&q=${encoded(domain)}`,
        `/v1/activities?externalId=${encoded(phone)}&source=${name}`,
        `/v1/activities/member/${member.id}?externalId=${everyChar(phone)}`,
        `/v1/channels?q=${name}`,
        `/v1/activity-types?q=${name.toLowerCase()}`
      ]
      for (const url of searches) {
        const res = await client.get(url)
        assert.ok(res.statusCode < 500, `${url}: ${res.statusCode} ${res.body}`)
      }
      // What says nothing of a person is still logged as sent: ids, paging, sort orders, instants.
      const kept = `/v1/members?page=2&pageSize=20&sort=-pulse&companyId=${companies.companies[0]!.id}&activeSince=2026-01-01T00:00:00%2B01:00`
      assert.equal((await client.get(kept)).statusCode, 200)
      assert.equal((await client.get(`/v1/members/${member.id}`)).statusCode, 200)
      assert.equal((await client.delete(`/v1/members/${member.id}`)).statusCode, 200)

      const lines = log.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { url?: string })
      const urls = lines.map((line) => line.url).filter((url) => url !== undefined)
      assert.ok(urls.length >= searches.length + 3, 'a line per request')
      assert.ok(urls.includes(kept), kept)
      assert.ok(urls.includes(`/v1/members/${member.id}`))
      assert.ok(urls.includes('/v1/members?email=[redacted]'))
      assert.ok(urls.includes('/v1/members?q=[redacted]&pageSize=20'))
      assert.ok(urls.includes('/v1/members/[redacted]'))
      for (const leaked of [marker, everyChar(marker), everyChar(phone), encoded(phone), phone, phone.replaceAll(' ', '+'), phone.replaceAll(' ', '')]) {
        assert.equal(log.toLowerCase().includes(leaked.toLowerCase()), false, `the log holds ${leaked}: ${urls.join('\n')}`)
      }
    })
  })
}

describe('security headers', () => {
  test('every answer forbids sniffing, framing and loading anything; /v1 answers are never cached', async (t) => {
    // One request a minute: the second is refused however long the first takes (a token every 10 ms by default).
    const { app } = await appWith(t, { RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_BURST: '1' })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const headers = authHeader(newWorkspace())
    const answers = [
      await app.inject({ method: 'GET', url: '/v1/members', headers }),
      await app.inject({ method: 'GET', url: '/v1/members', headers }),
      await app.inject({ method: 'GET', url: '/v1/members' }),
      await app.inject({ method: 'GET', url: '/healthz' }),
      await app.inject({ method: 'GET', url: '/nothing' })
    ].map((res) => ({ status: res.statusCode, headers: res.headers as Record<string, unknown> }))
    answers.push(parseHead(await rawAnswer(port, `GET /v1/members HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)))
    assert.deepEqual(answers.map(({ status }) => status), [200, 429, 401, 200, 404, 431])
    for (const { status, headers } of answers) {
      assert.equal(headers['x-content-type-options'], 'nosniff', `${status}`)
      assert.equal(headers['content-security-policy'], "default-src 'none';frame-ancestors 'none'", `${status}`)
      assert.equal(headers['x-frame-options'], 'DENY', `${status}`)
      assert.equal(headers['referrer-policy'], 'no-referrer', `${status}`)
      assert.match(String(headers['strict-transport-security']), /max-age=/, `${status}`)
      assert.equal(headers['x-powered-by'], undefined, `${status}`)
      assert.equal(headers.server, undefined, `${status}`)
    }
    for (const { status, headers } of [...answers.slice(0, 3), answers[5]!]) assert.equal(headers['cache-control'], 'no-store', `${status}`)
  })
})

/** Sends raw bytes to a real port; the answer once the server closes the connection. */
async function rawAnswer (port: number, bytes: string): Promise<string> {
  return await new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes))
    let answer = ''
    socket.on('data', (data) => { answer += data.toString() })
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

function parseHead (answer: string): { status: number, headers: Record<string, unknown> } {
  const [statusLine, ...lines] = answer.slice(0, answer.indexOf('\r\n\r\n')).split('\r\n')
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
  return { status: Number(statusLine!.split(' ')[1]), headers }
}
