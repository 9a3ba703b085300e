import { createHash } from 'node:crypto'
import type { Dialect } from './list-query.js'
import type { BaseRow } from './records.js'
import { ConflictError } from '../types.js'

// Which stored record an incoming one stands for (docs/ingestion.md): an activity or a channel by its
// (source, externalId), a company by its normalised domain, a member by its primary email among every member's
// emails. Ingestion updates the record it finds instead of creating another; a unique match also refuses a write
// that would give a second record the key (409).

export interface Match<Row = BaseRow> {
  /** The key of a row, none when the row has nothing to match on (no externalId, no domain, no email). */
  key: (row: Row) => readonly string[] | undefined
  /** How the key is found: columns equal to its values, or a side table's term (kind `where`) equal to its one value. */
  where:
  | { kind: 'columns', columns: ReadonlyArray<readonly [column: string, bounded: boolean]> }
  | { kind: 'side', table: string, owner: string, column: string, where: string }
  /**
   * Whether a write giving a record a key another holds is refused, naming the field of `fields` it changes.
   * `keys`: every key a row holds that no other row may hold, each with the field holding it (a member's emails);
   * none: the match key alone.
   */
  unique?: { fields: readonly string[], keys?: (row: Row) => UniqueKey[] }
}

/** A key no two rows may share, and the request field that gives it to a row (none: the first of `unique.fields` a write sets). */
export interface UniqueKey {
  key: readonly string[]
  field?: string
}

/**
 * The statement finding the record with a key: the oldest, when data written before the rule holds several.
 * Its parameters are the workspace and the key's values, in order.
 */
export function matchSql (table: string, columns: string, match: Match<never>, dialect: Dialect): string {
  const W = dialect.workspace
  const { where } = match
  const condition = where.kind === 'columns'
    ? where.columns.map(([column, isBounded], i) => {
      const placeholder = dialect.param(i + 1, 'text')
      const whole = `${column} = ${placeholder}`
      return isBounded && dialect.bounded !== undefined ? `${dialect.bounded(column)} = ${dialect.bounded(placeholder)} AND ${whole}` : whole
    }).join(' AND ')
    : dialect.owned(`SELECT ${where.owner} FROM ${where.table} WHERE workspace_id = ${W} AND ${where.column} = ${dialect.param(1, 'text')} AND ${where.where}`)
  // A side table's few matches are sorted, never found by walking the time index and probing each row: for a key
  // no row has (every new member's email) that walk reads the whole workspace.
  const order = where.kind === 'columns' ? 'created_at' : dialect.unindexed('created_at')
  return `SELECT ${columns} FROM ${table} WHERE workspace_id = ${W} AND ${condition} ORDER BY ${order}, id LIMIT 1`
}

/** Whether two keys differ (a row that gains, loses or changes its key). */
export const sameKey = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The unique keys of a row: those `unique.keys` gives, else its match key. */
function uniqueKeys<Row> (match: Match<Row>, row: Row): UniqueKey[] {
  if (match.unique?.keys !== undefined) return match.unique.keys(row)
  const key = match.key(row)
  return key === undefined ? [] : [{ key }]
}

/**
 * The unique keys a row written over `previous` (none: a new row) gains, which no other row may hold: none to
 * check when the resource has no unique match. `found`: a key the writer already looked up, under its lock.
 */
export function gainedKeys<Row> (match: Match<Row> | undefined, row: Row, previous: Row | undefined, found?: readonly string[]): UniqueKey[] {
  if (match?.unique === undefined) return []
  const held = new Set(previous === undefined ? [] : uniqueKeys(match, previous).map(({ key }) => JSON.stringify(key)))
  if (found !== undefined) held.add(JSON.stringify(found))
  return uniqueKeys(match, row).filter(({ key }) => !held.has(JSON.stringify(key)))
}

/** The 409 of a write that gives a row the unique key of `otherId`, naming the field that holds it, else the first the write set. */
export function keyConflict (match: Match<never>, input: object, otherId: string, field?: string): ConflictError {
  const fields = match.unique?.fields ?? []
  return new ConflictError(field ?? fields.find((name) => name in input) ?? fields[0] ?? 'key', 'is held by another record of this workspace', otherId)
}

/**
 * The advisory lock of a key of a workspace (PostgreSQL: a signed 64-bit number), so that writers finding or
 * making the record of one key run one after the other: a table-wide hash, where two keys sharing a number only
 * wait for each other.
 */
export function lockOf (table: string, workspaceId: string, key: readonly string[]): bigint {
  return createHash('sha256').update(JSON.stringify([table, workspaceId, ...key])).digest().readBigInt64BE(0)
}

/** Locks in one order everywhere (ascending), each once, so writers taking several never wait for each other in a cycle. */
export const lockOrder = (locks: Iterable<bigint>): string[] =>
  [...new Set(locks)].sort((a, b) => a < b ? -1 : a > b ? 1 : 0).map(String)

/**
 * Sorts keys (a side table's rows, as their values) value by value, as text: the order of its primary key, in which
 * a batch's inserts visit each index page once. Each key is joined once (NUL, below every character, between the
 * values keeps the order value by value), not compared value by value at each of the sort's comparisons.
 */
export function sortKeys (keys: string[][]): void {
  if (keys.length < 2) return
  const joined = keys.map((key) => ({ key, text: key.join('\u0000') }))
  joined.sort((a, b) => a.text < b.text ? -1 : a.text > b.text ? 1 : 0)
  joined.forEach(({ key }, i) => { keys[i] = key })
}

/** A row holding a key of a side-table match (a member holding an email, lower-cased): the key, the row's id and time. */
export interface Holder {
  key: string
  id: string
  created_at: number
}

const older = (a: Holder, b: Holder): boolean => a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id)

/** The oldest holder of each key, as `matching` finds it (several hold one key in legacy data). */
export function oldestHolders (holders: readonly Holder[]): Map<string, Holder> {
  const oldest = new Map<string, Holder>()
  for (const holder of holders) {
    const other = oldest.get(holder.key)
    if (other === undefined || older(holder, other)) oldest.set(holder.key, holder)
  }
  return oldest
}
