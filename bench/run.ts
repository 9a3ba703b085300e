// `npm run bench`: seeds (or reuses) a big workspace, starts the compiled service and the raw baseline in
// processes of their own, and drives both with autocannon from this one. Every figure is a median of rounds
// in which service and baseline alternate, reported next to its ratio to the baseline. See BENCHMARKS.md.
//
//   npm run bench [-- --postgres] [--scale 0.1 | --activities 100000] [--duration 5] [--rounds 3] [--connections 32]
import { spawn, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual, parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { signToken } from '../src/auth/tokens.js'
import { openStore } from '../src/store/index.js'
import type { DatabaseConfig } from '../src/config.js'
import { createActivities } from '../src/services/activities.js'
import { scaled, SEED_TYPES, SEED_VERSION, seedWorkspace, type Seeded } from './seed.js'
// @ts-expect-error: a plain ES module without types, shared with the test runner
import { findPostgres, freePort, startCluster } from '../scripts/postgres-cluster.mjs'

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
    activities: { type: 'string' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    'walk-limit': { type: 'string', default: '120' },
    // Only the bulk ingestion measures (service and createMany), on the seeded database: a quick look at them.
    'bulk-only': { type: 'boolean', default: false }
  }
})
// --activities N is the same as --scale N/1,000,000: everything else shrinks with it.
const SCALE = args.activities === undefined ? Number(args.scale) : Number(args.activities) / 1_000_000
const DURATION = Number(args.duration)
const ROUNDS = Number(args.rounds)
const CONNECTIONS = Number(args.connections)
if (![SCALE, DURATION, ROUNDS, CONNECTIONS].every((n) => Number.isFinite(n) && n > 0)) {
  throw new Error('--scale, --activities, --duration, --rounds and --connections take positive numbers')
}
const SECRET = 'benchmark-secret-of-at-least-thirty-two-bytes'
const log = (line: string) => process.stderr.write(line + '\n')

interface Database {
  url: string
  seeded: Seeded
  /** False when an earlier run's seed was reused (its seeding time is still reported). */
  seededNow: boolean
  stop: () => void
}

/**
 * The seeded database: a PostgreSQL (DATABASE_URL or a throwaway cluster, seeded every run), or a SQLite file
 * seeded once under bench/.data and copied for each run, so every run starts from the same data: a run's
 * deletes and creates never leak into the next one's ids and totals.
 */
