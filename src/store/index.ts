import type { DatabaseConfig } from '../config.js'
import { openPostgresStore } from './postgres/index.js'
import { openSqliteStore } from './sqlite/index.js'
import type { Store } from './types.js'

/** What the process opening the store does with it: `bulk`, it writes records by the ten thousand (an import). */
export interface StoreUse {
  bulk?: boolean
}

/** The one place that chooses the implementation from the configuration. Opening applies pending migrations. */
export async function openStore (database: DatabaseConfig, use: StoreUse = {}): Promise<Store> {
  switch (database.kind) {
    case 'sqlite':
      return await openSqliteStore(database.path, { synchronous: database.synchronous, bulk: use.bulk })
    case 'postgres':
      return await openPostgresStore(database.url, {
        poolSize: database.poolSize,
        queueLimit: database.queueLimit,
        statementTimeoutMs: database.statementTimeoutMs,
        acquireTimeoutMs: database.acquireTimeoutMs,
        fastPaths: database.fastPaths
      })
  }
}
