// `npm run bench`: seeds (or reuses) a big workspace, starts the compiled service and the raw baseline in
// processes of their own, and drives both with autocannon from this one. Every figure is a median of rounds
// in which service and baseline alternate, reported next to its ratio to the baseline. See BENCHMARKS.md.
//
//   npm run bench [-- --postgres] [--scale 0.1] [--duration 5] [--rounds 3] [--connections 32]
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { signToken } from '../src/tokens.js'
import { openStore } from '../src/store/index.js'
import { scaled, seedWorkspace, type Seeded } from './seed.js'
// @ts-expect-error: a plain ES module without types, shared with the test runner
import { findPostgres, freePort, startCluster } from '../scripts/postgres-cluster.mjs'

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    'walk-limit': { type: 'string', default: '120' }
  }
})
const SCALE = Number(args.scale)
const DURATION = Number(args.duration)
const ROUNDS = Number(args.rounds)
const CONNECTIONS = Number(args.connections)
const SECRET = 'benchmark-secret-of-at-least-thirty-two-bytes'
const log = (line: string) => process.stderr.write(line + '\n')

interface Database {
  url: string
  seeded: Seeded
  seedSeconds: number | undefined
  stop: () => void
}

/** The seeded database: a cached SQLite file under bench/.data, or a PostgreSQL (DATABASE_URL or a throwaway cluster). */
async function database (): Promise<Database> {
  const scale = scaled(SCALE)
  if (!args.postgres) {
    const dir = join('bench', '.data', `sqlite-${SCALE}`)
    const url = `file:${join(dir, 'records.db')}`
    const idsFile = join(dir, 'seeded.json')
    if (existsSync(idsFile)) {
      log(`reusing ${dir} (delete it to seed again)`)
      return { url, seeded: JSON.parse(readFileSync(idsFile, 'utf8')), seedSeconds: undefined, stop: () => {} }
    }
    mkdirSync(dir, { recursive: true })
    const seeded = await seed(url, scale)
    writeFileSync(idsFile, JSON.stringify(seeded))
    return { url, seeded, seedSeconds: seeded.seconds, stop: () => {} }
  }
  let url = process.env.DATABASE_URL
  let stop = () => {}
  if (url === undefined || !url.startsWith('postgres')) {
    const bin = findPostgres()
    if (bin === undefined) throw new Error('no PostgreSQL server binaries: install postgresql or set DATABASE_URL=postgres://...')
    const cluster = await startCluster(bin, { durable: true })
    url = cluster.url as string
    stop = cluster.stop
    log(`throwaway PostgreSQL cluster at ${url}`)
  }
  const seeded = await seed(url, scale)
  return { url, seeded, seedSeconds: seeded.seconds, stop }
}

async function seed (url: string, scale: ReturnType<typeof scaled>): Promise<Seeded> {
  const store = await openStore(url.startsWith('file:')
    ? { kind: 'sqlite', path: url.slice('file:'.length), synchronous: 'normal' }
    : { kind: 'postgres', url, poolSize: 10, queueLimit: 1000, statementTimeoutMs: 0 })
  log(`seeding ${scale.activities} activities, ${scale.members} members, ${scale.companies} companies...`)
  const seeded = await seedWorkspace(store, crypto.randomUUID(), scale, (line) => log(`  ${line}`))
  // A few small workspaces beside the big one.
  for (let i = 0; i < 3; i++) await seedWorkspace(store, crypto.randomUUID(), scaled(0.001))
  await store.close()
  log(`seeded in ${seeded.seconds.toFixed(1)} s`)
  return seeded
}

interface Server {
  url: string
  process: ChildProcess
  startupMs: number
  stop: () => Promise<void>
}

const children = new Set<ChildProcess>()
process.on('exit', () => { for (const child of children) child.kill('SIGKILL') })

