import type { DatabaseConfig } from '../config.js'
import { openPostgresStore } from './postgres/index.js'
import { openSqliteStore } from './sqlite/index.js'
import type { Store } from './types.js'

/** The one place that chooses the implementation from the configuration. Opening applies pending migrations. */
export async function openStore (database: DatabaseConfig): Promise<Store> {
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.path, { synchronous: database.synchronous })
    case 'postgres':
      return await openPostgresStore(database.url, {
        poolSize: database.poolSize,
        queueLimit: database.queueLimit,
        statementTimeoutMs: database.statementTimeoutMs
      })
  }
}
