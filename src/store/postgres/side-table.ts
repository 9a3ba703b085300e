import { allSettled, statement, type Db } from './database.js'

/**
 * A table of (workspace_id, value, owner id) rows that indexes one list-valued field of a record (its tags), so a
 * filter on a value is an index range, not a scan of the arrays of every row.
 */
export function sideTable (table: string, valueColumn: string, ownerColumn: string, valueType: string) {
  const clear = statement(`DELETE FROM ${table} WHERE workspace_id = $1 AND ${ownerColumn} = $2`)
  const add = statement(`INSERT INTO ${table} (workspace_id, ${valueColumn}, ${ownerColumn})
    SELECT $1::uuid, value, owner FROM unnest($2::${valueType}[], $3::uuid[]) AS pair (value, owner) ON CONFLICT DO NOTHING`)
  /** The rows of new owners (nothing to clear): one statement for all of them, none when they hold no value. */
  async function insert (db: Db, workspaceId: string, owners: ReadonlyArray<{ id: string, values: readonly string[] }>): Promise<void> {
    const values = owners.flatMap((owner) => owner.values)
    if (values.length > 0) await add(db, workspaceId, values, owners.flatMap((owner) => owner.values.map(() => owner.id)))
  }
  return {
    insert,
    /**
     * Makes the owner's rows hold `values` instead of `previous` (what they hold now); the statements go out
     * together, and none when nothing changes.
     */
    async replace (db: Db, workspaceId: string, ownerId: string, values: readonly string[], previous: readonly string[]): Promise<void> {
      if (!differs(values, previous)) return
      await allSettled([
        ...(previous.length > 0 ? [clear(db, workspaceId, ownerId)] : []),
        insert(db, workspaceId, [{ id: ownerId, values }])
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
