import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { newWorkspace, TEST_SECRET, tokenFor } from '../support/helpers.js'
import { ensureBuilt, startServer } from '../support/process-support.js'
// @ts-expect-error: a plain ES module without types, shared with the test runner
import { findPostgres, startCluster } from '../../scripts/postgres-cluster.mjs'

// PostgreSQL stopped under a small load against the real server, with -m immediate and with -m fast, then started
// again (a server of this test's own): while it is away every request answers, 503 in the envelope and never a 500,
// within DATABASE_ACQUIRE_TIMEOUT_MS (2 s by default) and a margin for a loaded machine, /readyz answers 503 within
// a second; once it accepts connections again requests succeed within a second; every write answered 201 is there.

before(ensureBuilt)

const bin = findPostgres() as string | undefined
const skip = bin === undefined && process.env.CI !== 'true' && 'no PostgreSQL server binaries'

const ACQUIRE_MS = 2000
// What a loaded machine (two cores, other test files beside this one) adds to an answer's time.
const MARGIN_MS = 1500
const READY_MS = 1000
const RECOVERY_MS = 1000
const DOWN_MS = 5000

interface Answer {
  kind: 'create' | 'get' | 'list' | 'ready'
  start: number
  end: number
  status: number
  body: Record<string, any>
}

const UNAVAILABLE = { code: 'UNAVAILABLE', error: 'Service unavailable' }

