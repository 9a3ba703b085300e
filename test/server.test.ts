// The compiled server and token CLI as they are run in production: child processes, real sockets, real files.
import assert from 'node:assert/strict'
import { execFile, execFileSync, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { before, describe, test, type TestContext } from 'node:test'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SERVER = join(ROOT, 'dist', 'server.js')
const TOKEN_CLI = join(ROOT, 'dist', 'cli', 'token.js')
const SECRET = 'server-test-secret-of-at-least-32-bytes'
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

/** `npm test` builds first; when this file runs alone, build if dist/ is missing or older than src/. */
function ensureBuilt (): void {
  const newest = (dir: string): number => Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
    entry.isDirectory() ? newest(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs))
  const built = [SERVER, TOKEN_CLI].every(existsSync) ? Math.min(statSync(SERVER).mtimeMs, statSync(TOKEN_CLI).mtimeMs) : 0
  if (built < newest(join(ROOT, 'src'))) {
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
      { cwd: ROOT, stdio: 'inherit' })
  }
}

function tempDir (t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'records-server-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

interface Running {
  url: string
  logs: Array<Record<string, unknown>>
  stdout: () => string
  /** Resolves with the exit code (null when killed by a signal) and signal. */
  exit: Promise<{ code: number | null, signal: NodeJS.Signals | null }>
  kill: (signal: NodeJS.Signals) => void
}

/** Starts `node dist/server.js` with only the given environment, and waits for its "Server listening at" line. */
async function startServer (t: TestContext, env: Record<string, string>, cwd = ROOT): Promise<Running> {
  const child = spawn(process.execPath, [SERVER], {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const exit = new Promise<{ code: number | null, signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })))
  t.after(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') })
  const logs: Array<Record<string, unknown>> = []
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 10 s: ${stderr}`)), 10_000)
    createInterface({ input: child.stdout }).on('line', (line) => {
      stdout += line + '\n'
      const entry = JSON.parse(line) as Record<string, unknown>
      logs.push(entry)
      const listening = /^Server listening at (http:\/\/\S+)$/.exec(String(entry.msg))
      if (listening !== null) {
        clearTimeout(timer)
        resolve(listening[1]!)
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited with ${code}: ${stderr}`))
    })
  })
  return { url, logs, stdout: () => stdout, exit, kill: (signal) => child.kill(signal) }
}

/** The first log entry that matches, waiting up to 5 s for it to be written. */
async function logged (server: Running, match: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    const entry = server.logs.find(match)
    if (entry !== undefined) return entry
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  assert.fail(`no such log line in:\n${server.stdout()}`)
}

/** Runs `node dist/cli/token.js` with only the given environment. */
async function tokenCli (args: string[], env: Record<string, string>, cwd = ROOT) {
  return await new Promise<{ code: number, stdout: string, stderr: string }>((resolve) => {
    execFile(process.execPath, [TOKEN_CLI, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number((error as { code?: number }).code), stdout, stderr })
    })
  })
}

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>

async function call (url: string, token: string | undefined, method = 'GET', body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' })
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: res.status, body: await res.json() as Record<string, any> }
}

