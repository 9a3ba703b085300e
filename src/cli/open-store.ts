import { loadConfig, type Config } from '../config.js'
import { isUuid } from '../domain/uuid.js'
import { openDatabase } from '../start/database.js'
import type { StoreUse } from '../store/index.js'
import type { Store } from '../store/types.js'
import { UsageError } from './usage-error.js'

/**
 * Runs `work` on the store of DATABASE_URL (migrated first; an unreachable PostgreSQL retried, a line on stderr
 * each time, as `migrate` does), and closes it whatever happens.
 */
export async function withStore<T> (work: (store: Store, config: Readonly<Config>) => Promise<T>, use: StoreUse = {}): Promise<T> {
  const config = loadConfig()
  const { store } = await openDatabase(config.database, (retry) =>
    process.stderr.write(`cannot reach the database yet (${retry.error}): trying again in ${(retry.inMs / 1000).toFixed(1)} s\n`), use)
  try {
    return await work(store, config)
  } finally {
    await store.close()
  }
}

/** A --workspace value: a uuid, in lower case as every id is stored. */
export function workspaceOption (value: string): string {
  if (!isUuid(value)) throw new UsageError(`--workspace must be a uuid, got "${value}"`)
  return value.toLowerCase()
}

/** A positive integer option no larger than `max`. */
export function countOption (name: string, max: number) {
  return (value: string): number => {
    if (!/^[0-9]+$/.test(value) || Number(value) < 1 || Number(value) > max) throw new UsageError(`${name} must be an integer from 1 to ${max}, got "${value}"`)
    return Number(value)
  }
}
