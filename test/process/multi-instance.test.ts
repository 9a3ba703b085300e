import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { describe, test } from 'node:test'
import { migrations } from '../../src/store/postgres/migrations/index.js'
import { authHeader, newWorkspace, postgresAvailable, postgresSchema, TEST_SECRET } from '../support/helpers.js'

// Production shape: several stateless server processes (the built dist/server.js, as `npm start` runs it)
// behind a load balancer, on one PostgreSQL database.

const SERVER = 'dist/server.js'
const START_TIMEOUT_MS = 20_000

interface Instance {
  url: string
  process: ChildProcess
}

/** Starts `node dist/server.js` and resolves with its address once it logs "Server listening at". */
async function startServer (env: NodeJS.ProcessEnv): Promise<Instance> {
  const child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`no "Server listening at" within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS)
    function fail (why: string) {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${SERVER}: ${why}\n${stderr}`))
    }
    child.once('exit', (code) => fail(`exited with status ${code}`))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /Server listening at (http:\/\/[^\s"]+)/.exec(line)
      if (match === null) return
      clearTimeout(timer)
      child.removeAllListeners('exit')
      resolve({ url: match[1]!, process: child })
    })
  })
}

async function stopServer ({ process: child }: Instance): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

async function call (instance: Instance, workspaceId: string, method: string, path: string, body?: unknown) {
  const res = await fetch(instance.url + path, {
    method,
    headers: { ...authHeader(workspaceId), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: res.status, body: await res.json() as Record<string, Record<string, unknown>> }
}

describe('several server processes on one PostgreSQL database', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, () => {
  test('started at the same moment they migrate once, and each reads at once what another wrote', { timeout: 60_000 }, async (t) => {
    assert.ok(existsSync(SERVER), `${SERVER} is missing: npm test builds it first (npm run build)`)
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const env = {
      ...process.env,
      DATABASE_URL: schema.url,
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'info',
      DATABASE_POOL_SIZE: '4'
    }
    // Both spawned in the same tick, on a schema with no tables yet: they race for the migrations.
    const started = await Promise.allSettled([startServer(env), startServer(env)])
    const instances = started.flatMap((result) => result.status === 'fulfilled' ? [result.value] : [])
    t.after(async () => { await Promise.all(instances.map(stopServer)) })
    for (const result of started) if (result.status === 'rejected') throw result.reason
    const [a, b] = instances as [Instance, Instance]

    const applied = await schema.sql<Array<{ version: number, name: string }>>`
      SELECT version, name FROM schema_migrations ORDER BY version`
    assert.deepEqual(applied.map((row) => ({ ...row })), migrations.map(({ version, name }) => ({ version, name })))

    const workspaceId = newWorkspace()
    const company = await call(a, workspaceId, 'POST', '/v1/companies', { name: 'Acme', tags: [] })
    assert.equal(company.status, 201)
    assert.deepEqual(await call(b, workspaceId, 'GET', `/v1/companies/${company.body.company!.id}`), { status: 200, body: company.body })

    const member = await call(b, workspaceId, 'POST', '/v1/members', { firstName: 'Ada' })
    assert.equal(member.status, 201)
    const activity = await call(a, workspaceId, 'POST', '/v1/activities', {
      memberId: member.body.member!.id, activityTypeKey: 'joined', createdAt: '2025-01-01T00:00:00Z'
    })
    assert.equal(activity.status, 201)
    const seen = await call(b, workspaceId, 'GET', `/v1/members/${member.body.member!.id}`)
    assert.equal(seen.status, 200)
    assert.equal(seen.body.member!.firstActivity, '2025-01-01T00:00:00Z')
    const list = await call(b, workspaceId, 'GET', '/v1/activities')
    assert.equal(list.body.totalActivities, 1)
    assert.deepEqual(list.body.activities, [activity.body.activity])

    const renamed = await call(b, workspaceId, 'PATCH', `/v1/companies/${company.body.company!.id}`, { name: 'Acme 2' })
    assert.equal(renamed.status, 200)
    assert.deepEqual(await call(a, workspaceId, 'GET', `/v1/companies/${company.body.company!.id}`), { status: 200, body: renamed.body })
  })
})
