import type { Migration } from '../migration.js'
import { migrations } from './migrations/index.js'
import type { Pool } from './database.js'

// Any constant works: it names "this service's schema migrations" among the database's advisory locks.
const MIGRATION_LOCK = 7_301_450_914_338_112

/**
 * Applies the migrations this database lacks, in order, each in its own transaction. Each one first takes a
 * transaction-level advisory lock, then checks schema_migrations: instances starting together queue on the
 * lock, and the later ones find the version recorded and skip it. The lock ends with the transaction, so a
 * crashed instance never leaves it held. Returns the versions this call applied.
 */
export async function migrate (pool: Pool, list: readonly Migration[] = migrations): Promise<number[]> {
  const applied: number[] = []
  for (const migration of list) {
    const done = await pool.begin(async (tx) => {
      // Migrations may take longer than the request statement timeout, and so may the wait for the lock.
      await tx`SET LOCAL statement_timeout = 0`
      await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`
      await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`
      const [row] = await tx`SELECT 1 FROM schema_migrations WHERE version = ${migration.version}`
      if (row !== undefined) return false
      await tx.unsafe(migration.sql).simple()
      await tx`INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, ${migration.name})`
      return true
    })
    if (done) applied.push(migration.version)
  }
  return applied
}