async function startProcess (command: string[], env: Record<string, string>, ready: string): Promise<Server> {
  const port = await freePort() as number
  const started = performance.now()
  const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] })
  children.add(child)
  child.once('exit', () => children.delete(child))
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`)
    try {
      if ((await fetch(url + ready)).status < 500) break
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const startupMs = performance.now() - started
  const stop = async () => {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.exitCode === null ? child.once('exit', resolve) : resolve(undefined))
  }
  return { url, process: child, startupMs, stop }
}

const service = async (databaseUrl: string, workers = 1) => await startProcess(['node', 'dist/server.js'],
  { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info', WORKERS: String(workers) }, '/readyz')
const baseline = async (databaseUrl: string) => await startProcess(['node', 'bench/baseline.mjs'],
  { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET }, '/v1/none')

/** Peak resident memory of a process so far, in MB (Linux). */
function peakRssMb (pid: number): number | undefined {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : undefined
}

interface Operation {
  name: string
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: () => string
  body?: () => string
  /** Baseline has the same operation. */
  baseline?: boolean
  /** A fixed number of requests (each id once) instead of a duration. */
  amount?: number
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!

function operations (seeded: Seeded, total: number): Operation[] {
  const lastPage = Math.max(1, Math.ceil(total / 100))
  const deletable = [...seeded.deletableMemberIds]
  const perRound = Math.max(1, Math.min(2000, Math.floor(deletable.length / (ROUNDS + 1))))
  let n = 0
  return [
    { name: 'get company', method: 'GET', path: () => `/v1/companies/${pick(seeded.companyIds)}`, baseline: true },
    { name: 'get member', method: 'GET', path: () => `/v1/members/${pick(seeded.memberIds)}`, baseline: true },
    { name: 'create member', method: 'POST', path: () => '/v1/members', body: () => JSON.stringify({ firstName: 'Bench', lastName: `L${n++}`, primaryEmail: `bench${n}@example.com` }), baseline: true },
    { name: 'create activity', method: 'POST', path: () => '/v1/activities', body: () => JSON.stringify({ memberId: pick(seeded.memberIds), activityTypeKey: 'bench', title: `T${n++}` }) },
    { name: 'patch activity', method: 'PATCH', path: () => `/v1/activities/${pick(seeded.activityIds)}`, body: () => JSON.stringify({ title: `Edited ${n++}` }) },
    { name: 'patch channel', method: 'PATCH', path: () => `/v1/channels/${pick(seeded.channelIds)}`, body: () => JSON.stringify({ name: `channel-${n++}` }) },
    { name: 'delete member', method: 'DELETE', path: () => `/v1/members/${deletable.pop()}`, amount: perRound },
    { name: 'list activities page 1', method: 'GET', path: () => '/v1/activities?page=1&pageSize=100', baseline: true },
    { name: 'list activities middle page', method: 'GET', path: () => `/v1/activities?page=${Math.ceil(lastPage / 2)}&pageSize=100` },
    { name: 'list activities last page', method: 'GET', path: () => `/v1/activities?page=${lastPage}&pageSize=100` }
  ]
}

interface Measure {
  rps: number
  p50: number
  p99: number
  errors: number
}

async function load (url: string, token: string, op: Operation): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    ...(op.amount === undefined ? { duration: DURATION } : { amount: op.amount }),
    // A JSON content type only with a body: Fastify refuses an empty body that claims to be JSON.
    headers: { authorization: `Bearer ${token}`, ...(op.body === undefined ? {} : { 'content-type': 'application/json' }) },
    requests: [{
      method: op.method,
      setupRequest: (request) => ({ ...request, path: op.path(), ...(op.body === undefined ? {} : { body: op.body() }) })
    }]
  })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** A client syncing the workspace: every page at pageSize 100, one after another. */
async function walk (url: string, token: string, limitSeconds: number): Promise<{ pages: number, seconds: number, complete: boolean }> {
  const started = performance.now()
  let pages = 0
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/v1/activities?page=${page}&pageSize=100`, { headers: { authorization: `Bearer ${token}` } })
    const body = await res.json() as { activities: unknown[] }
    if (res.status !== 200) throw new Error(`walk: page ${page} answered ${res.status}`)
    if (body.activities.length === 0) return { pages, seconds: (performance.now() - started) / 1000, complete: true }
    pages++
    if ((performance.now() - started) / 1000 > limitSeconds) return { pages, seconds: (performance.now() - started) / 1000, complete: false }
  }
}

