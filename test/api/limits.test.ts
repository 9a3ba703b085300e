import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { describe, test } from 'node:test'
import { loadConfig } from '../../src/config.js'
import { api, authHeader, createMember, newWorkspace, listeningApp, tokenFor } from '../support/helpers.js'

// Requests too large, too slow or not HTTP at all, on a real port (Node's HTTP parser answers some of them
// before Fastify sees a request): each gets its status in the error envelope, or the connection is cut.

interface RawOptions {
  /** Pause between chunks, to send as slowly as a slow-loris client does. */
  pauseMs?: number
  /** Read nothing for this long after sending, as a client that stopped reading does. */
  stopReadingMs?: number
}

/** Raw bytes to a real port; the whole answer once the server closes the connection, and when that was. */
async function raw (port: number, chunks: Array<string | Buffer>, { pauseMs = 0, stopReadingMs = 0 }: RawOptions = {}) {
  const started = Date.now()
  return await new Promise<{ answer: Buffer, ms: number }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (data) => received.push(data))
    socket.on('close', () => resolve({ answer: Buffer.concat(received), ms: Date.now() - started }))
    socket.on('error', reject)
    socket.on('connect', async () => {
      if (stopReadingMs > 0) {
        socket.pause()
        setTimeout(() => socket.resume(), stopReadingMs)
      }
      for (const chunk of chunks) {
        if (socket.destroyed) return
        socket.write(chunk)
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
      }
    })
  })
}

/** Each response in a raw answer: its status and its JSON body (read by its Content-Length). */
function responses (answer: Buffer): Array<{ status: number, body: unknown }> {
  const found = []
  let rest = answer.toString('latin1')
  while (rest.length > 0) {
    const head = /^HTTP\/1\.1 (\d{3}) [^\r]*\r\n((?:[^\r]+\r\n)*)\r\n/i.exec(rest)
    assert.ok(head, `not an HTTP response: ${rest.slice(0, 200)}`)
    const length = Number(/^content-length: (\d+)/im.exec(head[2]!)?.[1])
    const body = rest.slice(head[0].length, head[0].length + length)
    found.push({ status: Number(head[1]), body: JSON.parse(body) })
    rest = rest.slice(head[0].length + length)
  }
  return found
}

const request = (lines: string[]) => lines.map((line) => `${line}\r\n`).join('') + '\r\n'
const postCompany = (workspaceId: string, headers: string[]) => request([
  'POST /v1/companies HTTP/1.1', 'Host: x', `Authorization: Bearer ${tokenFor(workspaceId)}`, 'Content-Type: application/json', ...headers
])

