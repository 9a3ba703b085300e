import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { before, describe, test } from 'node:test'
import { call, ensureBuilt, SECRET, startServer, tempDir, tokenCli, type Running } from '../support/process-support.js'

// WORKERS=2: two processes serve one port; a worker that dies is replaced; SIGTERM stops them all, exit 0.

before(ensureBuilt)

const listeningPids = (server: Running) => [...new Set(server.logs.filter((entry) => String(entry.msg).startsWith('Server listening')).map((entry) => entry.pid as number))]

async function until (check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 100))
  assert.ok(check(), what)
}

describe('WORKERS', () => {
  test('two workers share the port and the database; a dead one is replaced; SIGTERM exits 0', async (t) => {
    const server = await startServer(t, { DATABASE_URL: `file:${join(tempDir(t), 'records.db')}`, JWT_SECRET: SECRET, WORKERS: '2', RATE_LIMIT_PER_MINUTE: '0' })
    await until(() => listeningPids(server).length === 2, 'two workers listening')
    const token = (await tokenCli(['--workspace', randomUUID()], { JWT_SECRET: SECRET })).stdout.trim()
    const created = await Promise.all(Array.from({ length: 40 }, async (_, i) => await call(`${server.url}/v1/members`, token, 'POST', { firstName: `M${i}` })))
    assert.deepEqual(created.map((res) => res.status), Array(40).fill(201))
    assert.equal((await call(`${server.url}/v1/members`, token)).body.totalMembers, 40)

    const [victim] = listeningPids(server)
    process.kill(victim!, 'SIGKILL')
    await until(() => listeningPids(server).length === 3, 'a replacement worker listening')
    const res = await call(`${server.url}/v1/members?pageSize=100`, token)
    assert.equal(res.body.totalMembers, 40)

    server.kill('SIGTERM')
    assert.deepEqual(await server.exit, { code: 0, signal: null })
  })
})
