import { isId } from '../domain/uuid.js'
import type { Db, Driver } from './driver.js'
import type { BaseRow } from './model/records.js'
import { emptySql, exportedOf, restoredRows } from './model/transfer.js'
import type { TransferCursor, TransferKind, TransferStore } from './types.js'

/** What a transfer needs of a kind's table: its keyset pages, and how rows as exported go back in (in a transaction). */
export interface TransferTable {
  pageAfter: (workspaceId: string, after: TransferCursor | undefined, limit: number) => Promise<BaseRow[]>
  restore: (tx: Db, workspaceId: string, rows: readonly BaseRow[]) => Promise<void>
}

// Moving a workspace out and in (the records: model/transfer.ts); each restore is one transaction.
export function transfer (driver: Driver, tables: Record<TransferKind, TransferTable>): TransferStore {
  return {
    async page (workspaceId, kind, after, limit) {
      return (await tables[kind].pageAfter(workspaceId, after, limit)).map((row) => exportedOf(kind, row))
    },
    async isEmpty (workspaceId) {
      if (!isId(workspaceId)) return true
      const [row] = await driver.db.all<{ empty: boolean | number }>(emptySql('$1'), [workspaceId])
      return row?.empty === true || row?.empty === 1
    },
    async restore (workspaceId, kind, records) {
      const rows = restoredRows(kind, workspaceId, records)
      await driver.transaction(async (tx) => await tables[kind].restore(tx, workspaceId, rows))
    }
  }
}
