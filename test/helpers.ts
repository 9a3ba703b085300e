import { createHmac, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestContext } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { openSqliteStore } from '../src/store/sqlite/index.js'
import type { Store } from '../src/store/types.js'

export const TEST_SECRET = 'test-secret-of-at-least-thirty-two-bytes'

/** A store the whole API suite runs against; each `open` gives a fresh, empty database. */
export interface TestStore {
  name: string
  open (): Promise<Store>
}

const sqlite: TestStore = {
  name: 'sqlite',
  async open () {
    const dir = mkdtempSync(join(tmpdir(), 'records-test-'))
    const store = openSqliteStore(join(dir, 'records.db'), { synchronous: 'normal' })
    return {
      ...store,
      async close () {
        await store.close()
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}

/** Every store the API suite must pass on. */
export function testStores (): TestStore[] {
  return [sqlite]
}

/** The app exactly as production builds it, on a fresh database of `store`, closed when the test ends. */
export async function buildTestApp (t: TestContext, store: TestStore = sqlite): Promise<FastifyInstance> {
  const config = loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent' })
  const opened = await store.open()
  const app = await buildApp({ config, store: opened, jwtSecret: TEST_SECRET })
  t.after(async () => {
    await app.close()
    await opened.close()
  })
  return app
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
