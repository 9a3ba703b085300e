import { isId } from '../../domain/uuid.js'
import type { BaseRow } from '../model/records.js'
import { emptySql, exportedOf, restoredRows } from '../model/transfer.js'
import type { TransferCursor, TransferKind, TransferStore } from '../types.js'
import { statement, transaction, type Db, type Pool } from './database.js'

/** What a transfer needs of a kind's table: its keyset pages, and how rows as exported go back in (in a transaction). */
export interface TransferTable {
  pageAfter: (db: Db, workspaceId: string, after: TransferCursor | undefined, limit: number) => Promise<BaseRow[]>
  restore: (db: Db, workspaceId: string, rows: readonly BaseRow[]) => Promise<void>
}

const empty = statement<{ empty: boolean }>(emptySql('$1'))

// Moving a workspace out and in on PostgreSQL (the records: model/transfer.ts); each restore is one transaction.
export function postgresTransfer (pool: Pool, tables: Record<TransferKind, TransferTable>): TransferStore {
  return {
    async page (workspaceId, kind, after, limit) {
      return (await tables[kind].pageAfter(pool, workspaceId, after, limit)).map((row) => exportedOf(kind, row))
    },
    async isEmpty (workspaceId) {
      if (!isId(workspaceId)) return true
      const [row] = await empty(pool, workspaceId)
      return row?.empty === true
    },
    async restore (workspaceId, kind, records) {
      const rows = restoredRows(kind, workspaceId, records)
      await transaction(pool, async (tx) => await tables[kind].restore(tx, workspaceId, rows))
    }
  }
}
