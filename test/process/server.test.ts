// The compiled server and token CLI as they are run in production: child processes, real sockets, real files.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, test } from 'node:test'
import { call, ensureBuilt, JWT, logged, SECRET, SERVER, startServer, tempDir, tokenCli } from '../support/process-support.js'

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>

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

  test('without JWT_SECRET the server keeps a secret and a workspace in ./data, logs neither a token nor the secret, and the token CLI signs for that workspace', async (t) => {
    const cwd = tempDir(t)
    const server = await startServer(t, {}, cwd)
    const entry = await logged(server, (log) => typeof log.workspaceId === 'string')
    const workspaceId = String(entry.workspaceId)
    assert.equal(readFileSync(join(cwd, 'data', 'dev-workspace'), 'utf8').trim(), workspaceId)
    assert.match(String(entry.msg), /npm run token/)

    const secretFile = join(cwd, 'data', 'jwt-secret')
    assert.equal(statSync(secretFile).mode & 0o777, 0o600)
    assert.ok(Buffer.byteLength(readFileSync(secretFile, 'utf8').trim()) >= 32)
    assert.ok(existsSync(join(cwd, 'data', 'records.db')))
    const secret = readFileSync(secretFile, 'utf8')

    // With no --workspace, the token CLI run in the same directory signs for the development workspace.
    const cli = await tokenCli([], {}, cwd)
    assert.equal(cli.code, 0, cli.stderr)
    const token = cli.stdout.trim()
    assert.equal(claims(token).workspaceId, workspaceId)
    assert.deepEqual(await call(`${server.url}/v1/activities`, token), { status: 200, body: { page: 1, pageSize: 10, totalActivities: 0, activities: [] } })
    const created = await call(`${server.url}/v1/companies`, token, 'POST', { name: 'Acme' })
    assert.equal(created.status, 201)

    // Not a terminal: the server printed no token anywhere, and never the secret.
    for (const output of [server.stdout(), server.stderr()]) {
      assert.doesNotMatch(output, /eyJ[A-Za-z0-9_-]+\.eyJ/)
      assert.equal(output.includes(secret.trim()), false)
    }

    // A restart reuses the secret and the workspace: earlier tokens keep working and the data is there.
    server.kill('SIGTERM')
    assert.equal((await server.exit).code, 0)
    const again = await startServer(t, {}, cwd)
    assert.equal(readFileSync(secretFile, 'utf8'), secret)
    assert.equal((await logged(again, (log) => typeof log.workspaceId === 'string')).workspaceId, workspaceId)
    assert.deepEqual(await call(`${again.url}/v1/companies/${created.body.company.id}`, token), { status: 200, body: created.body })
  })

  test('a bad setting stops the server at startup with exit code 2 and a message', async (t) => {
    const envs = [{ JWT_SECRET: 'too-short' }, { JWT_SECRET: SECRET, DATABASE_URL: 'mysql://localhost/x' }, { JWT_SECRET: SECRET, PORT: 'eighty' }]
    await Promise.all(envs.map(async (env) => {
      const child = spawn(process.execPath, [SERVER], { cwd: tempDir(t), env: { PATH: process.env.PATH ?? '', PORT: '0', ...env } })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString() })
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
      const code = await new Promise((resolve) => child.on('exit', resolve))
      assert.equal(code, 2, JSON.stringify(env))
      assert.match(stderr, /^configuration error: .*(JWT_SECRET|DATABASE_URL|PORT)/, stderr)
      assert.doesNotMatch(stdout, /Server listening/)
    }))
  })
})