describe('the compiled server', { concurrency: true }, () => {
  before(ensureBuilt)

  test('listens on the port it was given, answers health checks, and accepts tokens from the token CLI', async (t) => {
    const dir = tempDir(t)
    const server = await startServer(t, { DATABASE_URL: `file:${join(dir, 'x.db')}`, JWT_SECRET: SECRET })
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/)
    assert.deepEqual(await call(`${server.url}/healthz`, undefined), { status: 200, body: { status: 'ok' } })
    assert.deepEqual(await call(`${server.url}/readyz`, undefined), { status: 200, body: { status: 'ok' } })

    const workspaceId = randomUUID()
    const cli = await tokenCli(['--workspace', workspaceId], { JWT_SECRET: SECRET })
    assert.equal(cli.code, 0, cli.stderr)
    assert.equal(cli.stderr, '')
    assert.match(cli.stdout, /^[^\n]+\n$/, 'exactly one line')
    const token = cli.stdout.trim()
    assert.match(token, JWT)
    const claimed = claims(token)
    assert.equal(claimed.workspaceId, workspaceId)
    assert.equal(Number(claimed.exp) - Number(claimed.iat), 24 * 3600)

    const created = await call(`${server.url}/v1/companies`, token, 'POST', { name: 'Acme' })
    assert.equal(created.status, 201)
    assert.equal(created.body.company.workspaceId, workspaceId)
    assert.deepEqual(await call(`${server.url}/v1/companies/${created.body.company.id}`, token), { status: 200, body: created.body })
    assert.deepEqual(await call(`${server.url}/v1/activities`, undefined),
      { status: 401, body: { code: 'UNAUTHORIZED', error: 'Authentication failed' } })

    const short = await tokenCli(['--workspace', workspaceId, '--ttl', '1h', '--sub', 'user-7'], { JWT_SECRET: SECRET })
    assert.equal(short.code, 0, short.stderr)
    const shortClaims = claims(short.stdout.trim())
    assert.deepEqual([shortClaims.workspaceId, shortClaims.sub, Number(shortClaims.exp) - Number(shortClaims.iat)], [workspaceId, 'user-7', 3600])
    assert.equal((await call(`${server.url}/v1/activities`, short.stdout.trim())).status, 200)

    const otherSecret = await tokenCli(['--workspace', workspaceId], { JWT_SECRET: 'x'.repeat(32) })
    assert.equal((await call(`${server.url}/v1/activities`, otherSecret.stdout.trim())).status, 401)
    for (const args of [[], ['--workspace', 'not-a-uuid'], ['--workspace', workspaceId, '--bogus']]) {
      const bad = await tokenCli(args, { JWT_SECRET: SECRET })
      assert.notEqual(bad.code, 0, args.join(' '))
      assert.equal(bad.stdout, '', args.join(' '))
    }

    // One log line per request, and never a token.
    assert.ok(server.logs.some((entry) => entry.url === '/v1/companies' && entry.statusCode === 201), server.stdout())
    assert.equal(server.stdout().includes(token.split('.')[2]!), false)
  })

  test('SIGTERM stops the server, which exits 0', async (t) => {
    const dir = tempDir(t)
    const server = await startServer(t, { DATABASE_URL: `file:${join(dir, 'x.db')}`, JWT_SECRET: SECRET })
    server.kill('SIGTERM')
    assert.deepEqual(await server.exit, { code: 0, signal: null })
  })

  test('every write the server acknowledged is there after kill -9 and a restart', async (t) => {
    const dir = tempDir(t)
    const env = { DATABASE_URL: `file:${join(dir, 'x.db')}`, JWT_SECRET: SECRET }
    const first = await startServer(t, env)
    const token = (await tokenCli(['--workspace', randomUUID()], { JWT_SECRET: SECRET })).stdout.trim()
    const write = async (method: string, path: string, body: unknown, status: number) => {
      const res = await call(`${first.url}${path}`, token, method, body)
      assert.equal(res.status, status, JSON.stringify(res.body))
      return res.body
    }
    const { company } = await write('POST', '/v1/companies', { name: 'Acme', tags: [randomUUID()] }, 201)
    const { member } = await write('POST', '/v1/members', { firstName: 'Ada' }, 201)
    const { member: gone } = await write('POST', '/v1/members', { firstName: 'Gone' }, 201)
    const { channel } = await write('POST', '/v1/channels', { name: 'general' }, 201)
    const { activity: a1 } = await write('POST', '/v1/activities', { memberId: member.id, activityTypeKey: 'note', createdAt: '2024-01-01T00:00:00Z' }, 201)
    await write('POST', '/v1/activities', { memberId: gone.id, activityTypeKey: 'note' }, 201)
    const { company: patched } = await write('PATCH', `/v1/companies/${company.id}`, { industry: 'Software' }, 200)
    const { channel: [renamed] } = await write('PATCH', `/v1/channels/${channel.id}`, { name: 'main' }, 200)
    await write('DELETE', `/v1/members/${gone.id}`, undefined, 200)
    const { activity: last } = await write('POST', '/v1/activities', { memberId: member.id, activityTypeKey: 'chat', channelId: channel.id }, 201)
    first.kill('SIGKILL')
    assert.deepEqual(await first.exit, { code: null, signal: 'SIGKILL' })

    const second = await startServer(t, env)
    const get = async (path: string) => await call(`${second.url}${path}`, token)
    assert.deepEqual(await get(`/v1/companies/${company.id}`), { status: 200, body: { company: patched } })
    assert.deepEqual(await get(`/v1/channels/${channel.id}`), { status: 200, body: { channel: renamed } })
    assert.equal((await get(`/v1/members/${gone.id}`)).status, 404)
    const kept = await get(`/v1/members/${member.id}`)
    assert.equal(kept.status, 200)
    assert.deepEqual([kept.body.member.firstActivity, kept.body.member.lastActivity], ['2024-01-01T00:00:00Z', last.createdAt])
    assert.deepEqual(await get('/v1/activities'), { status: 200, body: { page: 1, pageSize: 10, totalActivities: 2, activities: [last, a1] } })
  })

  test('without JWT_SECRET the server keeps a secret in ./data and logs a token and a curl line that work', async (t) => {
    const cwd = tempDir(t)
    const server = await startServer(t, {}, cwd)
    const entry = await logged(server, (log) => typeof log.token === 'string')
    const token = String(entry.token)
    assert.match(token, JWT)
    assert.equal(claims(token).workspaceId, entry.workspaceId)
    const curl = /^curl -H 'Authorization: Bearer ([A-Za-z0-9_.-]+)' (http:\/\/127\.0\.0\.1:\d+\/v1\/activities)$/.exec(String(entry.curl))
    assert.ok(curl !== null, String(entry.curl))
    assert.equal(curl[1], token)
    assert.equal(curl[2], `${server.url}/v1/activities`)
    assert.deepEqual(await call(curl[2]!, curl[1]), { status: 200, body: { page: 1, pageSize: 10, totalActivities: 0, activities: [] } })

    const secretFile = join(cwd, 'data', 'jwt-secret')
    assert.equal(statSync(secretFile).mode & 0o777, 0o600)
    assert.ok(Buffer.byteLength(readFileSync(secretFile, 'utf8').trim()) >= 32)
    assert.ok(existsSync(join(cwd, 'data', 'records.db')))
    const secret = readFileSync(secretFile, 'utf8')

    // The token CLI run in the same directory signs with the same development secret.
    const cli = await tokenCli(['--workspace', String(entry.workspaceId)], {}, cwd)
    assert.equal(cli.code, 0, cli.stderr)
    assert.equal((await call(`${server.url}/v1/activities`, cli.stdout.trim())).status, 200)

    // A restart reuses the secret: earlier tokens keep working.
    server.kill('SIGTERM')
    assert.equal((await server.exit).code, 0)
    const again = await startServer(t, {}, cwd)
    assert.equal(readFileSync(secretFile, 'utf8'), secret)
    assert.equal((await call(`${again.url}/v1/activities`, token)).status, 200)
  })

  test('a bad setting stops the server at startup with exit code 1 and a message', async (t) => {
    const envs = [{ JWT_SECRET: 'too-short' }, { JWT_SECRET: SECRET, DATABASE_URL: 'mysql://localhost/x' }, { JWT_SECRET: SECRET, PORT: 'eighty' }]
    await Promise.all(envs.map(async (env) => {
      const child = spawn(process.execPath, [SERVER], { cwd: tempDir(t), env: { PATH: process.env.PATH ?? '', PORT: '0', ...env } })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString() })
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
      const code = await new Promise((resolve) => child.on('exit', resolve))
      assert.equal(code, 1, JSON.stringify(env))
      assert.match(stderr, /^configuration error: .*(JWT_SECRET|DATABASE_URL|PORT)/, stderr)
      assert.doesNotMatch(stdout, /Server listening/)
    }))
  })
})