async function database (): Promise<Database> {
  const scale = scaled(SCALE)
  if (!args.postgres) {
    const dir = join('bench', '.data', `sqlite-${SCALE}-v${SEED_VERSION}`)
    const seedFile = join(dir, 'seed.db')
    const idsFile = join(dir, 'seed.json')
    let seededNow = false
    if (existsSync(idsFile)) {
      log(`reusing the seed in ${dir} (delete the folder to seed again)`)
    } else {
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
      writeFileSync(idsFile, JSON.stringify(await seed(`file:${seedFile}`, scale)))
      seededNow = true
    }
    const runFile = join(dir, 'run.db')
    for (const suffix of ['', '-wal', '-shm']) rmSync(runFile + suffix, { force: true })
    for (const suffix of ['', '-wal']) {
      if (existsSync(seedFile + suffix)) copyFileSync(seedFile + suffix, runFile + suffix, constants.COPYFILE_FICLONE)
    }
    return { url: `file:${runFile}`, seeded: JSON.parse(readFileSync(idsFile, 'utf8')), seededNow, stop: () => {} }
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
  return { url, seeded, seededNow: true, stop }
}

// STORE_FAST_PATHS=off measures PostgreSQL's writes without their fast paths, here as in the service it starts.
const storeOptions = (url: string): DatabaseConfig => url.startsWith('file:')
  ? { kind: 'sqlite', path: url.slice('file:'.length), synchronous: 'normal' }
  : { kind: 'postgres', url, poolSize: 10, queueLimit: 1000, statementTimeoutMs: 0, fastPaths: process.env.STORE_FAST_PATHS !== 'off' }

async function seed (url: string, scale: ReturnType<typeof scaled>): Promise<Seeded> {
  const store = await openStore(storeOptions(url))
  log(`seeding ${scale.activities} activities, ${scale.members} members, ${scale.companies} companies...`)
  const seeded = await seedWorkspace(store, crypto.randomUUID(), scale, (line) => log(`  ${line}`))
  // A few small workspaces beside the big one.
  for (let i = 0; i < 3; i++) await seedWorkspace(store, crypto.randomUUID(), scaled(0.001))
  await store.close()
  log(`seeded in ${seeded.seconds.toFixed(1)} s`)
  if (!url.startsWith('file:')) {
    const started = performance.now()
    await settle(url)
    log(`vacuumed, analysed and checkpointed in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  return seeded
}

/**
 * The loaded database at rest before anything is measured, as an operator leaves one after a bulk load. PostgreSQL
 * plans with the statistics of the empty tables until autovacuum analyzes the load, within a minute or so: measured
 * before that, an indexed page would be a sort of the whole workspace. Autovacuum then vacuums every loaded table
 * (each of their indexes scanned, the visibility map and hint bits written), minutes of both cores' time that
 * would fall on whichever rounds ran meanwhile. A checkpoint after it, so the rounds do not start with the load's
 * dirty pages to write. Not timed as seeding.
 */
async function settle (url: string): Promise<void> {
  const { default: postgres } = await import('postgres')
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  await sql`VACUUM (ANALYZE)`
  await sql`CHECKPOINT`
  await sql.end()
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

// The command of `npm start` (node with its flags), run directly: npm's own process would count in the RSS. The
// script execs node (so npm's signals reach it); here node is spawned itself.
const START = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.replace(/^exec /, '').split(' ')
// LOG_LEVEL=info, as in production: one JSON line per request, written to /dev/null.
const service = async (databaseUrl: string, workers = 1) => await startProcess(START,
  { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info', WORKERS: String(workers) }, '/readyz')
const baseline = async (databaseUrl: string) => await startProcess(['node', 'bench/baseline.mjs'],
  { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET }, '/v1/none')

/** A process and all of its descendants (node:cluster workers, say), from /proc (Linux). */
function processTree (root: number): number[] {
  const childrenOf = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The field after the command name, which may hold spaces and parentheses, is the state, then the ppid.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      childrenOf.set(ppid, [...childrenOf.get(ppid) ?? [], Number(entry)])
    } catch {} // it ended meanwhile
  }
  const tree = [root]
  for (let i = 0; i < tree.length; i++) tree.push(...childrenOf.get(tree[i]!) ?? [])
  return tree
}

/** A memory figure of /proc/<pid>/status (VmHWM: the peak so far, VmRSS: now) of a process and its descendants, added up, in MB. */
function memoryMb (pid: number, field: 'VmHWM' | 'VmRSS'): number {
  let kb = 0
  for (const member of processTree(pid)) {
    try {
      kb += Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0)
    } catch {} // it ended meanwhile
  }
  return kb / 1024
}
const peakRssMb = (pid: number) => memoryMb(pid, 'VmHWM')
const currentRssMb = (pid: number) => memoryMb(pid, 'VmRSS')

interface Operation {
  name: string
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: () => string
  body?: () => string
  /** Baseline has the same operation. */
  baseline?: boolean
  /** A fixed number of requests (each id once) instead of a duration. */
  amount?: number
  /** Runs before each measurement, given the service's url. */
  prepare?: (url: string, token: string) => Promise<void>
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!

async function totalActivities (url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/v1/activities?pageSize=10`, { headers: { authorization: `Bearer ${token}` } })
  return (await res.json() as { totalActivities: number }).totalActivities
}

async function totalMembers (url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/v1/members?pageSize=10`, { headers: { authorization: `Bearer ${token}` } })
  return (await res.json() as { totalMembers: number }).totalMembers
}

/** The page of the members list sorted by pulse that the benchmark reads deep: 1,000 at pageSize 100, or the last one when the list is shorter. */
let deepMemberPage = 1

function operations (seeded: Seeded): Operation[] {
  const deletable = [...seeded.deletableMemberIds]
  const perRound = Math.max(1, Math.min(2000, Math.floor(deletable.length / (ROUNDS + 1))))
  // Creates and deletes move the last page: it is found again before each measurement.
  let lastPage = 1
  const findLastPage = async (url: string, token: string) => { lastPage = Math.max(1, Math.ceil(await totalActivities(url, token) / 100)) }
  const findDeepPage = async (url: string, token: string) => { deepMemberPage = Math.max(1, Math.min(1000, Math.ceil(await totalMembers(url, token) / 100))) }
  let n = 0
  return [
    { name: 'get company', method: 'GET', path: () => `/v1/companies/${pick(seeded.companyIds)}`, baseline: true },
    { name: 'get member', method: 'GET', path: () => `/v1/members/${pick(seeded.memberIds)}`, baseline: true },
    // Reading a member costs the same whatever its history (the busiest has 100,000 activities at full size).
    { name: 'get member, most activities', method: 'GET', path: () => `/v1/members/${seeded.busiest.id}` },
    { name: 'get member, fewest activities', method: 'GET', path: () => `/v1/members/${seeded.quietest.id}` },
    // The explanation computes the member's breakdown at every read: the bounded sum of docs/engagement.md.
    { name: 'member engagement, most activities', method: 'GET', path: () => `/v1/members/${seeded.busiest.id}/engagement` },
    { name: 'member engagement, fewest activities', method: 'GET', path: () => `/v1/members/${seeded.quietest.id}/engagement` },
    { name: 'create member', method: 'POST', path: () => '/v1/members', body: () => JSON.stringify({ firstName: 'Bench', lastName: `L${n++}`, primaryEmail: `bench${n}@example.com` }), baseline: true },
    { name: 'create activity', method: 'POST', path: () => '/v1/activities', body: () => JSON.stringify({ memberId: pick(seeded.memberIds), activityTypeKey: 'bench', title: `T${n++}` }) },
    { name: 'patch activity', method: 'PATCH', path: () => `/v1/activities/${pick(seeded.activityIds)}`, body: () => JSON.stringify({ title: `Edited ${n++}` }) },
    { name: 'patch channel', method: 'PATCH', path: () => `/v1/channels/${pick(seeded.channelIds)}`, body: () => JSON.stringify({ name: `channel-${n++}` }) },
    { name: 'delete member', method: 'DELETE', path: () => `/v1/members/${deletable.pop()}`, amount: perRound },
    { name: 'list activities page 1', method: 'GET', path: () => '/v1/activities?page=1&pageSize=100', baseline: true },
    { name: 'list activities middle page', method: 'GET', path: () => `/v1/activities?page=${Math.ceil(lastPage / 2)}&pageSize=100`, prepare: findLastPage },
    { name: 'list activities last page', method: 'GET', path: () => `/v1/activities?page=${lastPage}&pageSize=100`, prepare: findLastPage },
    // The members list by pulse, exact at any page, against the same list in its default order.
    { name: 'list members page 1', method: 'GET', path: () => '/v1/members?page=1&pageSize=100' },
    { name: 'list members sort=-pulse page 1', method: 'GET', path: () => '/v1/members?sort=-pulse&page=1&pageSize=100' },
    { name: 'list members sort=-pulse deep page', method: 'GET', path: () => `/v1/members?sort=-pulse&page=${deepMemberPage}&pageSize=100`, prepare: findDeepPage }
  ]
}

interface Measure {
  rps: number
  p50: number
  p99: number
  errors: number
  /** Answers other than 2xx, by status. */
  statuses: Record<string, number>
}

async function load (url: string, token: string, op: Operation, seconds = DURATION): Promise<Measure> {
  await op.prepare?.(url, token)
  return await startLoad(url, token, op, seconds).done
}

/** A load of `op` for `seconds` (or its amount), which `stop` ends early; `done` resolves with its figures. */
function startLoad (url: string, token: string, op: Operation, seconds: number): { stop: () => void, done: Promise<Measure> } {
  let instance: autocannon.Instance | undefined
  let stopped = false
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({
      url,
      connections: CONNECTIONS,
      ...(op.amount === undefined ? { duration: seconds } : { amount: op.amount }),
      // A JSON content type only with a body: Fastify refuses an empty body that claims to be JSON.
      headers: { authorization: `Bearer ${token}`, ...(op.body === undefined ? {} : { 'content-type': 'application/json' }) },
      requests: [{
        method: op.method,
        setupRequest: (request) => ({ ...request, path: op.path(), ...(op.body === undefined ? {} : { body: op.body() }) })
      }]
    }, (error, result) => error ? reject(error) : resolve(result))
  }).then((result) => measureOf(op, result, stopped))
  return {
    stop: () => {
      stopped = true
      instance?.stop()
    },
    done
  }
}

function measureOf (op: Operation, result: autocannon.Result, stopped = false): Measure {
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2')).map(([status, { count }]) => [status, count ?? 0]))
  return {
    // autocannon's average is per whole second: a fixed amount, or a load stopped early, needs the exact rate.
    rps: op.amount === undefined && !stopped ? result.requests.average : result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    statuses
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** One request answered as JSON, with no client-side time limit (fetch gives up on headers after 300 s). */
async function requestJson (method: string, url: string, token: string, body?: unknown): Promise<{ status: number, body: any }> {
  return await new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

const BULK_ITEMS = 1000
const BULK_REQUESTS = 20

interface BulkIngestion {
  requests: number
  items: number
  /** Activities per second through POST /v1/activities/bulk, half of each request re-deliveries. */
  serviceRate: number
  /** Activities per second through the store's createMany, in batches of the same size, of the same items (all new). */
  createManyRate: number
  ratio: number
  /** Results other than 200 or 201 (none expected). */
  failed: number
}

/** The members and channels a bulk measurement's items name, in a workspace. */
interface Target {
  workspaceId: string
  token: string
  memberIds: string[]
  channelIds: string[]
}

/** A new workspace (the backlog a connector brings): its members and channels made through the bulk routes. */
async function newWorkspace (url: string): Promise<Target> {
  const workspaceId = crypto.randomUUID()
  const token = await signToken(SECRET, { workspaceId, ttl: '24h', algorithm: 'HS256' })
  const memberIds: string[] = []
  for (let r = 0; r < 2; r++) {
    const members = Array.from({ length: BULK_ITEMS }, (_, i) => ({ firstName: 'Backlog', lastName: `M${r * BULK_ITEMS + i}` }))
    const res = await requestJson('POST', `${url}/v1/members/bulk`, token, { members })
    memberIds.push(...(res.body.results as Array<{ member: { id: string } }>).map((result) => result.member.id))
  }
  const res = await requestJson('POST', `${url}/v1/channels/bulk`, token, { channels: Array.from({ length: 10 }, (_, i) => ({ name: `channel-${i}` })) })
  return { workspaceId, token, memberIds, channelIds: (res.body.results as Array<{ channel: { id: string } }>).map((result) => result.channel.id) }
}

/**
 * BULK_REQUESTS bulk requests of BULK_ITEMS activities naming members by id, one after the other, half
 * of each request new events and half re-deliveries of the previous request's new ones (the first request's
 * re-deliveries come from a request sent before timing); then the store's createMany, opened in this process on the
 * same database, on batches of the same items (every pair new, as createMany only creates).
 */
async function bulkIngestion (url: string, dbUrl: string, target: Target): Promise<BulkIngestion> {
  const { token } = target
  const run = crypto.randomUUID().slice(0, 8)
  let n = 0
  const item = (externalId: string) => ({
    memberId: pick(target.memberIds),
    activityTypeKey: pick(SEED_TYPES),
    channelId: pick(target.channelIds),
    source: 'bench',
    externalId,
    title: `Bulk ${n}`,
    createdAt: new Date(Date.now() - Math.floor(Math.random() * 300 * 86400_000)).toISOString()
  })
  const fresh = () => Array.from({ length: BULK_ITEMS / 2 }, () => item(`${run}-${n++}`))
  let previous = fresh()
  await requestJson('POST', `${url}/v1/activities/bulk`, token, { activities: previous })
  let failed = 0
  const started = performance.now()
  const sent: Array<ReturnType<typeof item>> = []
  for (let r = 0; r < BULK_REQUESTS; r++) {
    const next = fresh()
    const body = [...previous.map((old) => ({ ...old, title: `${old.title} (edited)` })), ...next]
    sent.push(...body)
    const res = await requestJson('POST', `${url}/v1/activities/bulk`, token, { activities: body })
    if (res.status !== 200) throw new Error(`bulk: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`)
    failed += (res.body.results as Array<{ status: number }>).filter((result) => result.status !== 200 && result.status !== 201).length
    previous = next
  }
  const serviceSeconds = (performance.now() - started) / 1000
  const store = await openStore(storeOptions(dbUrl))
  const batches = Array.from({ length: BULK_REQUESTS }, (_, r) =>
    sent.slice(r * BULK_ITEMS, (r + 1) * BULK_ITEMS).map((activity) => ({ ...activity, externalId: `${activity.externalId}-store-${r}` })))
  const storeStarted = performance.now()
  for (const batch of batches) await createActivities(store, target.workspaceId, batch)
  const storeSeconds = (performance.now() - storeStarted) / 1000
  await store.close()
  const items = BULK_REQUESTS * BULK_ITEMS
  const serviceRate = items / serviceSeconds
  const createManyRate = items / storeSeconds
  return { requests: BULK_REQUESTS, items, serviceRate, createManyRate, ratio: serviceRate / createManyRate, failed }
}

interface BulkMeasures {
  /** Into a new workspace of the seeded database: the backlog of a new integration (where the bulk targets apply). */
  newWorkspace: BulkIngestion
  /** Into the big seeded workspace, among its million activities. */
  seeded: BulkIngestion
}

async function bulkMeasures (url: string, dbUrl: string, token: string, seeded: Seeded): Promise<BulkMeasures> {
  return {
    newWorkspace: await bulkIngestion(url, dbUrl, await newWorkspace(url)),
    seeded: await bulkIngestion(url, dbUrl, { workspaceId: seeded.workspaceId, token, memberIds: seeded.memberIds, channelIds: seeded.channelIds })
  }
}

interface PointsChange {
  key: string
  /** Activities of the type in the 90-day window when measured: their members are the ones the change affects. */
  inWindow: number
  /** Milliseconds from the PATCH to its answer, per round. */
  ms: number[]
  /** get member under load while each PATCH ran. */
  getMember: Measure[]
}

/**
 * A type's points changed (alternately 6 and 1) while get member runs at full load: how long the PATCH takes to
 * answer (it marks the affected members stale; the refresher stores them after), and reads must go on meanwhile.
 */
async function pointsChange (url: string, token: string, getMember: Operation): Promise<PointsChange> {
  const key = SEED_TYPES.includes('message') ? 'message' : SEED_TYPES[0]!
  const types = await requestJson('GET', `${url}/v1/activity-types?q=${encodeURIComponent(key)}&pageSize=10`, token)
  const type = (types.body.activityTypes as Array<{ id: string, key: string, points: number }>).find((t) => t.key === key)
  if (type === undefined) throw new Error(`points change: no activity type ${key}`)
  const since = new Date((Math.floor(Date.now() / 1000) - 90 * 86_400 + 1) * 1000).toISOString()
  const inWindow = (await requestJson('GET', `${url}/v1/activities?activityTypeKey=${encodeURIComponent(key)}&since=${since}&pageSize=10`, token)).body.totalActivities as number
  const result: PointsChange = { key, inWindow, ms: [], getMember: [] }
  for (let round = 0; round < ROUNDS; round++) {
    const points = type.points === 6 ? 1 : 6
    const reads = startLoad(url, token, getMember, 3600)
    // The load's connections open first, so the PATCH meets reads under way.
    await new Promise((resolve) => setTimeout(resolve, 250))
    const started = performance.now()
    const res = await requestJson('PATCH', `${url}/v1/activity-types/${type.id}`, token, { points })
    const ms = performance.now() - started
    reads.stop()
    const measure = await reads.done
    if (res.status !== 200) throw new Error(`points change: PATCH answered ${res.status}: ${JSON.stringify(res.body)}`)
    type.points = points
    result.ms.push(ms)
    result.getMember.push(measure)
    log(`points change ${round + 1}: ${key} to ${points} in ${ms.toFixed(0)} ms (${inWindow} activities of the type in the window); ` +
      `get member meanwhile ${measure.rps.toFixed(0)} req/s, p99 ${measure.p99} ms${measure.errors ? `, ${measure.errors} errors` : ''}`)
  }
  return result
}

/** A client syncing the workspace: every page at pageSize 100, one after another. */
async function walk (url: string, token: string, limitSeconds: number): Promise<{ pages: number, activities: number, total: number, seconds: number, complete: boolean }> {
  const started = performance.now()
  let pages = 0
  let activities = 0
  let total = 0
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/v1/activities?page=${page}&pageSize=100`, { headers: { authorization: `Bearer ${token}` } })
    const body = await res.json() as { totalActivities: number, activities: unknown[] }
    if (res.status !== 200) throw new Error(`walk: page ${page} answered ${res.status}`)
    total = body.totalActivities
    const seconds = (performance.now() - started) / 1000
    if (body.activities.length === 0) return { pages, activities, total, seconds, complete: true }
    pages++
    activities += body.activities.length
    if (seconds > limitSeconds) return { pages, activities, total, seconds, complete: false }
  }
}

