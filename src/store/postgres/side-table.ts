import { allSettled, statement, type Db } from './database.js'

/**
 * A table of (workspace_id, value, owner id) rows that indexes one list-valued field of a record (its tags), so a
 * filter on a value is an index range, not a scan of the arrays of every row.
 */
export function sideTable (table: string, valueColumn: string, ownerColumn: string, valueType: string) {
  const clear = statement(`DELETE FROM ${table} WHERE workspace_id = $1 AND ${ownerColumn} = $2`)
  const add = statement(`INSERT INTO ${table} (workspace_id, ${valueColumn}, ${ownerColumn})
    SELECT $1::uuid, value, $2::uuid FROM unnest($3::${valueType}[]) AS value ON CONFLICT DO NOTHING`)
  return {
    /**
     * Makes the owner's rows hold `values` instead of `previous` (what they hold now: [] for a new owner);
     * the statements go out together, and none when nothing changes.
     */
    async replace (db: Db, workspaceId: string, ownerId: string, values: readonly string[], previous: readonly string[]): Promise<void> {
      if (!differs(values, previous)) return
      await allSettled([
        ...(previous.length > 0 ? [clear(db, workspaceId, ownerId)] : []),
        ...(values.length > 0 ? [add(db, workspaceId, ownerId, values)] : [])
      ])
    },
    /** The list condition "the record has the value in `placeholder`" (see ownedBy). */
    having (placeholder: string): string {
      return ownedBy(`SELECT ${ownerColumn} FROM ${table} WHERE workspace_id = $1 AND ${valueColumn} = ${placeholder}`)
    }
  }
}

/** Whether two column values differ (arrays by their elements). */
export const differs = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) !== JSON.stringify(b) : a !== b

/**
 * The list condition "id is one of those `ids` (a SELECT of one uuid column) returns". As an array rather than
 * `id IN (...)`, so the rows are fetched by their primary key, one per id: a semi-join may instead read every
 * row of the workspace and probe a hash of the ids whenever the planner expects many of them to match.
 */
export const ownedBy = (ids: string): string => `id = ANY (ARRAY(${ids}))`
