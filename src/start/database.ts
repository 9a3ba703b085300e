import { setTimeout as sleep } from 'node:timers/promises'
import type { DatabaseConfig } from '../config.js'
import { openStore, type StoreUse } from '../store/index.js'
import { appliedMigrations, isUnreachable } from '../store/maintenance.js'
import type { Store } from '../store/types.js'

const FIRST_WAIT_MS = 500
const LONGEST_WAIT_MS = 5000

export interface OpenedStore {
  store: Store
  /** The migrations this start applied ("0003 bounded index keys"), none when the schema was up to date. */
  migrations: string[]
}

/** The store and the database it is on, for a log line or a message: the URL's password is never shown. */
export function describeDatabase (database: DatabaseConfig): { store: 'sqlite' | 'postgres', data: string } {
  if (database.kind === 'sqlite') return { store: 'sqlite', data: database.path }
  return { store: 'postgres', data: redactUrl(database.url) }
}

export function redactUrl (text: string): string {
  try {
    const url = new URL(text)
    if (url.password !== '') url.password = '***'
    // A password may also come as a query parameter (libpq's password=...).
    if (url.searchParams.has('password')) url.searchParams.set('password', '***')
    return url.toString()
  } catch {
    return '(unparsable URL)'
  }
}

/**
 * Opens the store, which applies the migrations the database lacks, and says which it applied. A PostgreSQL
 * database that cannot be reached yet (a container starting beside this one) is tried again after 0.5 s, then
 * after twice as long each time up to 5 s, until `connectTimeoutSeconds` have passed; `onRetry` hears of each wait.
 */
export async function openDatabase (database: DatabaseConfig, onRetry: (retry: { attempt: number, inMs: number, error: string }) => void,
  use: StoreUse = {}): Promise<OpenedStore> {
  const deadline = Date.now() + (database.kind === 'postgres' ? (database.connectTimeoutSeconds ?? 0) * 1000 : 0)
  let wait = FIRST_WAIT_MS
  for (let attempt = 1; ; attempt++) {
    try {
      const before = await appliedMigrations(database)
      const store = await openStore(database, use)
      const known = new Set(before.map((migration) => migration.version))
      const after = await appliedMigrations(database)
      return { store, migrations: after.filter((migration) => !known.has(migration.version)).map(migrationLabel) }
    } catch (error) {
      const left = deadline - Date.now()
      if (!isUnreachable(error) || left <= 0) throw unreachable(error, database)
      const inMs = Math.min(wait, left)
      onRetry({ attempt, inMs, error: message(error) })
      await sleep(inMs)
      wait = Math.min(wait * 2, LONGEST_WAIT_MS)
    }
  }
}

export function migrationLabel (migration: { version: number, name: string }): string {
  return `${String(migration.version).padStart(4, '0')} ${migration.name}`
}

function unreachable (error: unknown, database: DatabaseConfig): unknown {
  if (!isUnreachable(error) || database.kind !== 'postgres') return error
  const waited = (database.connectTimeoutSeconds ?? 0) === 0 ? '' : ` after trying for ${database.connectTimeoutSeconds} s (DATABASE_CONNECT_TIMEOUT_SECONDS)`
  return new Error(`cannot reach PostgreSQL at ${redactUrl(database.url)}${waited}: ${message(error)}`, { cause: error })
}

function message (error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return message(error.errors[0])
  const text = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && !text.includes(code) ? `${code} ${text}` : text
}
