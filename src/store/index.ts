import type { DatabaseConfig } from '../config.js'
import { openSqliteStore } from './sqlite/index.js'
import type { Store } from './types.js'

/** The one place that chooses the implementation from the configuration. */
export async function openStore (database: DatabaseConfig): Promise<Store> {
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.path, { synchronous: database.synchronous })
    case 'postgres':
      throw new Error('PostgreSQL is not supported yet: set DATABASE_URL to a file: path or leave it unset')
  }
}
