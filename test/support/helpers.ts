import assert from 'node:assert/strict'
import { createHmac, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { TestContext } from 'node:test'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import postgres from 'postgres'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import type { Store } from '../../src/store/types.js'
import type { Clock } from '../../src/domain/time.js'
import type { Activity } from '../../src/schemas/activities.js'
import type { Channel } from '../../src/schemas/channels.js'
import type { Company } from '../../src/schemas/companies.js'
import type { Member } from '../../src/schemas/members.js'

type InjectPayload = InjectOptions['payload']

export const TEST_SECRET = 'test-secret-of-at-least-thirty-two-bytes'

/** Store options a test may set (small counted-index blocks, to make many; a clock the test moves). */
export interface TestStoreOptions {
  listBlockSize?: number
  clock?: Clock
}

/** The path of a SQLite database in a new temporary folder, removed when the test ends. */
export function tempDatabasePath (t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'records-test-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return join(dir, 'records.db')
}

/** A store the whole API suite runs against; each `open` gives a fresh, empty database. */
export interface TestStore {
  name: string
  open (options?: TestStoreOptions): Promise<Store>
}

const sqlite: TestStore = {
  name: 'sqlite',
  async open (options = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'records-test-'))
    const store = await openSqliteStore(join(dir, 'records.db'), { synchronous: 'normal', ...options })
    return {
      ...store,
      async close () {
        await store.close()
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}

// PostgreSQL: the server scripts/test.mjs started (or the one TEST_DATABASE_URL names); absent, sqlite only.
const POSTGRES_URL = process.env.TEST_DATABASE_URL || undefined
export const postgresAvailable = POSTGRES_URL !== undefined

/**
 * Whether the PostgreSQL stores the tests open take their fast paths (src/store/postgres/fast-paths.ts):
 * TEST_STORE_FAST_PATHS=off runs them on the ordinary path alone (scripts/test.mjs's second pass).
 */
export const postgresFastPaths = fastPathsSetting(process.env.TEST_STORE_FAST_PATHS)
function fastPathsSetting (value: string | undefined): boolean {
  if (value !== undefined && value !== '' && value !== 'on' && value !== 'off') throw new Error(`TEST_STORE_FAST_PATHS must be on or off, got "${value}"`)
  return value !== 'off'
}

export interface PostgresSchema {
  /** TEST_DATABASE_URL with search_path set to the schema. */
  url: string
  /** Runs SQL in the schema (for tests that check what the API cannot show). */
  sql: postgres.Sql
  drop (): Promise<void>
}

/** A fresh, empty schema on the test PostgreSQL, so every store opened on it is independent of the others. */
export async function postgresSchema (): Promise<PostgresSchema> {
  if (POSTGRES_URL === undefined) throw new Error('TEST_DATABASE_URL is unset: run the tests through npm test')
  const name = `test_${randomUUID().replaceAll('-', '')}`
  const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE SCHEMA ${name}`)
  const url = new URL(POSTGRES_URL)
  url.searchParams.set('search_path', name)
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} })
  return {
    url: url.toString(),
    sql,
    async drop () {
      await sql.end()
      await admin.unsafe(`DROP SCHEMA ${name} CASCADE`)
      await admin.end()
    }
  }
}

const postgresStore: TestStore = {
  name: 'postgres',
  async open (options = {}) {
    const schema = await postgresSchema()
    const store = await openPostgresStore(schema.url, { poolSize: 10, statementTimeoutMs: 10_000, fastPaths: postgresFastPaths, ...options })
    return {
      ...store,
      async close () {
        await store.close()
        await schema.drop()
      }
    }
  }
}

/** Every store the API suite must pass on. */
export function testStores (): TestStore[] {
  return POSTGRES_URL === undefined ? [sqlite] : [sqlite, postgresStore]
}

/** The app exactly as production builds it, on a fresh database of `store`, closed when the test ends. */
export async function buildTestApp (t: TestContext, store: TestStore = sqlite): Promise<FastifyInstance> {
  return (await buildTestAppWithStore(t, store)).app
}

/** buildTestApp, with the store it opened, for tests of store methods no route calls (the bulk path). */
export async function buildTestAppWithStore (t: TestContext, store: TestStore = sqlite, options?: TestStoreOptions): Promise<{ app: FastifyInstance, store: Store }> {
  const opened = await openTestApp(store, options)
  t.after(opened.close)
  return { app: opened.app, store: opened.store }
}

/**
 * The app on SQLite as buildTestApp makes it (with `env`'s settings over the tests' own), listening on a free port
 * of 127.0.0.1, for tests of what crosses a real connection; closed when the test ends.
 */
export async function listeningApp (t: TestContext, env: Record<string, string> = {}): Promise<{ app: FastifyInstance, port: number }> {
  const store = await sqlite.open()
  const app = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env }), store })
  t.after(async () => {
    await app.close()
    await store.close()
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as AddressInfo).port }
}

/** The app as buildTestApp makes it, closed by the caller: for a suite whose cases share one app (each in a workspace of its own). */
export async function openTestApp (store: TestStore = sqlite, options?: TestStoreOptions): Promise<{ app: FastifyInstance, store: Store, close (): Promise<void> }> {
  // Rate limiting has tests of its own (rate-limit.test.ts); here it would only cut long runs short.
  const config = loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' })
  const opened = await store.open(options)
  // A store left open when buildApp fails (an open pool) would keep the test's process alive.
  const app = await buildApp({ config, store: opened, jwtSecret: TEST_SECRET }).catch(async (error: unknown) => {
    await opened.close()
    throw error
  })
  return {
    app,
    store: opened,
    async close () {
      await app.close()
      await opened.close()
    }
  }
}

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')

/**
 * Signs any header and payload with HS256 (or leaves the signature empty for alg "none"), so tests can make
 * both good tokens and every kind of bad one.
 */
export function signJwt (payload: Record<string, unknown>, options: { secret?: string, header?: Record<string, unknown> } = {}): string {
  const header = options.header ?? { alg: 'HS256', typ: 'JWT' }
  const unsigned = `${base64url(header)}.${base64url(payload)}`
  if (header.alg === 'none') return `${unsigned}.`
  const signature = createHmac('sha256', options.secret ?? TEST_SECRET).update(unsigned).digest('base64url')
  return `${unsigned}.${signature}`
}

/** A valid token for the workspace, good for an hour. */
export function tokenFor (workspaceId: string): string {
  return signJwt({ workspaceId, exp: Math.floor(Date.now() / 1000) + 3600 })
}

export function authHeader (workspaceId: string): Record<string, string> {
  return { authorization: `Bearer ${tokenFor(workspaceId)}` }
}

export const newWorkspace = () => randomUUID()

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
export const WIRE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/

// ---- Request and assertion helpers for the API suites ----

export type Response = LightMyRequestResponse

/** Requests on behalf of one workspace: each call signs a fresh, valid token for it. */
export function api (app: FastifyInstance, workspaceId: string) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: authHeader(workspaceId),
      ...(payload === undefined ? {} : { payload: payload as InjectPayload })
    })
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload: unknown) => send('POST', url, payload),
    put: (url: string, payload: unknown) => send('PUT', url, payload),
    patch: (url: string, payload: unknown) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url)
  }
}
export type Api = ReturnType<typeof api>

/** The one record a success body wraps under `key`, after checking the status. */
export function recordOf<T = Record<string, unknown>> (res: Response, status: number, key: string): T {
  assert.equal(res.statusCode, status, `expected ${status}, got ${res.statusCode}: ${res.body}`)
  const body = res.json() as Record<string, unknown>
  assert.deepEqual(Object.keys(body), [key], `body has exactly the key ${key}: ${res.body}`)
  return body[key] as T
}

export async function createCompany (client: Api, body: Record<string, unknown> = { name: 'Acme' }): Promise<Company> {
  return recordOf<Company>(await client.post('/v1/companies', body), 201, 'company')
}

export async function createMember (client: Api, body: Record<string, unknown> = { firstName: 'Ada' }): Promise<Member> {
  return recordOf<Member>(await client.post('/v1/members', body), 201, 'member')
}

export async function createChannel (client: Api, body: Record<string, unknown> = { name: 'general' }): Promise<Channel> {
  return recordOf<Channel>(await client.post('/v1/channels', body), 201, 'channel')
}

export async function createActivity (client: Api, body: Record<string, unknown>): Promise<Activity> {
  return recordOf<Activity>(await client.post('/v1/activities', { activityTypeKey: 'note', ...body }), 201, 'activity')
}

/** Asserts the exact error envelope (no details). */
export function assertError (res: Response, status: number, code: string, error: string): void {
  assert.equal(res.statusCode, status, res.body)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  assert.deepEqual(res.json(), { code, error })
}

export const assertNotFound = (res: Response) => assertError(res, 404, 'NOT_FOUND', 'Resource not found')
export const assertUnauthorized = (res: Response) => assertError(res, 401, 'UNAUTHORIZED', 'Authentication failed')

/**
 * Asserts a 400 envelope whose details name `field` (and say `message`, when given), and nothing else: the
 * request has one problem, so details holds one entry (a request with several gets one per field).
 */
export function assertBadRequest (res: Response, field: string, message?: string): void {
  assert.equal(res.statusCode, 400, res.body)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  const body = res.json() as { code: string, error: string, details?: Array<{ field: string, message: string }> }
  assert.deepEqual(Object.keys(body), ['code', 'error', 'details'], res.body)
  assert.equal(body.code, 'BAD_REQUEST')
  assert.equal(body.error, 'Invalid request')
  assert.equal(body.details?.length, 1, res.body)
  const [detail] = body.details ?? []
  assert.deepEqual(Object.keys(detail ?? {}), ['field', 'message'], res.body)
  assert.equal(detail?.field, field, res.body)
  if (message !== undefined) assert.equal(detail?.message, message, res.body)
  else assert.ok(typeof detail?.message === 'string' && detail.message.length > 0, res.body)
}

/** Checks the generated fields of a record just made: uuid id, wire timestamps within a few seconds of now. */
export function assertFresh (record: { id: string, createdAt: string, updatedAt: string }, before: number): void {
  assert.match(record.id, UUID)
  assert.match(record.createdAt, WIRE_TIME)
  assert.match(record.updatedAt, WIRE_TIME)
  const created = Date.parse(record.createdAt)
  assert.ok(created >= Math.floor(before / 1000) * 1000 && created <= Date.now(), `createdAt ${record.createdAt} is now`)
  assert.equal(record.updatedAt, record.createdAt)
}

/** A wire timestamp `seconds` before now (whole seconds, like the service stores them). */
export function wireTimeAgo (seconds: number): string {
  return new Date((Math.floor(Date.now() / 1000) - seconds) * 1000).toISOString().slice(0, 19) + 'Z'
}

/** Waits until the wall clock is in a later whole second than when called (timestamps have 1 s resolution). */
/** Resolves just after the wall clock enters a new second (timers may fire early, hence the loop). */
export async function nextSecond (): Promise<void> {
  const second = Math.floor(Date.now() / 1000)
  do await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)))
  while (Math.floor(Date.now() / 1000) === second)
}

export const DAY = 24 * 3600
