import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { before, describe, test, type TestContext } from 'node:test'
import { call, ensureBuilt, SECRET, startServer, tempDir, tokenCli } from '../support/process-support.js'
import { postgresAvailable, postgresSchema } from '../support/helpers.js'

// Nothing acknowledged is lost: concurrent writers against the real server, kill -9 in the middle of the load,
// a restart on the same database, and every write that got a 2xx is there, exactly as it was answered.

before(ensureBuilt)

interface Acked {
  path: string
  key: 'member' | 'activity' | 'company'
  body: Record<string, unknown>
}

async function crashUnderLoad (t: TestContext, databaseUrl: string): Promise<void> {
  const env = { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '0' }
  const first = await startServer(t, env)
  const token = (await tokenCli(['--workspace', randomUUID()], { JWT_SECRET: SECRET })).stdout.trim()
  const made = await call(`${first.url}/v1/members`, token, 'POST', { firstName: 'Owner' })
  assert.equal(made.status, 201, JSON.stringify(made.body))
  const owner = made.body.member
  const acked: Acked[] = []
  const load = { killed: false }
  const writer = async (n: number) => {
    for (let i = 0; !load.killed; i++) {
      const [path, key, body] = i % 3 === 0
        ? ['/v1/members', 'member', { firstName: `W${n}-${i}`, primaryEmail: `w${n}.${i}@example.com` }] as const
        : i % 3 === 1
          ? ['/v1/activities', 'activity', { memberId: owner.id, activityTypeKey: 'post', title: `W${n}-${i}` }] as const
          : ['/v1/companies', 'company', { name: `C${n}-${i}`, tags: [randomUUID()] }] as const
      try {
        const res = await call(`${first.url}${path}`, token, 'POST', body)
        if (res.status === 201) acked.push({ path, key, body: res.body[key] })
      } catch {
        return // the connection died with the server: this write was never acknowledged
      }
    }
  }
  const writers = Array.from({ length: 16 }, async (_, n) => await writer(n))
  // Killed in the middle of the load, once it has acknowledged enough writes to mean something (a loaded
  // machine takes longer to get there).
  const deadline = Date.now() + 60_000
  await new Promise((resolve) => setTimeout(resolve, 1500))
  while (acked.length <= 50 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  first.kill('SIGKILL')
  load.killed = true
  await Promise.all(writers)
  assert.deepEqual(await first.exit, { code: null, signal: 'SIGKILL' })
  assert.ok(acked.length > 50, `only ${acked.length} writes were acknowledged before the kill`)

  const second = await startServer(t, env)
  for (const write of acked) {
    const res = await call(`${second.url}${write.path}/${String(write.body.id)}`, token)
    assert.equal(res.status, 200, `${write.path} ${String(write.body.id)} acknowledged, then lost`)
    const kept = res.body[write.key]
    // A member's derived fields move with later activities; everything written stays as answered.
    if (write.key === 'activity') assert.deepEqual(kept, write.body)
    else for (const field of ['id', 'name', 'firstName', 'primaryEmail', 'tags', 'createdAt']) assert.deepEqual(kept[field], write.body[field])
  }
  const list = await call(`${second.url}/v1/activities?pageSize=10`, token)
  assert.ok(list.body.totalActivities >= acked.filter((w) => w.key === 'activity').length)
}

describe('kill -9 under concurrent writes', () => {
  test('SQLite: every acknowledged write survives', async (t) => {
    await crashUnderLoad(t, `file:${join(tempDir(t), 'records.db')}`)
  })

  test('PostgreSQL: every acknowledged write survives', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    await crashUnderLoad(t, schema.url)
  })
})
