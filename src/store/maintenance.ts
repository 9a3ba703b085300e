// What the start and the command line need of a database besides the Store: which migrations it holds, whether a
// failure to reach it is worth retrying, and an online copy of a SQLite file. The Store's own code is untouched:
// these open a connection of their own.
import { existsSync, renameSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import postgres from 'postgres'
import type { DatabaseConfig } from '../config.js'
import { Database } from './sqlite/driver.js'

export interface AppliedMigration {
  version: number
  name: string
}

/** The migrations recorded in the database's schema_migrations, in order; none for a database not yet created. */
export async function appliedMigrations (database: DatabaseConfig): Promise<AppliedMigration[]> {
  if (database.kind === 'sqlite') {
    if (database.path === ':memory:' || !existsSync(database.path)) return []
    const db = new Database(database.path, { fileMustExist: true })
    try {
      db.pragma('busy_timeout = 5000')
      const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get()
      if (table === undefined) return []
      return db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as AppliedMigration[]
    } finally {
      db.close()
    }
  }
  const sql = postgres(database.url, { max: 1, connect_timeout: 10, onnotice: () => {} })
  try {
    const [found] = await sql`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`
    if (found?.present !== true) return []
    const rows = await sql`SELECT version, name FROM schema_migrations ORDER BY version`
    return rows.map((row) => ({ version: Number(row.version), name: String(row.name) }))
  } finally {
    await sql.end({ timeout: 1 })
  }
}

// The database cannot be reached, or is not accepting connections yet: a start may wait for it. A wrong password,
// a missing database or a bad URL is not in this list, so it stops the start at once.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND',
  'EAI_AGAIN', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED',
  // the database system is shutting down, starting up, or not yet accepting connections; too many connections
  '57P01', '57P02', '57P03', '53300'])

export function isUnreachable (error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true
  // A host name with several addresses fails with every attempt's error.
  return error instanceof AggregateError && error.errors.length > 0 && error.errors.every(isUnreachable)
}

const ALL_PAGES = 0x7fffffff

/**
 * A consistent copy of the SQLite database at `source` in `destination`, taken while other processes write to it
 * (SQLite's online backup). It is written beside the destination and renamed into place when complete, so an
 * existing backup there is replaced only by a whole one. Returns the pages copied.
 */
export async function backupSqlite (source: string, destination: string): Promise<{ pages: number }> {
  const target = resolve(destination)
  const partial = join(dirname(target), `.${Date.now()}-${process.pid}.backup-partial`)
  const db = new Database(source, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    // A write by another connection between two steps starts the copy over; so after the first (empty) step
    // everything is copied in one step, in one read transaction, which a busy writer cannot restart. Writers do
    // not wait for it (WAL); the log only grows meanwhile.
    const { totalPages } = await db.backup(partial, { progress: () => ALL_PAGES })
    renameSync(partial, target)
    return { pages: totalPages }
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  } finally {
    db.close()
  }
}
