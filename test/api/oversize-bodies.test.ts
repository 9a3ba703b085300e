import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { describe, test } from 'node:test'
import { authHeader, newWorkspace, listeningApp, tokenFor } from '../support/helpers.js'

// A client that sends a body over the limit, all of it, and only then reads, must read the 413: the server reads
// and drops the rest of the body before it closes, rather than closing with bytes unread (which makes the kernel
// answer with a reset that reaches the client as EPIPE or ECONNRESET, often before it has read the answer). On a
// real port, many such clients at once, slow ones among them, with ordinary requests going on meanwhile.

const MiB = 1024 * 1024

interface Sending {
  /** The body's bytes, sent as they are (already chunk-framed for a chunked request). */
  body: Buffer
  /** Bytes per write; with pauseMs, a slow sender. */
  chunkBytes: number
  pauseMs?: number
}

/**
 * Sends the head and the whole body, reading nothing until the last byte is written (as curl does), then reads
 * until the server closes. Rejects with the socket's error (EPIPE, ECONNRESET): what a client sees when its
 * answer is lost.
 */
async function sendAllThenRead (port: number, head: string, { body, chunkBytes, pauseMs = 0 }: Sending): Promise<string> {
  return await new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    socket.pause()
    const received: Buffer[] = []
    socket.on('data', (data) => received.push(data))
    socket.on('error', reject)
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')))
    const send = async () => {
      await write(socket, head)
      for (let at = 0; at < body.length && !socket.destroyed; at += chunkBytes) {
        await write(socket, body.subarray(at, at + chunkBytes))
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
      }
      // Everything sent: now the client reads, and closes its side once the server has closed its.
      socket.resume()
      socket.end()
    }
    socket.on('connect', () => { send().catch(reject) })
  })
}

/** Writes a chunk; when the socket's buffer is full, waits until it drains (or closes). */
async function write (socket: Socket, chunk: Buffer | string): Promise<void> {
  if (socket.write(chunk)) return
  await new Promise<void>((resolve) => {
    const done = () => {
      socket.off('drain', done)
      socket.off('close', done)
      resolve()
    }
    socket.on('drain', done)
    socket.on('close', done)
  })
}

interface Sent {
  answer: string
  /** Bytes of the body written before the connection closed. */
  written: number
  ms: number
  /** The socket's error, if it ended with one (EPIPE, ECONNRESET once the server cuts it off). */
  error?: string
}

/**
 * Sends the head, then `next()`'s chunks for as long as the connection takes them, reading all the while; what
 * was read and written once it closes.
 */
async function sendUntilClosed (port: number, head: string, next: () => Buffer, pauseMs = 0): Promise<Sent> {
  const started = Date.now()
  return await new Promise((resolve, reject) => {
    // Half-open allowed: the server's FIN after its answer does not end this side too; it goes on sending.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
    const received: Buffer[] = []
    let written = 0
    let error: string | undefined
    socket.on('data', (data) => received.push(data))
    socket.on('error', (e: NodeJS.ErrnoException) => { error = e.code })
    socket.on('close', () => resolve({ answer: Buffer.concat(received).toString('latin1'), written, ms: Date.now() - started, error }))
    const send = async () => {
      await write(socket, head)
      while (!socket.destroyed && socket.writable) {
        const chunk = next()
        written += chunk.length
        await write(socket, chunk)
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
      }
    }
    socket.on('connect', () => { send().catch(reject) })
  })
}

const TOO_LARGE = { code: 'PAYLOAD_TOO_LARGE', error: 'Payload too large' }
const UNAUTHORIZED = { code: 'UNAUTHORIZED', error: 'Authentication failed' }

/** The single answer: `status` with `body`, and Connection: close. */
function assertAnswer (answer: string, what: string, status = 413, body: unknown = TOO_LARGE): void {
  const head = /^HTTP\/1\.1 (\d{3}) [^\r]*\r\n((?:[^\r]+\r\n)*)\r\n/.exec(answer)
  assert.ok(head, `${what}: not an HTTP response: ${answer.slice(0, 200)}`)
  assert.equal(Number(head[1]), status, what)
  assert.match(head[2]!, /^connection: close\r$/im, what)
  const length = Number(/^content-length: (\d+)/im.exec(head[2]!)?.[1])
  assert.deepEqual(JSON.parse(answer.slice(head[0].length, head[0].length + length)), body, what)
  assert.equal(answer.length, head[0].length + length, `${what}: one answer only`)
}

