import type { Db } from './database.js'

/**
 * A table of (workspace_id, value, owner id) pairs that indexes one list-valued field of a record (its tags),
 * so a filter on a value is an index range, not a scan of JSON in every row.
 */
export function sideTable (db: Db, table: string, valueColumn: string, ownerColumn: string) {
  const clear = db.prepare(`DELETE FROM ${table} WHERE workspace_id = ? AND ${ownerColumn} = ?`)
  const add = db.prepare(`INSERT OR IGNORE INTO ${table} (workspace_id, ${valueColumn}, ${ownerColumn}) VALUES (?, ?, ?)`)
  return {
    replace (workspaceId: string, ownerId: string, values: readonly string[]): void {
      clear.run(workspaceId, ownerId)
      for (const value of values) add.run(workspaceId, value, ownerId)
    },
    /** The list condition "the record has the value in @param". */
    having (param: string): string {
      return `id IN (SELECT ${ownerColumn} FROM ${table} WHERE workspace_id = @workspace_id AND ${valueColumn} = @${param})`
    }
  }
}