/** Whether the baseline answers with the service's bodies (records are compared whole; a create by its fields). */
async function sameBodies (service: string, floor: string, token: string, seeded: Seeded): Promise<Record<string, boolean>> {
  const headers = { authorization: `Bearer ${token}` }
  const get = async (url: string) => await (await fetch(url, { headers })).json() as Record<string, unknown>
  const create = async (url: string) => await (await fetch(`${url}/v1/members`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Same', primaryEmail: 'same@example.com' })
  })).json() as { member: Record<string, unknown> }
  const shape = (record: Record<string, unknown>) => Object.entries(record).map(([key, value]) => `${key}:${value === null ? 'null' : typeof value}`).sort()
  const result: Record<string, boolean> = {}
  for (const [name, path] of [['get company', `/v1/companies/${seeded.companyIds[0]}`], ['get member', `/v1/members/${seeded.memberIds[0]}`],
    ['list activities page 1', '/v1/activities?page=1&pageSize=100']] as const) {
    result[name] = isDeepStrictEqual(await get(service + path), await get(floor + path))
  }
  result['create member'] = isDeepStrictEqual(shape((await create(service)).member), shape((await create(floor)).member))
  return result
}

interface Workers {
  one: number
  two: number
  ratio: number
}

/**
 * WORKERS=2 against WORKERS=1 on get member, or undefined when the service has no such setting: with it,
 * WORKERS=2 runs more processes than WORKERS=1.
 */