describe('PostgreSQL away under load', { skip }, () => {
  test('503 within the bound while it is away (immediate and fast stops), service within a second of its return, nothing acknowledged lost', { timeout: 120_000 }, async (t) => {
    const cluster = await startCluster(bin, { durable: true })
    t.after(() => cluster.stop())
    const server = await startServer(t, {
      DATABASE_URL: cluster.url,
      DATABASE_POOL_SIZE: '4',
      JWT_SECRET: TEST_SECRET,
      RATE_LIMIT_PER_MINUTE: '0'
    })
    let exited = false
    server.exit.then(() => { exited = true }, () => {})
    const workspaceId = newWorkspace()
    const headers = { authorization: `Bearer ${tokenFor(workspaceId)}`, 'content-type': 'application/json' }
    const now = () => performance.now()
    const call = async (kind: Answer['kind'], path: string, body?: unknown): Promise<Answer> => {
      const start = now()
      const res = await fetch(`${server.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: kind === 'ready' ? {} : headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      return { kind, start, end: now(), status: res.status, body: await res.json() as Record<string, any> }
    }

    const owner = await call('create', '/v1/members', { firstName: 'Owner' })
    assert.equal(owner.status, 201, JSON.stringify(owner.body))
    const ownerId = String(owner.body.member.id)

    const answers: Answer[] = []
    const load = { stopped: false }
    let n = 0
    const client = async (c: number) => {
      for (let i = 0; !load.stopped; i++) {
        const step = i % 3
        answers.push(step === 0
          ? await call('create', '/v1/members', { firstName: `W${c}-${i}`, primaryEmail: `w${c}.${i}.${n++}@example.com` })
          : step === 1 ? await call('get', `/v1/members/${ownerId}`) : await call('list', '/v1/members?pageSize=10'))
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    const prober = async () => {
      while (!load.stopped) {
        answers.push(await call('ready', '/readyz'))
        await new Promise((resolve) => setTimeout(resolve, 150))
      }
    }
    const running = [...Array.from({ length: 6 }, async (_, c) => await client(c)), prober()]
    const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms))

    const outages: Array<{ mode: string, down: number, starting: number, up: number }> = []
    await sleep(1000)
    for (const mode of ['immediate', 'fast']) {
      await cluster.pgCtlAsync('stop', '-m', mode)
      const down = now()
      await sleep(DOWN_MS)
      const starting = now()
      await cluster.pgCtlAsync('start')
      // pg_ctl -w says so once the server accepts connections; it checks every 0.1 s.
      const up = now()
      outages.push({ mode, down, starting, up: Math.max(starting, up - 100) })
      await sleep(RECOVERY_MS + MARGIN_MS + 300)
    }
    load.stopped = true
    await Promise.all(running)

    assert.equal(exited, false, 'the server process is still running')
    const label = (a: Answer) => `${a.kind} ${a.status} at ${Math.round(a.start)}-${Math.round(a.end)} ms`
    for (const a of answers) {
      assert.ok([200, 201, 503].includes(a.status), `${label(a)}: ${JSON.stringify(a.body)}`)
      if (a.status === 503) assert.deepEqual(a.body, UNAVAILABLE)
      // Whenever it was asked, no answer waited past the bound.
      const bound = a.kind === 'ready' ? READY_MS : ACQUIRE_MS
      assert.ok(a.end - a.start <= bound + MARGIN_MS, `${label(a)} took ${Math.round(a.end - a.start)} ms`)
    }
    for (const { mode, down, up } of outages) {
      const longest = (list: Answer[]) => Math.round(Math.max(0, ...list.map((a) => a.end - a.start)))
      const away = answers.filter((a) => a.end > down && a.start < up)
      const back = answers.filter((a) => a.start >= up && a.status !== 503).sort((a, b) => a.end - b.end)[0]
      t.diagnostic(`${mode}: away ${Math.round(up - down)} ms; ${away.length} answers meanwhile (${away.filter((a) => a.status === 503).length} 503), ` +
        `longest ${longest(away.filter((a) => a.kind !== 'ready'))} ms, /readyz longest ${longest(away.filter((a) => a.kind === 'ready'))} ms; ` +
        `first success ${back === undefined ? 'never' : Math.round(back.end - up)} ms after the return`)
    }
    for (const { mode, down, starting, up } of outages) {
      // Surely away: until pg_ctl start was run (on a loaded machine the server may accept well before pg_ctl returns).
      const during = answers.filter((a) => a.start >= down && a.end <= starting)
      const ready = during.filter((a) => a.kind === 'ready')
      assert.ok(during.length > 20 && ready.length > 5, `${mode}: ${during.length} answers while away, ${ready.length} of /readyz`)
      for (const a of during) assert.equal(a.status, 503, `${mode}: ${label(a)} while PostgreSQL was away`)
      for (const a of ready) assert.ok(a.end - a.start <= READY_MS + MARGIN_MS, `${mode}: ${label(a)} took ${Math.round(a.end - a.start)} ms`)
      // Asked from a second after it accepts connections again, everything succeeds.
      const after = answers.filter((a) => a.start >= up + RECOVERY_MS && a.start < up + RECOVERY_MS + MARGIN_MS)
      assert.ok(after.length > 5, `${mode}: ${after.length} answers after the return`)
      for (const a of after) assert.ok(a.status === 200 || a.status === 201, `${mode}: ${label(a)}, ${Math.round(a.start - up)} ms after the return`)
      const first = answers.filter((a) => a.start >= up && a.status !== 503).sort((a, b) => a.end - b.end)[0]
      assert.ok(first !== undefined && first.end - up <= RECOVERY_MS + MARGIN_MS / 2, `${mode}: first success ${first === undefined ? 'never' : `${Math.round(first.end - up)} ms after the return`}`)
    }

    // Every member whose create answered 201 is there, as answered.
    const created = answers.filter((a) => a.kind === 'create' && a.status === 201)
    assert.ok(created.length > 20, `${created.length} creates acknowledged`)
    for (const a of created) {
      const got = await call('get', `/v1/members/${String(a.body.member.id)}`)
      assert.equal(got.status, 200, `member ${String(a.body.member.id)} acknowledged, then lost`)
      assert.equal(got.body.member.primaryEmail, a.body.member.primaryEmail)
    }
    const list = await call('list', '/v1/members?pageSize=10')
    assert.ok(list.body.totalMembers >= created.length + 1, `${String(list.body.totalMembers)} members for ${created.length + 1} acknowledged`)
  })
})
