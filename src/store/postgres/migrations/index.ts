// Versioned schema, applied in order at startup (or by `npm run migrate`), each in its own transaction,
// recorded in schema_migrations. Never edit a migration that has shipped; add the next module here.
import * as initial from './0001-initial.js'
import * as countedIndex from './0002-counted-index.js'
import * as boundedIndexKeys from './0003-bounded-index-keys.js'

export interface Migration {
  version: number
  name: string
  sql: string
}

export const migrations: readonly Migration[] = [initial, countedIndex, boundedIndexKeys]