async function compareWorkers (url: string, token: string, getMember: Operation): Promise<Workers | undefined> {
  const rates: Record<number, number[]> = { 1: [], 2: [] }
  for (let round = 0; round < ROUNDS; round++) {
    const one = await service(url, 1)
    const processes = processTree(one.process.pid!).length
    await load(one.url, token, getMember, 1)
    rates[1]!.push((await load(one.url, token, getMember)).rps)
    await one.stop()
    const two = await service(url, 2)
    // Workers start after the first one answers: wait for more processes than one worker has, or give up.
    const deadline = performance.now() + 3000
    while (processTree(two.process.pid!).length <= processes && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (processTree(two.process.pid!).length <= processes) {
      await two.stop()
      return undefined
    }
    // A warm-up second lets the last worker come up and warms every worker's JIT.
    await load(two.url, token, getMember, 1)
    rates[2]!.push((await load(two.url, token, getMember)).rps)
    await two.stop()
  }
  const one = median(rates[1]!)
  const two = median(rates[2]!)
  return { one, two, ratio: two / one }
}

async function main (): Promise<void> {
  const db = await database()
  const { seeded } = db
  const token = await signToken(SECRET, { workspaceId: seeded.workspaceId, ttl: '24h', algorithm: 'HS256' })
  const server = await service(db.url)
  if (args['bulk-only']) {
    const bulk = await bulkMeasures(server.url, db.url, token, seeded)
    await server.stop()
    db.stop()
    process.stdout.write(table(['What', 'Target', 'Measured', 'Met'], bulkTargets(args.postgres ? 'postgres' : 'sqlite', bulk)).join('\n') + '\n')
    return
  }
  const floor = await baseline(db.url)
  log(`service up in ${server.startupMs.toFixed(0)} ms; baseline up`)
  const bodies = await sameBodies(server.url, floor.url, token, seeded)
  for (const [name, same] of Object.entries(bodies)) if (!same) log(`WARNING: the baseline's body for ${name} differs from the service's`)
  const ops = operations(seeded)
  // Warm both up (JIT, caches) on every read they share, so round 1's first operations are not measured cold.
  const reads = ops.filter((op) => op.baseline === true && op.method === 'GET')
  for (const url of [server.url, floor.url]) for (const op of reads) await load(url, token, op, 2)
  const runs = new Map<string, { service: Measure[], baseline: Measure[] }>(ops.map((op) => [op.name, { service: [], baseline: [] }]))
  for (let round = 1; round <= ROUNDS; round++) {
    for (const op of ops) {
      // Alternate which one goes first, so neither always meets a warmer cache.
      const order = round % 2 === 1 ? ['service', 'baseline'] as const : ['baseline', 'service'] as const
      for (const side of order) {
        if (side === 'baseline' && op.baseline !== true) continue
        const measure = await load(side === 'service' ? server.url : floor.url, token, op)
        runs.get(op.name)![side].push(measure)
        const failures = Object.entries(measure.statuses).map(([status, count]) => `${count}×${status}`).join(' ')
        // The service's resident memory after each operation shows which one makes the peak.
        const rss = side === 'service' ? `  rss ${currentRssMb(server.process.pid!).toFixed(0)} MB` : ''
        log(`round ${round} ${side.padEnd(8)} ${op.name.padEnd(28)} ${measure.rps.toFixed(0).padStart(6)} req/s  p99 ${measure.p99} ms${rss}` +
          `${measure.errors ? `  ${measure.errors} errors ${failures}` : ''}`)
      }
    }
  }
  log('changing a type\'s points under load...')
  const points = await pointsChange(server.url, token, ops.find((op) => op.name === 'get member')!)
  log('walking every page...')
  const walked = await walk(server.url, token, Number(args['walk-limit']))
  log('bulk ingestion, then the store\'s createMany...')
  const bulk = await bulkMeasures(server.url, db.url, token, seeded)
  const rss = peakRssMb(server.process.pid!)
  await server.stop()
  await floor.stop()

  log('startup, then WORKERS=2 against 1...')
  const startups: number[] = []
  for (let i = 0; i < 3; i++) {
    const restarted = await service(db.url)
    startups.push(restarted.startupMs)
    await restarted.stop()
  }
  const workers = await compareWorkers(db.url, token, ops.find((op) => op.name === 'get member')!)
  db.stop()

  const rows = ops.map((op) => {
    const r = runs.get(op.name)!
    const statuses: Record<string, number> = {}
    for (const m of r.service) for (const [status, count] of Object.entries(m.statuses)) statuses[status] = (statuses[status] ?? 0) + count
    const s = { rps: median(r.service.map((m) => m.rps)), p50: median(r.service.map((m) => m.p50)), p99: median(r.service.map((m) => m.p99)), errors: r.service.reduce((sum, m) => sum + m.errors, 0), statuses }
    const baselineOf = op.baseline === true ? op.name : op.name === 'create activity' ? 'create member' : undefined
    const b = baselineOf === undefined ? undefined : median(runs.get(baselineOf)!.baseline.map((m) => m.rps))
    const bp99 = baselineOf === undefined ? undefined : median(runs.get(baselineOf)!.baseline.map((m) => m.p99))
    return { op: op.name, ...s, baselineRps: b, baselineP99: bp99, ratio: b === undefined ? undefined : s.rps / b }
  })
  const row = (name: string) => rows.find((r) => r.op === name)!
  const report = {
    date: new Date().toISOString(),
    store: args.postgres ? 'postgres' : 'sqlite',
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
    settings: { scale: SCALE, duration: DURATION, rounds: ROUNDS, connections: CONNECTIONS },
    seed: { seconds: seeded.seconds, phases: seeded.phases, seededThisRun: db.seededNow },
    sameBodies: bodies,
    startupMs: median(startups),
    peakRssMb: rss,
    walk: { ...walked, estimatedSeconds: walked.complete ? walked.seconds : walked.seconds * Math.ceil(walked.total / 100) / walked.pages },
    lastPageP99OverPage1: row('list activities last page').p99 / Math.max(row('list activities page 1').p99, 1),
    workers,
    bulk,
    engagement: {
      busiest: seeded.busiest.activities,
      quietest: seeded.quietest.activities,
      deepMemberPage,
      pointsChange: {
        key: points.key,
        inWindow: points.inWindow,
        ms: median(points.ms),
        rounds: points.ms,
        getMemberP99: median(points.getMember.map((m) => m.p99)),
        getMemberRps: median(points.getMember.map((m) => m.rps)),
        getMemberErrors: points.getMember.reduce((sum, m) => sum + m.errors, 0)
      }
    },
    operations: rows
  }
  mkdirSync(join('bench', 'results'), { recursive: true })
  const file = join('bench', 'results', `${report.store}-${report.date.slice(0, 19).replaceAll(':', '')}.json`)
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n')
  process.stdout.write(markdown(report) + `\n\n(saved as ${file})\n`)
}

type Report = Record<string, any>

const fixed = (value: number | undefined, digits = 0) => value === undefined ? '—' : value.toFixed(digits)

/** The targets (BENCHMARKS.md) with what this run measured: [what, target, measured, met]. */
function targets (report: Report): string[][] {
  const row = (name: string) => report.operations.find((r: any) => r.op === name)
  const ratio = (name: string) => row(name).ratio as number
  const yes = (met: boolean) => met ? 'yes' : '**no**'
  const walk = report.walk
  const exact = walk.complete && walk.activities === walk.total
  return [
    ['get company / get member req/s', '>= 0.8x baseline', `${fixed(ratio('get company'), 2)}x / ${fixed(ratio('get member'), 2)}x`,
      yes(ratio('get company') >= 0.8 && ratio('get member') >= 0.8)],
    ['create member, create activity req/s', '>= 0.8x baseline', `${fixed(ratio('create member'), 2)}x / ${fixed(ratio('create activity'), 2)}x`,
      yes(ratio('create member') >= 0.8 && ratio('create activity') >= 0.8)],
    ['activity list, last page p99 (pageSize 100)', '<= 2x page 1 p99',
      `${fixed(row('list activities last page').p99)} ms / ${fixed(row('list activities page 1').p99)} ms = ${fixed(report.lastPageP99OverPage1, 2)}x`,
      yes(report.lastPageP99OverPage1 <= 2)],
    ['full walk by pages of 100', 'under 60 s', `${walk.pages} pages in ${fixed(walk.seconds, 1)} s${walk.complete ? '' : ` (stopped; ~${fixed(walk.estimatedSeconds)} s for all)`}`,
      yes(walk.estimatedSeconds < 60)],
    ['totalActivities', 'exact, O(1)', walk.complete ? `${exact ? 'exact' : 'NOT exact'}: ${walk.total} reported, ${walk.activities} walked` : 'walk stopped: not checked',
      walk.complete ? yes(exact) : '—'],
    ['peak RSS of the service', '<= 150 MB', `${fixed(report.peakRssMb)} MB`, yes(report.peakRssMb <= 150)],
    ['startup on the seeded database', '< 1 s', `${fixed(report.startupMs)} ms`, yes(report.startupMs < 1000)],
    ['WORKERS=2 vs 1, get member', '>= 1.6x', report.workers === undefined ? 'n/a (no WORKERS setting)' : `${fixed(report.workers.two)} / ${fixed(report.workers.one)} req/s = ${fixed(report.workers.ratio, 2)}x`,
      report.workers === undefined ? '—' : yes(report.workers.ratio >= 1.6)],
    ...engagementTargets(report),
    ...bulkTargets(report.store, report.bulk),
    ['seeding', 'under 60 s', `${fixed(report.seed.seconds, 1)} s${report.seed.seededThisRun ? '' : ' (an earlier run\'s)'}`,
      report.store === 'sqlite' ? yes(report.seed.seconds < 60) : '—']
  ]
}

/** Engagement's targets: reads that cost the same whatever a member's history, lists by pulse, creates, a points change. */
function engagementTargets (report: Report): string[][] {
  const row = (name: string) => report.operations.find((r: any) => r.op === name)
  const yes = (met: boolean) => met ? 'yes' : '**no**'
  const e = report.engagement
  const most = row('get member, most activities')
  const fewest = row('get member, fewest activities')
  const byActivities = most.rps / fewest.rps
  const plain = row('list members page 1')
  const first = row('list members sort=-pulse page 1')
  const deep = row('list members sort=-pulse deep page')
  const [firstRatio, deepRatio] = [first.rps / plain.rps, deep.rps / plain.rps]
  const create = row('create activity').ratio as number
  const createTarget = report.store === 'sqlite' ? 0.75 : 0.56
  const p = e.pointsChange
  return [
    [`get member, ${e.busiest.toLocaleString('en')} activities vs ${e.quietest}`, '>= 0.9x',
      `${fixed(most.rps)} / ${fixed(fewest.rps)} req/s = ${fixed(byActivities, 2)}x`, yes(byActivities >= 0.9)],
    [`list members sort=-pulse, page 1 / page ${e.deepMemberPage} (pageSize 100)`, '>= 0.5x default order page 1',
      `${fixed(first.rps)} (p99 ${fixed(first.p99)} ms) / ${fixed(deep.rps)} (p99 ${fixed(deep.p99)} ms) against ${fixed(plain.rps)} req/s = ` +
      `${fixed(firstRatio, 2)}x / ${fixed(deepRatio, 2)}x`, yes(firstRatio >= 0.5 && deepRatio >= 0.5)],
    ['create activity, floor per store', `>= ${createTarget}x baseline create member`, `${fixed(create, 2)}x`, yes(create >= createTarget)],
    [`a type's points change (${p.inWindow.toLocaleString('en')} of its activities in the window)`, 'reported',
      `answered in ${fixed(p.ms)} ms (rounds: ${p.rounds.map((ms: number) => fixed(ms)).join(', ')}); get member meanwhile p99 ${fixed(p.getMemberP99)} ms ` +
      `(${fixed(row('get member').p99)} ms without), ${fixed(p.getMemberRps)} req/s, ${p.getMemberErrors} errors`, '—']
  ]
}

/** Bulk ingestion's targets, on a new workspace's backlog; the same measure in the seeded workspace is reported. */
function bulkTargets (store: string, bulk: BulkMeasures): string[][] {
  const yes = (met: boolean) => met ? 'yes' : '**no**'
  const measured = (b: BulkIngestion) => `${fixed(b.serviceRate)} / ${fixed(b.createManyRate)} activities/s = ${fixed(b.ratio, 2)}x` +
    `${b.failed > 0 ? ` (${b.failed} items failed)` : ''}`
  const { newWorkspace: fresh, seeded } = bulk
  return [
    [`bulk activities into a new workspace (${fresh.requests} requests of ${BULK_ITEMS}, half re-deliveries)`, '>= 0.7x createMany',
      measured(fresh), yes(fresh.ratio >= 0.7 && fresh.failed === 0)],
    ...(store === 'sqlite' ? [['bulk activities into a new workspace on SQLite', '>= 10,000 activities/s', `${fixed(fresh.serviceRate)} activities/s`, yes(fresh.serviceRate >= 10_000)]] : []),
    ['the same into the seeded workspace (its million activities)', 'reported', measured(seeded), '—']
  ]
}

function engagementRatio (report: Report): number {
  const row = (name: string) => report.operations.find((r: any) => r.op === name)
  return row('member engagement, most activities').rps / row('member engagement, fewest activities').rps
}

const table = (head: string[], rows: string[][]) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)]