async function totalCompanies (port: number, workspaceId: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/companies`, { headers: authHeader(workspaceId) })
  return ((await res.json()) as { totalCompanies: number }).totalCompanies
}

const TOO_LARGE = { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', error: 'Payload too large' } }
const TIMED_OUT = { status: 408, body: { code: 'REQUEST_TIMEOUT', error: 'Request timeout' } }

describe('bodies over 1 MiB: 413 in the envelope, and nothing is stored', () => {
  test('a Content-Length over the limit is refused before the body is read', async (t) => {
    const { port } = await listeningApp(t)
    const workspaceId = newWorkspace()
    const { answer } = await raw(port, [postCompany(workspaceId, [`Content-Length: ${1024 * 1024 + 1}`]), '{"name":"x"}'])
    assert.deepEqual(responses(answer), [TOO_LARGE])
    assert.equal(await totalCompanies(port, workspaceId), 0)
  })

  test('a chunked body with no Content-Length is counted as it arrives', async (t) => {
    const { port } = await listeningApp(t)
    const workspaceId = newWorkspace()
    const json = Buffer.from(`{"name":"x","tags":["${'a'.repeat(1024 * 1024)}"]}`)
    const { answer } = await raw(port, [
      postCompany(workspaceId, ['Transfer-Encoding: chunked', 'Connection: close']),
      `${json.length.toString(16)}\r\n`, json, '\r\n0\r\n\r\n'
    ])
    assert.deepEqual(responses(answer), [TOO_LARGE])
    assert.equal(await totalCompanies(port, workspaceId), 0)
  })

  test('a Content-Length that understates the body: the body is cut there, and the rest is not a request', async (t) => {
    const { port } = await listeningApp(t)
    const workspaceId = newWorkspace()
    const { answer } = await raw(port, [postCompany(workspaceId, ['Content-Length: 5']), `{"name":"${'a'.repeat(2 * 1024 * 1024)}"}`])
    const answers = responses(answer)
    assert.ok(answers.length > 0 && answers.every(({ status, body }) => status === 400 && (body as { code: string }).code === 'BAD_REQUEST'), answer.toString())
    assert.equal(await totalCompanies(port, workspaceId), 0)
  })
})

describe('headers', () => {
  test('headers over 16 KiB: 431 in the envelope', async (t) => {
    const { port } = await listeningApp(t)
    const { answer } = await raw(port, [request(['GET /v1/members HTTP/1.1', 'Host: x', `X-Big: ${'a'.repeat(20_000)}`])])
    assert.deepEqual(responses(answer), [{ status: 431, body: { code: 'HEADERS_TOO_LARGE', error: 'Request header fields too large' } }])
  })

  test('bytes that are not HTTP: 400 in the envelope', async (t) => {
    const { port } = await listeningApp(t)
    const { answer } = await raw(port, ['NOT HTTP AT ALL\r\n\r\n'])
    assert.deepEqual(responses(answer), [{ status: 400, body: { code: 'BAD_REQUEST', error: 'Invalid request' } }])
  })
})

describe('slow clients are cut off', () => {
  test('headers not in within HEADERS_TIMEOUT_MS, or a body not in within REQUEST_TIMEOUT_MS: 408 and the connection closed', async (t) => {
    const { port } = await listeningApp(t, { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' })
    const workspaceId = newWorkspace()
    // Each sender would take 6 s; Node looks for expired requests once a second.
    const slowly = { pauseMs: 300 }
    const [silent, slowHeaders, slowBody, shortBody] = await Promise.all([
      raw(port, []),
      raw(port, ['GET /v1/members HTTP/1.1\r\n', ...Array.from({ length: 20 }, (_, i) => `X-${i}: 1\r\n`)], slowly),
      raw(port, [postCompany(workspaceId, ['Content-Length: 100']), '{"name":"slow"', ...Array.from({ length: 20 }, () => ' ')], slowly),
      raw(port, [postCompany(workspaceId, ['Content-Length: 500']), '{"name":"short"}'])
    ])
    for (const [name, { answer, ms }, limit] of [
      ['silent', silent, 1000], ['slow headers', slowHeaders, 1000], ['slow body', slowBody, 2000], ['short body', shortBody, 2000]
    ] as const) {
      assert.deepEqual(responses(answer), [TIMED_OUT], `${name}: ${answer.toString()}`)
      assert.ok(ms >= limit && ms < limit + 2500, `${name}: cut off after ${ms} ms`)
    }
    assert.equal(await totalCompanies(port, workspaceId), 0)
  })

  test('a client that stops reading its answer is disconnected after CONNECTION_TIMEOUT_MS', async (t) => {
    const { app, port } = await listeningApp(t, { CONNECTION_TIMEOUT_MS: '1000' })
    const workspaceId = newWorkspace()
    const client = api(app, workspaceId)
    const member = await createMember(client)
    // An answer of about 5 MB: far more than the socket buffers hold for a reader that reads nothing.
    for (let i = 0; i < 50; i++) {
      assert.equal((await client.post('/v1/activities', { memberId: member.id, activityTypeKey: 'note', message: 'm'.repeat(100_000) })).statusCode, 201)
    }
    const get = request(['GET /v1/activities?pageSize=50 HTTP/1.1', 'Host: x', `Authorization: Bearer ${tokenFor(workspaceId)}`, 'Connection: close'])
    const whole = (await raw(port, [get])).answer.length
    assert.ok(whole > 5_000_000)
    const stalled = await raw(port, [get], { stopReadingMs: 3000 })
    assert.ok(stalled.answer.length < whole, `got ${stalled.answer.length} of ${whole} bytes`)
  })
})

describe('settings', () => {
  test('timeouts are read and checked at start', () => {
    const config = loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '2000', KEEP_ALIVE_TIMEOUT_MS: '10000', CONNECTION_TIMEOUT_MS: '20000' })
    assert.deepEqual([config.requestTimeoutMs, config.headersTimeoutMs, config.keepAliveTimeoutMs, config.connectionTimeoutMs], [5000, 2000, 10000, 20000])
    assert.equal(loadConfig({ REQUEST_TIMEOUT_MS: '5000' }).headersTimeoutMs, 5000, 'the headers timeout follows a shorter request timeout')
    for (const env of [{ REQUEST_TIMEOUT_MS: '10' }, { KEEP_ALIVE_TIMEOUT_MS: 'soon' }, { CONNECTION_TIMEOUT_MS: '0' }, { REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' }]) {
      assert.throws(() => loadConfig(env), /must be an integer/)
    }
  })
})