/** A JSON body of `bytes` bytes (a bulk body whose only item is as long as it takes). */
const jsonOf = (bytes: number, items: string | undefined) => {
  const open = items === undefined ? '{"name":"' : `{"${items}":[{"name":"`
  const close = items === undefined ? '"}' : '"}]}'
  return Buffer.from(open + 'a'.repeat(bytes - open.length - close.length) + close)
}

/** A body framed as chunks of at most chunkBytes, with the last chunk. */
function chunked (json: Buffer, chunkBytes: number): Buffer {
  const parts: Buffer[] = []
  for (let at = 0; at < json.length; at += chunkBytes) {
    const part = json.subarray(at, at + chunkBytes)
    parts.push(Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from('0\r\n\r\n'))
  return Buffer.concat(parts)
}

const headOf = (path: string, workspaceId: string, framing: string, token = tokenFor(workspaceId)) => [
  `POST ${path} HTTP/1.1`, 'Host: x', `Authorization: Bearer ${token}`, 'Content-Type: application/json', framing
].map((line) => `${line}\r\n`).join('') + '\r\n'

describe('a body over the limit is answered 413, and the client reads it, however many send at once', () => {
  test('bulk bodies over 16 MiB and single bodies over 1 MiB, by Content-Length and chunked, fast and slow, beside ordinary requests', async (t) => {
    const { port } = await listeningApp(t)
    const workspaceId = newWorkspace()
    const bulk = jsonOf(16 * MiB + 256 * 1024, 'companies')
    const single = jsonOf(MiB + 64 * 1024, undefined)
    const bulkChunked = chunked(bulk, 64 * 1024)
    const singleChunked = chunked(single, 16 * 1024)
    type Case = [string, string, Sending]
    const cases: Case[] = []
    for (let round = 0; round < 6; round++) {
      cases.push(
        ['bulk, Content-Length', headOf('/v1/companies/bulk', workspaceId, `Content-Length: ${bulk.length}`), { body: bulk, chunkBytes: 256 * 1024 }],
        ['bulk, chunked', headOf('/v1/companies/bulk', workspaceId, 'Transfer-Encoding: chunked'), { body: bulkChunked, chunkBytes: 256 * 1024 }],
        ['single, Content-Length', headOf('/v1/companies', workspaceId, `Content-Length: ${single.length}`), { body: single, chunkBytes: 64 * 1024 }],
        ['single, chunked', headOf('/v1/companies', workspaceId, 'Transfer-Encoding: chunked'), { body: singleChunked, chunkBytes: 64 * 1024 }],
        // Slow senders: small writes with pauses, so the server decides long before they are done.
        ['single, Content-Length, slow', headOf('/v1/companies', workspaceId, `Content-Length: ${single.length}`), { body: single, chunkBytes: 16 * 1024, pauseMs: 5 }],
        ['single, chunked, slow', headOf('/v1/companies', workspaceId, 'Transfer-Encoding: chunked'), { body: singleChunked, chunkBytes: 16 * 1024, pauseMs: 5 }],
        ['bulk, Content-Length, slow', headOf('/v1/members/bulk', workspaceId, `Content-Length: ${bulk.length}`), { body: bulk, chunkBytes: 512 * 1024, pauseMs: 20 }]
      )
    }

    // Ordinary requests all along, which must be served as usual.
    const load = { running: true }
    const ordinary = async () => {
      let served = 0
      while (load.running) {
        const res = await fetch(`http://127.0.0.1:${port}/v1/companies`, {
          method: 'POST', headers: { ...authHeader(workspaceId), 'content-type': 'application/json' }, body: JSON.stringify({ name: `ordinary ${served}` })
        })
        assert.equal(res.status, 201, await res.text())
        served++
      }
      return served
    }
    const others = [ordinary(), ordinary()]

    // Eight clients at a time.
    const failures: string[] = []
    let next = 0
    const client = async () => {
      while (next < cases.length) {
        const [what, head, body] = cases[next++]!
        try {
          assertAnswer(await sendAllThenRead(port, head, body), what)
        } catch (error) {
          failures.push(`${what}: ${(error as Error).message}`)
        }
      }
    }
    await Promise.all(Array.from({ length: 8 }, client))
    load.running = false
    const served = await Promise.all(others)
    assert.deepEqual(failures, [], `${failures.length} of ${cases.length} clients did not read their 413`)
    assert.ok(served.every((count) => count > 0))
    // Nothing of the refused bodies was written.
    const list = await fetch(`http://127.0.0.1:${port}/v1/companies`, { headers: authHeader(workspaceId) })
    assert.equal(((await list.json()) as { totalCompanies: number }).totalCompanies, served[0]! + served[1]!)
  })
})

describe('the rest of the body is read for a while, not for ever', () => {
  test('a client that keeps sending is cut off once about 64 MiB more have come; it read its 413 meanwhile', async (t) => {
    const { port } = await listeningApp(t)
    const chunk = chunked(Buffer.alloc(MiB, 'a'), MiB).subarray(0, -5) // one chunk of 1 MiB, no last chunk
    const sent = await sendUntilClosed(port, headOf('/v1/companies', newWorkspace(), 'Transfer-Encoding: chunked'), () => chunk)
    t.diagnostic(`${sent.written} bytes written, closed after ${sent.ms} ms (${sent.error ?? 'no error'})`)
    assertAnswer(sent.answer, 'endless body')
    // Read past the limit (1 MiB), then 64 MiB more and what came before the next check (every 100 ms), plus
    // what the kernels' buffers hold.
    assert.ok(sent.written > 65 * MiB && sent.written < 256 * MiB, `${sent.written} bytes written`)
  })

  test('a client that keeps sending slowly is cut off REQUEST_TIMEOUT_MS after its request began; it read its 413 meanwhile', async (t) => {
    const { port } = await listeningApp(t, { REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000' })
    // Declared too long: answered before the body is read; then 1 KiB every 20 ms, which would take minutes.
    const trickle = Buffer.alloc(1024, 'a')
    const sent = await sendUntilClosed(port, headOf('/v1/companies', newWorkspace(), `Content-Length: ${4 * MiB}`), () => trickle, 20)
    t.diagnostic(`${sent.written} bytes written, closed after ${sent.ms} ms (${sent.error ?? 'no error'})`)
    assertAnswer(sent.answer, 'slow endless body')
    // Node looks for requests past their time once a second.
    assert.ok(sent.ms >= 1900 && sent.ms < 5000, `closed after ${sent.ms} ms`)
  })

  test('a Content-Length more than 64 MiB beyond what came is not read at all: the connection is closed at once', async (t) => {
    const { port } = await listeningApp(t)
    const chunk = Buffer.alloc(MiB, 'a')
    const sent = await sendUntilClosed(port, headOf('/v1/companies/bulk', newWorkspace(), `Content-Length: ${100 * MiB}`), () => chunk)
    t.diagnostic(`${sent.written} bytes written, closed after ${sent.ms} ms (${sent.error ?? 'no error'})`)
    // What the kernels' buffers took before the close, no more.
    assert.ok(sent.written < 32 * MiB, `${sent.written} bytes written`)
  })
})

describe('any answer sent before the body has all come, on a connection that closes after it', () => {
  test('a bad token on a request with Connection: close and a large body, slowly sent: the 401 is read', async (t) => {
    const { port } = await listeningApp(t)
    const body = jsonOf(2 * MiB, undefined)
    const head = headOf('/v1/companies', newWorkspace(), `Content-Length: ${body.length}\r\nConnection: close`, 'not-a-token')
    const answers = await Promise.allSettled(Array.from({ length: 8 }, async () =>
      await sendAllThenRead(port, head, { body, chunkBytes: 32 * 1024, pauseMs: 5 })))
    for (const answer of answers) {
      assert.equal(answer.status, 'fulfilled', answer.status === 'rejected' ? String(answer.reason) : '')
      assertAnswer(answer.value, 'unauthorized', 401, UNAUTHORIZED)
    }
  })
})