function markdown (report: Report): string {
  const statuses = (row: any) => Object.entries(row.statuses as Record<string, number>).map(([status, count]) => `${count}×${status}`).join(' ')
  const phases = report.seed.phases
  return [
    `${report.store}, ${report.walk.total} activities, ${report.machine.cpus} × ${report.machine.cpu}, ${report.machine.memoryGb} GB, Node ${report.machine.node}; ` +
      `${report.settings.connections} connections, ${report.settings.duration} s per operation, median of ${report.settings.rounds} rounds`,
    '',
    ...table(['Operation', 'req/s', 'p50 ms', 'p99 ms', 'baseline req/s', 'baseline p99 ms', 'ratio', 'errors'],
      report.operations.map((row: any) => [row.op, fixed(row.rps), fixed(row.p50), fixed(row.p99), fixed(row.baselineRps), fixed(row.baselineP99),
        fixed(row.ratio, 2), row.errors === 0 ? '0' : `${row.errors} ${statuses(row)}`])),
    '',
    ...table(['What', 'Target', 'Measured', 'Met'], targets(report)),
    '',
    `- seeding: ${fixed(report.seed.seconds, 1)} s${report.seed.seededThisRun ? '' : ' (reused from an earlier run)'}: companies ${fixed(phases.companies, 1)} s, ` +
      `members ${fixed(phases.members, 1)} s, activities ${fixed(phases.activities, 1)} s; ${fixed(phases.inStore, 1)} s of it inside createMany`,
    `- the baseline answers with the service's bodies: ${Object.entries(report.sameBodies).map(([name, same]) => `${name} ${same ? 'yes' : '**no**'}`).join(', ')}`,
    '- create activity has no baseline operation: its ratio is to the baseline\'s create member',
    `- member engagement (the breakdown, computed at every read), most / fewest activities: ${fixed(engagementRatio(report), 2)}x`
  ].join('\n')
}

await main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