async function main (): Promise<void> {
  const db = await database()
  const { seeded } = db
  const token = await signToken(SECRET, { workspaceId: seeded.workspaceId, ttl: '24h', algorithm: 'HS256' })
  const server = await service(db.url)
  const floor = await baseline(db.url)
  log(`service up in ${server.startupMs.toFixed(0)} ms; baseline up`)
  const total = (await (await fetch(`${server.url}/v1/activities?pageSize=10`, { headers: { authorization: `Bearer ${token}` } })).json() as { totalActivities: number }).totalActivities
  const ops = operations(seeded, total)
  const runs = new Map<string, { service: Measure[], baseline: Measure[] }>(ops.map((op) => [op.name, { service: [], baseline: [] }]))
  for (let round = 1; round <= ROUNDS; round++) {
    for (const op of ops) {
      // Alternate which one goes first, so neither always meets a warmer cache.
      const order = round % 2 === 1 ? ['service', 'baseline'] as const : ['baseline', 'service'] as const
      for (const side of order) {
        if (side === 'baseline' && op.baseline !== true) continue
        const measure = await load(side === 'service' ? server.url : floor.url, token, op)
        runs.get(op.name)![side].push(measure)
        log(`round ${round} ${side.padEnd(8)} ${op.name.padEnd(28)} ${measure.rps.toFixed(0).padStart(6)} req/s  p99 ${measure.p99} ms${measure.errors ? `  ${measure.errors} errors` : ''}`)
      }
    }
  }
  log('walking every page...')
  const walked = await walk(server.url, token, Number(args['walk-limit']))
  const rss = peakRssMb(server.process.pid!)
  await server.stop()
  await floor.stop()

  // Startup on the seeded database, and WORKERS=2 against 1 on get member.
  const restarted = await service(db.url)
  const workerRuns: Record<number, number[]> = { 1: [], 2: [] }
  await restarted.stop()
  const workersSupported = readFileSync('dist/config.js', 'utf8').includes('WORKERS')
  if (workersSupported) {
    const getMember = ops.find((op) => op.name === 'get member')!
    for (let round = 0; round < ROUNDS; round++) {
      for (const workers of [1, 2]) {
        const s = await service(db.url, workers)
        workerRuns[workers]!.push((await load(s.url, token, getMember)).rps)
        await s.stop()
      }
    }
  }
  db.stop()

  const rows = ops.map((op) => {
    const r = runs.get(op.name)!
    const s = { rps: median(r.service.map((m) => m.rps)), p50: median(r.service.map((m) => m.p50)), p99: median(r.service.map((m) => m.p99)), errors: r.service.reduce((sum, m) => sum + m.errors, 0) }
    const baselineOf = op.baseline === true ? op.name : op.name === 'create activity' ? 'create member' : undefined
    const b = baselineOf === undefined ? undefined : median(runs.get(baselineOf)!.baseline.map((m) => m.rps))
    const bp99 = baselineOf === undefined ? undefined : median(runs.get(baselineOf)!.baseline.map((m) => m.p99))
    return { op: op.name, ...s, baselineRps: b, baselineP99: bp99, ratio: b === undefined ? undefined : s.rps / b }
  })
  const page1 = rows.find((row) => row.op === 'list activities page 1')!
  const last = rows.find((row) => row.op === 'list activities last page')!
  const report = {
    date: new Date().toISOString(),
    store: args.postgres ? 'postgres' : 'sqlite',
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
    settings: { scale: SCALE, duration: DURATION, rounds: ROUNDS, connections: CONNECTIONS },
    totalActivities: total,
    seedSeconds: db.seedSeconds,
    startupMs: restarted.startupMs,
    peakRssMb: rss,
    walk: { ...walked, estimatedSeconds: walked.complete ? walked.seconds : walked.seconds * Math.ceil(total / 100) / walked.pages },
    lastPageP99OverPage1: last.p99 / Math.max(page1.p99, 1),
    workers: workersSupported ? { one: median(workerRuns[1]!), two: median(workerRuns[2]!), ratio: median(workerRuns[2]!) / median(workerRuns[1]!) } : undefined,
    operations: rows
  }
  mkdirSync(join('bench', 'results'), { recursive: true })
  const file = join('bench', 'results', `${report.store}-${report.date.slice(0, 19).replaceAll(':', '')}.json`)
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n')
  process.stdout.write(markdown(report) + `\n(saved as ${file})\n`)
}

function markdown (report: Record<string, any>): string {
  const fixed = (value: number | undefined, digits = 0) => value === undefined ? '—' : value.toFixed(digits)
  const lines = [
    `${report.store}, ${report.totalActivities} activities, ${report.machine.cpus} × ${report.machine.cpu}, Node ${report.machine.node}; ` +
      `${report.settings.connections} connections, ${report.settings.duration} s per operation, median of ${report.settings.rounds} rounds`,
    '',
    '| Operation | req/s | p50 ms | p99 ms | baseline req/s | ratio | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...report.operations.map((row: any) => `| ${row.op} | ${fixed(row.rps)} | ${fixed(row.p50)} | ${fixed(row.p99)} | ${fixed(row.baselineRps)} | ${fixed(row.ratio, 2)} | ${row.errors} |`),
    '',
    `- seeding: ${report.seedSeconds === undefined ? 'reused an earlier seed' : `${fixed(report.seedSeconds, 1)} s`}`,
    `- startup on the seeded database: ${fixed(report.startupMs)} ms`,
    `- peak RSS of the service: ${fixed(report.peakRssMb)} MB`,
    `- last page p99 / page 1 p99: ${fixed(report.lastPageP99OverPage1, 2)}`,
    `- full walk: ${report.walk.pages} pages in ${fixed(report.walk.seconds, 1)} s${report.walk.complete ? '' : ` (stopped; estimated ${fixed(report.walk.estimatedSeconds)} s for all)`}`,
    `- WORKERS=2 / WORKERS=1, get member: ${report.workers === undefined ? 'n/a (no WORKERS setting)' : `${fixed(report.workers.two)} / ${fixed(report.workers.one)} req/s = ${fixed(report.workers.ratio, 2)}`}`
  ]
  return lines.join('\n')
}

await main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
