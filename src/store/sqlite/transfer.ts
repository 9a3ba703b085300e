import type { BaseRow } from '../model/records.js'
import { emptySql, exportedOf, restoredRows } from '../model/transfer.js'
import type { TransferCursor, TransferKind, TransferStore } from '../types.js'
import { writer, type Db } from './database.js'

/** What a transfer needs of a kind's table: its keyset pages, and how rows as exported go back in (in a transaction). */
export interface TransferTable {
  pageAfter: (workspaceId: string, after: TransferCursor | undefined, limit: number) => BaseRow[]
  restore: (workspaceId: string, rows: readonly BaseRow[]) => void
}

// Moving a workspace out and in on SQLite (the records: model/transfer.ts); each restore is one write of the writer.
export function sqliteTransfer (db: Db, tables: Record<TransferKind, TransferTable>): TransferStore {
  const empty = db.prepare(emptySql('@workspace_id')).pluck()
  const write = writer(db)
  const restore = db.transaction((workspaceId: string, kind: TransferKind, rows: readonly BaseRow[]) => tables[kind].restore(workspaceId, rows))
  return {
    async page (workspaceId, kind, after, limit) {
      return tables[kind].pageAfter(workspaceId, after, limit).map((row) => exportedOf(kind, row))
    },
    async isEmpty (workspaceId) {
      return empty.get({ workspace_id: workspaceId }) === 1
    },
    async restore (workspaceId, kind, records) {
      const rows = restoredRows(kind, workspaceId, records)
      await write(() => restore(workspaceId, kind, rows))
    }
  }
}
