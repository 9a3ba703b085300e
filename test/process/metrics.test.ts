import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import http from 'node:http'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { before, describe, test, type TestContext } from 'node:test'
import { ensureBuilt, logged, ROOT, SECRET, SERVER, startServer, tempDir, type Running } from '../support/process-support.js'

// What needs a real process: METRICS_PORT's own listener, the numbers of WORKERS=2 summed, LOG_FORMAT=pretty.

before(ensureBuilt)

const TOKEN = 'metrics-token-for-the-process-tests'

/** A GET on a connection of its own, so that under WORKERS=2 the requests spread over the workers. */
async function get (url: string, headers: Record<string, string> = {}): Promise<{ status: number, body: string }> {
  return await new Promise((resolve, reject) => {
    http.get(url, { headers, agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => { body += chunk.toString() })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    }).on('error', reject)
  })
}

const healthzCount = (text: string) =>
  Number(/^workspace_records_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0)

async function metricsUrl (server: Running): Promise<string> {
  const line = await logged(server, (entry) => String(entry.msg).startsWith('Metrics listening at '))
  return String(line.msg).slice('Metrics listening at '.length)
}

const listening = (server: Running) => new Set(server.logs.filter((entry) => String(entry.msg).startsWith('Server listening')).map((entry) => entry.pid)).size

async function until (check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 100))
  assert.ok(check(), what)
}

describe('METRICS_PORT', () => {
  test('serves GET /metrics on a listener of its own, with the token when one is set; not on the API port', async (t) => {
    const server = await startServer(t, { DATABASE_URL: `file:${join(tempDir(t), 'records.db')}`, JWT_SECRET: SECRET, METRICS_PORT: '0', METRICS_TOKEN: TOKEN })
    const url = await metricsUrl(server)
    assert.notEqual(new URL(url).port, new URL(server.url).port)
    assert.equal((await get(`${server.url}/healthz`)).status, 200)
    assert.deepEqual(await get(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` }), { status: 404, body: '{"code":"NOT_FOUND","error":"Resource not found"}' })
    assert.deepEqual(await get(url), { status: 401, body: '{"code":"UNAUTHORIZED","error":"Authentication failed"}' })
    assert.equal((await get(url, { authorization: `Bearer ${TOKEN}-not` })).status, 401)
    assert.equal((await get(url.replace('/metrics', '/v1/members'), { authorization: `Bearer ${TOKEN}` })).status, 404)
    const res = await get(url, { authorization: `Bearer ${TOKEN}` })
    assert.equal(res.status, 200)
    assert.equal(healthzCount(res.body), 1)
    assert.match(res.body, /^workspace_records_sqlite_write_queue_length 0$/m)
    assert.ok(!server.stdout().includes(TOKEN), 'the token is never logged')
    server.kill('SIGTERM')
    assert.deepEqual(await server.exit, { code: 0, signal: null })
  })
})

describe('metrics with WORKERS=2 cover every worker', () => {
  for (const [where, env] of [['on METRICS_PORT', { METRICS_PORT: '0' }], ['on the API port', { METRICS_TOKEN: TOKEN }]] as const) {
    test(`the primary sums the workers' numbers (${where})`, async (t) => {
      const server = await startServer(t, { DATABASE_URL: `file:${join(tempDir(t), 'records.db')}`, JWT_SECRET: SECRET, WORKERS: '2', ...env })
      await until(() => listening(server) === 2, 'two workers listening')
      const url = 'METRICS_PORT' in env ? await metricsUrl(server) : `${server.url}/metrics`
      const headers: Record<string, string> = 'METRICS_TOKEN' in env ? { authorization: `Bearer ${TOKEN}` } : {}
      // Connections are dealt to the workers in turn: each serves about half of these.
      const requests = 40
      for (let i = 0; i < requests; i++) assert.equal((await get(`${server.url}/healthz`)).status, 200)
      const res = await get(url, headers)
      assert.equal(res.status, 200, res.body)
      assert.equal(healthzCount(res.body), requests)
      server.kill('SIGTERM')
      assert.deepEqual(await server.exit, { code: 0, signal: null })
    })
  }
})

/** Starts the server with LOG_FORMAT=pretty: its lines are not JSON, so startServer cannot read them. */
async function startPretty (t: TestContext, env: Record<string, string>) {
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'pretty', JWT_SECRET: SECRET, DATABASE_URL: `file:${join(tempDir(t), 'records.db')}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  t.after(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') })
  const lines: string[] = []
  createInterface({ input: child.stdout }).on('line', (line) => lines.push(line))
  const waitFor = async (pattern: RegExp): Promise<RegExpExecArray> => {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      for (const line of lines) {
        const match = pattern.exec(line)
        if (match !== null) return match
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.fail(`no line matches ${pattern}:\n${lines.join('\n')}`)
  }
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { lines, waitFor, exit, kill: () => child.kill('SIGTERM') }
}

describe('LOG_FORMAT=pretty', () => {
  test('writes readable lines instead of JSON: level, message, the request id', async (t) => {
    const server = await startPretty(t, {})
    const [, url] = await server.waitFor(/INFO.*Server listening at (http:\/\/\S+)/)
    assert.equal((await get(`${url!}/v1/members`, { 'x-request-id': 'pretty-1' })).status, 401)
    await server.waitFor(/INFO.*request/)
    await server.waitFor(/requestId: "pretty-1"/)
    for (const line of server.lines) assert.ok(!line.startsWith('{'), `not JSON: ${line}`)
    server.kill()
    assert.equal(await server.exit, 0)
  })

  test('works with WORKERS=2: the primary\'s lines and both workers\' are readable', async (t) => {
    const server = await startPretty(t, { WORKERS: '2' })
    await server.waitFor(/INFO.*supervising workers/)
    await until(() => server.lines.filter((line) => /INFO.*Server listening at/.test(line)).length === 2, 'two workers listening')
    for (const line of server.lines) assert.ok(!line.startsWith('{'), `not JSON: ${line}`)
    server.kill()
    assert.equal(await server.exit, 0)
  })

  test('any other LOG_FORMAT is a configuration error at start', async (t) => {
    const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_FORMAT: 'text' }, stdio: ['ignore', 'pipe', 'pipe'] })
    t.after(() => { if (child.exitCode === null) child.kill('SIGKILL') })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    const code = await new Promise((resolve) => child.on('close', resolve))
    assert.equal(code, 2)
    assert.equal(stderr, 'configuration error: LOG_FORMAT must be one of json, pretty, got "text"\n')
  })
})
