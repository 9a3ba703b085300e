import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { before, describe, test, type TestContext } from 'node:test'
import { ensureBuilt, SECRET, startServer, tempDir, tokenCli } from '../support/process-support.js'
import { postgresAvailable, postgresSchema } from '../support/helpers.js'

// Idempotency-Key against the real server: kill -9 during a stream of keyed creates, a restart, a retry of every
// key: each key made exactly one record, and a retry of an acknowledged one got its answer again. And, on
// PostgreSQL, two instances share the keys.

before(ensureBuilt)

async function keyedPost (url: string, token: string, key: string, body: unknown) {
  const res = await fetch(`${url}/v1/companies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body)
  })
  return { status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') === 'true' }
}

/** The name of every company of the token's workspace (every page). */
async function companyNames (url: string, token: string): Promise<string[]> {
  const names: string[] = []
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/v1/companies?page=${page}&pageSize=100`, { headers: { authorization: `Bearer ${token}` } })
    const body = await res.json() as { companies: Array<{ name: string }> }
    if (body.companies.length === 0) return names
    names.push(...body.companies.map((company) => company.name))
  }
}

async function crashDuringKeyedWrites (t: TestContext, databaseUrl: string): Promise<void> {
  const env = { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '0' }
  const first = await startServer(t, env)
  const token = (await tokenCli(['--workspace', randomUUID()], { JWT_SECRET: SECRET })).stdout.trim()
  const sent: string[] = []
  const acked = new Map<string, string>()
  const load = { killed: false }
  const writer = async (n: number) => {
    for (let i = 0; !load.killed; i++) {
      const key = `crash-${n}-${i}`
      sent.push(key)
      try {
        const res = await keyedPost(first.url, token, key, { name: key })
        if (res.status === 201) acked.set(key, res.text)
      } catch {
        return // the connection died with the server: the retry below says what became of it
      }
    }
  }
  const writers = Array.from({ length: 16 }, async (_, n) => await writer(n))
  const deadline = Date.now() + 60_000
  await new Promise((resolve) => setTimeout(resolve, 1000))
  while (acked.size <= 50 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  first.kill('SIGKILL')
  load.killed = true
  await Promise.all(writers)
  assert.deepEqual(await first.exit, { code: null, signal: 'SIGKILL' })
  assert.ok(acked.size > 50, `only ${acked.size} writes were acknowledged before the kill`)

  const second = await startServer(t, env)
  let executed = 0
  for (const key of sent) {
    const res = await keyedPost(second.url, token, key, { name: key })
    assert.equal(res.status, 201, `${key}: ${res.text}`)
    const answered = acked.get(key)
    if (answered !== undefined) {
      assert.ok(res.replayed, `${key} was acknowledged: its retry is a replay`)
      assert.equal(res.text, answered)
    }
    if (!res.replayed) executed++
  }
  const names = await companyNames(second.url, token)
  assert.equal(names.length, sent.length, 'each key made exactly one company')
  assert.deepEqual([...new Set(names)].sort(), [...sent].sort())
  // Keys in flight at the kill: their writes rolled back with their answers, so their retries executed.
  assert.ok(executed <= 16, `${executed} retries executed; at most one a writer was in flight`)
}

describe('Idempotency-Key: kill -9 during keyed writes, then every key retried', () => {
  test('SQLite: each key writes once', async (t) => {
    await crashDuringKeyedWrites(t, `file:${join(tempDir(t), 'records.db')}`)
  })

  test('PostgreSQL: each key writes once', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    await crashDuringKeyedWrites(t, schema.url)
  })
})

describe('Idempotency-Key across instances on one PostgreSQL database', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, () => {
  test('a key runs once whichever instance gets it, and every instance replays its answer', async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const env = { DATABASE_URL: schema.url, JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '0' }
    const instances = await Promise.all([startServer(t, env), startServer(t, env)])
    const token = (await tokenCli(['--workspace', randomUUID()], { JWT_SECRET: SECRET })).stdout.trim()
    for (let round = 0; round < 5; round++) {
      const key = `shared-${round}`
      const answers = await Promise.all(Array.from({ length: 6 }, async (_, i) =>
        await keyedPost(instances[i % 2]!.url, token, key, { name: key })))
      const executed = answers.filter((res) => res.status === 201 && !res.replayed)
      assert.equal(executed.length, 1, answers.map((res) => `${res.status} ${res.text}`).join('\n'))
      for (const res of answers) {
        if (res.status === 409) assert.match(res.text, /still running/)
        else assert.equal(res.text, executed[0]!.text)
      }
      for (const instance of instances) {
        const again = await keyedPost(instance.url, token, key, { name: key })
        assert.ok(again.replayed)
        assert.equal(again.text, executed[0]!.text)
      }
    }
    assert.equal((await companyNames(instances[0]!.url, token)).length, 5)
  })
})
