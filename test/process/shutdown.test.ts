import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import { before, describe, test } from 'node:test'
import { call, ensureBuilt, SECRET, startServer, tempDir, tokenCli } from '../support/process-support.js'

// SIGTERM under load: requests in flight finish, even for a client still downloading a large page slowly
// and one still uploading a body it was told to send (Expect: 100-continue); new connections are refused;
// the process exits 0 within 10 s.

before(ensureBuilt)

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms))

/** A raw connection that keeps everything it receives; reading can be paused to push back on the server. */
function rawClient (port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  const received: Buffer[] = []
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.on('data', (chunk) => received.push(chunk))
  socket.on('error', () => {})
  return { socket, closed, text: () => Buffer.concat(received).toString() }
}

function parseResponse (text: string): { status: number, body: string } {
  const head = text.indexOf('\r\n\r\n')
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1])
  const headers = text.slice(0, head)
  let body = text.slice(head + 4)
  if (/transfer-encoding: chunked/i.test(headers)) {
    let out = ''
    for (let at = 0; ;) {
      const eol = body.indexOf('\r\n', at)
      const size = parseInt(body.slice(at, eol), 16)
      if (size === 0 || Number.isNaN(size)) break
      out += body.slice(eol + 2, eol + 2 + size)
      at = eol + 2 + size + 2
    }
    body = out
  }
  return { status, body }
}

describe('SIGTERM under load', () => {
  test('a slow download and a 100-continue upload in flight both finish; new connections are refused; exit 0', async (t) => {
    const server = await startServer(t, { DATABASE_URL: `file:${join(tempDir(t), 'records.db')}`, JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '0' })
    const port = Number(new URL(server.url).port)
    const token = (await tokenCli(['--workspace', randomUUID()], { JWT_SECRET: SECRET })).stdout.trim()
    const { body: { member } } = await call(`${server.url}/v1/members`, token, 'POST', { firstName: 'Big' })
    // 100 activities of 60,000 characters: a page of about 6 MB, far more than the socket buffers hold.
    for (let i = 0; i < 100; i += 10) {
      await Promise.all(Array.from({ length: 10 }, async (_, k) =>
        assert.equal((await call(`${server.url}/v1/activities`, token, 'POST', { memberId: member.id, activityTypeKey: 'post', message: `${i + k}`.padEnd(60_000, 'x') })).status, 201)))
    }

    const download = rawClient(port)
    download.socket.write(`GET /v1/activities?pageSize=100 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`)
    download.socket.pause()
    const body = JSON.stringify({ firstName: 'Uploaded', lastName: 'x'.repeat(900) })
    const upload = rawClient(port)
    upload.socket.write(`POST /v1/members HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`)
    for (let i = 0; i < 100 && !upload.text().startsWith('HTTP/1.1 100'); i++) await sleep(20)
    assert.match(upload.text(), /^HTTP\/1.1 100 Continue/)
    await sleep(300)

    const stopped = Date.now()
    server.kill('SIGTERM')
    await sleep(300)
    // A new client: refused outright, or told 503 in the envelope.
    const late = await fetch(`${server.url}/v1/members`, { headers: { authorization: `Bearer ${token}` } })
      .then(async (res) => ({ status: res.status, body: await res.json() as { code?: string } }), (error: Error) => ({ status: 0, body: { code: String(error.cause ?? error) } }))
    assert.ok(late.status === 0 || (late.status === 503 && late.body.code === 'UNAVAILABLE'), JSON.stringify(late))

    // The upload's body arrives, slowly; the download is read, slowly.
    for (let i = 0; i < 3; i++) {
      upload.socket.write(body.slice((i * body.length) / 3, ((i + 1) * body.length) / 3))
      await sleep(200)
    }
    for (let i = 0; i < 20 && download.socket.readable; i++) {
      download.socket.resume()
      await sleep(20)
      download.socket.pause()
      await sleep(40)
    }
    download.socket.resume()
    for (let i = 0; i < 200 && !parseResponse(upload.text().replace(/^HTTP\/1.1 100 Continue\r\n\r\n/, '')).status; i++) await sleep(20)
    const uploaded = parseResponse(upload.text().replace(/^HTTP\/1.1 100 Continue\r\n\r\n/, ''))
    assert.equal(uploaded.status, 201, upload.text().slice(0, 300))
    assert.equal(JSON.parse(uploaded.body).member.firstName, 'Uploaded')

    assert.deepEqual(await server.exit, { code: 0, signal: null })
    assert.ok(Date.now() - stopped < 10_000, 'exited within 10 s')
    await download.closed
    const page = parseResponse(download.text())
    assert.equal(page.status, 200)
    const activities = JSON.parse(page.body).activities
    assert.equal(activities.length, 100, 'the whole page arrived')
    assert.equal(activities[0].message.length, 60_000)
  })
})
