import type { Clock } from '../../domain/time.js'
import type { BaseRow } from '../model/records.js'
import { newRow, patchedRow } from '../model/rows.js'
import type { Resource } from '../model/resources.js'
import { listQuery, type Dialect, type ListQuery, type ListRequest } from '../model/list-query.js'
import { isId } from '../../domain/uuid.js'
import type { Page } from '../types.js'
import { countedIndex } from './counted-index.js'
import { byKey } from '../counted-index.js'
import { allSettled, eachInSavepoint, statement, transaction, type Counters, type Db, type Param, type Pool } from './database.js'
import { gainedKeys, keyConflict, lockOf, lockOrder, matchSql, oldestHolders, sortKeys, type Holder, type Match } from '../model/matching.js'
import type { FastPaths } from './fast-paths.js'
import { putOutcomes } from '../model/rules.js'
import type { ItemError, Put, PutOutcome, TransferCursor } from '../types.js'

/**
 * Takes the advisory locks (model/matching.ts lockOf) in ascending order, until the transaction ends: the sorted
 * subquery feeds the calls in its order.
 */
export const takeLocksSql = (locks: string) => `SELECT count(pg_advisory_xact_lock(k))::int AS n
  FROM (SELECT k FROM unnest(${locks}::int8[]) AS k ORDER BY k) AS sorted`
const takeLocks = statement(takeLocksSql('$1'))
export async function lockKeys (db: Db, locks: Iterable<bigint>): Promise<void> {
  const ordered = lockOrder(locks)
  if (ordered.length > 0) await takeLocks(db, ordered)
}

/** A resource's own part of its writes, run inside their transactions. */
export interface Hooks<Row> {
  /**
   * Rejects rows about to be written (new ones, or one changed from `previous`) by throwing; the transaction
   * rolls back. One call for a whole batch, so its look-ups are one statement.
   */
  check?: (db: Db, rows: readonly Row[], previous: Row | undefined) => Promise<void>
  /** Runs first when the row (read FOR UPDATE) is deleted: the part of the delete's cascade its description does not say. */
  beforeDelete?: (db: Db, row: Row) => Promise<void>
  /**
   * Sets the columns the store decides of rows about to be written (new ones, or one changed from `previous`),
   * once they passed their checks (a member's company); `inputs` are the writes' own, in the rows' order.
   */
  complete?: (db: Db, rows: Row[], previous: Row | undefined, inputs: readonly object[]) => Promise<void>
  /** Runs once rows are written, before they are counted: what the write does to other records. */
  written?: (db: Db, rows: readonly Row[], previous: Row | undefined) => Promise<void>
  /** Advisory locks a write of the input takes besides its key's, with them, before any row lock (model/matching.ts). */
  locks?: (workspaceId: string, input: object) => bigint[]
  /**
   * A bulk write of items judged together and written at once (a batch of independent members,
   * model/member-bulk.ts), every input's locks taken; undefined when the items go one by one.
   */
  putBatch?: (db: Db, workspaceId: string, inputs: readonly object[]) => Promise<Array<{ row: Row, created: boolean } | { error: ItemError }> | undefined>
}

export const dialect: Dialect = {
  workspace: '$1',
  // $1 the workspace, $2 the page size, $3 the offset: the filters' parameters come after.
  param: (n, type) => `$${n + 3}::${type}`,
  time: (placeholder) => `to_timestamp(${placeholder})`,
  // coalesce(c, c) is c, but no index's key: the planner cannot walk the sort's index (SQLite's unary +).
  unindexed: (expression) => `coalesce(${expression}, ${expression})`,
  // Indexes on text a client chooses hold its first 200 characters (migration 0003).
  bounded: (expression) => `left(${expression}, 200)`,
  nullsOrder: true,
  // As an array rather than `id IN (...)`, so the rows are fetched by their primary key, one per id: a semi-join
  // may instead read every row of the workspace and probe a hash of the ids whenever the planner expects many.
  owned: (subquery) => `id = ANY (ARRAY(${subquery}))`
}

/** The statement finding the row with a key (model/matching.ts): $1 the workspace, the key's values after. */
export const keyLookupSql = (table: string, columns: string, match: Match<never>): string =>
  matchSql(table, columns, match, { ...dialect, param: (n, type) => `$${n + 1}::${type}` })

/**
 * The reads and writes of a resource, compiled from its description: find a row of a workspace, insert, patch,
 * delete, list. Rows hold times as epoch seconds: written with to_timestamp(), read back with extract(epoch), so a row
 * converts to a record exactly as in SQLite (whole seconds; years 0000-9999 included). With `fast`, a new row takes
 * the fast path where it fits (fast-paths.ts wholeInsert).
 */
export function recordTable<Row extends BaseRow, Rec> (pool: Pool, counters: Counters, blockSize: number, clock: Clock,
  resource: Resource<Row>, toRecord: (row: Row) => Rec, hooks: Hooks<Row> = {}, fast?: FastPaths) {
  const times = new Set(['created_at', 'updated_at', ...resource.times])
  const readList = resource.columns.map((c) => times.has(c) ? `extract(epoch FROM ${c})::float8 AS ${c}` : c).join(', ')
  const placeholder = (column: string, n: number) => times.has(column) ? `to_timestamp($${n})` : `$${n}`
  const written = resource.columns.filter((c) => !['workspace_id', 'id', 'created_at'].includes(c) && !(c in resource.initial))

  const where = 'WHERE workspace_id = $1 AND id = $2'
  const select = statement<Row>(`SELECT ${readList} FROM ${resource.table} ${where}`)
  const selectForUpdate = statement<Row>(`SELECT ${readList} FROM ${resource.table} ${where} FOR UPDATE`)
  /** The INSERT of one row, its values (`rowValues`) from $`first` on. */
  const insertSql = (first: number) => `INSERT INTO ${resource.table} (${resource.columns.join(', ')})
    VALUES (${resource.columns.map((c, i) => placeholder(c, i + first)).join(', ')})`
  const insert = statement(insertSql(1))
  // Many rows in one statement: their columns travel as one JSON array of objects, times as epoch seconds that
  // to_timestamp() converts, every other column as the table's own type (jsonb_populate_record).
  const timeColumns = resource.columns.filter((c) => times.has(c))
  const fromJson = (c: string) => times.has(c) ? `to_timestamp((r->>'${c}')::float8)` : `p.${c}`
  const jsonRows = `jsonb_array_elements($1::text::jsonb) AS r, jsonb_populate_record(NULL::${resource.table}, r - '{${timeColumns.join(',')}}'::text[]) AS p`
  const insertMany = statement(`INSERT INTO ${resource.table} (${resource.columns.join(', ')})
    SELECT ${resource.columns.map(fromJson).join(', ')} FROM ${jsonRows}`)
  const update = statement(`UPDATE ${resource.table} SET ${written.map((c, i) => `${c} = ${placeholder(c, i + 3)}`).join(', ')} ${where}`)
  // Many rows changed in one statement, their new columns as insertMany sends them.
  const updateMany = statement(`UPDATE ${resource.table} AS x SET ${written.map((c) => `${c} = ${fromJson(c)}`).join(', ')}
    FROM ${jsonRows} WHERE x.workspace_id = p.workspace_id AND x.id = p.id`)
  const selectManyForUpdate = statement<Row>(`SELECT ${readList} FROM ${resource.table} WHERE workspace_id = $1 AND id = ANY($2::uuid[])
    ORDER BY id FOR UPDATE`)
  const remove = statement(`DELETE FROM ${resource.table} ${where}`)
  const counter = resource.counter
  const index = counter === undefined ? undefined : countedIndex(pool, counters, resource.table, counter, blockSize)
  const detach = resource.detachOnDelete.map(([other, column]) => statement(`UPDATE ${other} SET ${column} = NULL,
    updated_at = to_timestamp($3) WHERE workspace_id = $1 AND ${column} = $2`))
  const sides = resource.sideTables.map((side) => {
    const names = side.columns.map(([c]) => c).join(', ')
    /** The INSERT of side rows ($1 the workspace): their owners' ids in $`first`, each column's values after. */
    const addSql = (first: number) => `INSERT INTO ${side.table} (workspace_id, ${side.owner}, ${names})
        SELECT $1::uuid, owner, ${names} FROM unnest($${first}::uuid[], ${side.columns.map(([, type], i) => `$${i + first + 1}::${type}[]`).join(', ')})
        AS t (owner, ${names}) ON CONFLICT DO NOTHING`
    return {
      rows: side.rows,
      width: side.columns.length,
      addSql,
      clear: statement(`DELETE FROM ${side.table} WHERE workspace_id = $1 AND ${side.owner} = $2`),
      add: statement(addSql(2))
    }
  })
  const countedPage = index?.pageStatement<Row>(readList)
  // An export's pages: the rows in (created_at, id) order, after a row's key.
  const firstRows = statement<Row>(`SELECT ${readList} FROM ${resource.table} WHERE workspace_id = $1 ORDER BY created_at, id LIMIT $2`)
  const rowsAfter = statement<Row>(`SELECT ${readList} FROM ${resource.table} WHERE workspace_id = $1
    AND (created_at, id) > (to_timestamp($3), $4::uuid) ORDER BY created_at, id LIMIT $2`)

  const { match } = resource
  const matchText = match === undefined ? undefined : keyLookupSql(resource.table, readList, match)
  const selectMatch = matchText === undefined ? undefined : statement<Row>(matchText)
  const selectMatchForUpdate = matchText === undefined ? undefined : statement<Row>(`${matchText} FOR UPDATE`)
  const keyOf = (workspaceId: string, input: object, extra: Record<string, unknown> = {}) =>
    match?.key(newRow(resource, workspaceId, input, extra, 0))
  const lockOfKey = (workspaceId: string, key: readonly string[]) => lockOf(resource.table, workspaceId, key)

  /** The row of the workspace with the key (locked, with `lock`), none when there is none (or no key). */
  async function matching (db: Db, workspaceId: string, key: readonly string[] | undefined, lock = false): Promise<Row | undefined> {
    if (key === undefined || selectMatch === undefined || !isId(workspaceId)) return undefined
    const [row] = await (lock ? selectMatchForUpdate! : selectMatch)(db, workspaceId, ...key)
    return row
  }

  // The rows of many keys at once (a match on columns): each key's oldest row, by the key's index.
  const matchColumns = match?.where.kind === 'columns' ? match.where.columns : undefined
  const selectMatches = matchColumns === undefined
    ? undefined
    : statement<Row & { match_index: string }>(`SELECT k.n AS match_index, m.*
    FROM unnest(${matchColumns.map((_, i) => `$${i + 2}::text[]`).join(', ')}) WITH ORDINALITY AS k (${matchColumns.map((_, i) => `v${i}`).join(', ')}, n)
    CROSS JOIN LATERAL (SELECT ${readList} FROM ${resource.table} WHERE workspace_id = $1 AND ${matchColumns.map(([column, isBounded], i) =>
      `${isBounded ? `left(${column}, 200) = left(k.v${i}, 200) AND ` : ''}${column} = k.v${i}`).join(' AND ')}
      ORDER BY created_at, id LIMIT 1) AS m`)

  // The rows holding any of many keys of a side-table match (a member by each of a batch's emails): one statement,
  // an index look-up per key (a generic plan, as every statement: database.ts). OFFSET 0 keeps the look-ups from
  // being pulled up into a join, which the planner makes a hash join over the workspace's side rows.
  const sideMatch = match?.where.kind === 'side' ? match.where : undefined
  const holdersSql = (keys: string) => sideMatch === undefined
    ? undefined
    : `SELECT k.v AS key, m.id, extract(epoch FROM m.created_at)::float8 AS created_at
      FROM unnest(${keys}::text[]) AS k (v)
      CROSS JOIN LATERAL (SELECT ${sideMatch.owner} FROM ${sideMatch.table}
        WHERE workspace_id = $1 AND ${sideMatch.column} = k.v AND ${sideMatch.where} OFFSET 0) AS t
      CROSS JOIN LATERAL (SELECT id, created_at FROM ${resource.table} WHERE workspace_id = $1 AND id = t.${sideMatch.owner} OFFSET 0) AS m`
  const holdersText = holdersSql('$2')
  const selectHolders = holdersText === undefined ? undefined : statement<Holder>(holdersText)
  /** Every row holding one of the keys (a side-table match): its id and time, with the key; several per key for legacy data. */
  async function holders (db: Db, workspaceId: string, keys: readonly string[]): Promise<Holder[]> {
    if (keys.length === 0 || selectHolders === undefined || !isId(workspaceId)) return []
    return await selectHolders(db, workspaceId, keys)
  }

  /**
   * The id of the row `matching` finds for each key (the oldest holder), with one statement when the match is on a
   * side table, not one per key.
   */
  async function matchingIds (db: Db, workspaceId: string, keys: ReadonlyArray<readonly string[]>): Promise<Array<string | undefined>> {
    if (selectHolders === undefined) return (await matchingMany(db, workspaceId, keys)).map((row) => row?.id)
    const oldest = oldestHolders(await holders(db, workspaceId, [...new Set(keys.map((key) => key[0]!))]))
    return keys.map((key) => oldest.get(key[0]!)?.id)
  }

  /** `matching` for many keys, in one statement when the match is on columns. */
  async function matchingMany (db: Db, workspaceId: string, keys: ReadonlyArray<readonly string[] | undefined>): Promise<Array<Row | undefined>> {
    if (selectMatches === undefined) return await Promise.all(keys.map(async (key) => await matching(db, workspaceId, key)))
    const wanted = keys.flatMap((key, i) => key === undefined ? [] : [{ key, i }])
    const found: Array<Row | undefined> = keys.map(() => undefined)
    if (wanted.length === 0 || !isId(workspaceId)) return found
    const columns = matchColumns!.map((_, c) => wanted.map(({ key }) => key[c]!))
    for (const { match_index: n, ...row } of await selectMatches(db, workspaceId, ...columns)) found[wanted[Number(n) - 1]!.i] = row as unknown as Row
    return found
  }

  /**
   * A unique key a row gains may not be another row's: ConflictError naming the field the write set and the other
   * row. The keys' locks are taken first, so a concurrent writer of one waits for this transaction. `found`: the
   * key the caller looked up already, under its lock.
   */
  async function checkUnique (db: Db, row: Row, previous: Row | undefined, input: object, found?: readonly string[]): Promise<void> {
    const keys = gainedKeys(match, row, previous, found)
    if (keys.length === 0) return
    // The look-ups go out with the locks, on the transaction's connection (one round trip): the server runs each
    // once the locks are held, with a snapshot taken then, which holds every write of the keys committed before.
    const [, others] = await allSettled([
      lockKeys(db, keys.map(({ key }) => lockOfKey(row.workspace_id, key))),
      Promise.all(keys.map(async ({ key }) => await matching(db, row.workspace_id, key)))
    ])
    keys.forEach(({ field }, i) => {
      const other = others[i]
      if (other !== undefined && other.id !== row.id) throw keyConflict(match as never, input, other.id, field)
    })
  }

  const values = (row: Row, columns: readonly string[]) => columns.map((c) => (row as unknown as Record<string, Param>)[c] ?? null)
  /**
   * Rows as one JSON array of objects, for the statements that take many: strings as the driver sends them one by
   * one (a lone surrogate, which jsonb refuses, becomes U+FFFD).
   */
  const asJson = (rows: readonly Row[]) => JSON.stringify(rows.map((row) => {
    const columns = values(row, resource.columns)
    return Object.fromEntries(resource.columns.map((c, i) => [c, columns[i]]))
  }), (_, value: unknown) => typeof value === 'string' ? (value as WellFormed).toWellFormed() : value)

  async function find (db: Db, workspaceId: string, id: string, lock = false): Promise<Row | undefined> {
    if (!isId(workspaceId) || !isId(id)) return undefined
    const [row] = await (lock ? selectForUpdate : select)(db, workspaceId, id)
    return row
  }

  /**
   * The side-table rows of rows (new ones, or one that was `previous`): one statement per side table, none when
   * nothing changes; the statements go out together, each side's clearing before its insert.
   */
  async function keepSides (db: Db, workspaceId: string, rows: readonly Row[], previous?: Row): Promise<void> {
    await allSettled(sides.map(async (side) => {
      if (previous !== undefined && rows.every((row) => JSON.stringify(side.rows(row)) === JSON.stringify(side.rows(previous)))) return
      const [owners = [], ...columns] = sideArrays(side, rows)
      await allSettled([
        previous !== undefined && side.rows(previous).length > 0 ? side.clear(db, workspaceId, previous.id) : undefined,
        owners.length > 0 ? side.add(db, workspaceId, owners, ...columns) : undefined
      ])
    }))
  }

  /** The side rows of rows, as side.add takes them: their owners, then each column's values. */
  function sideArrays (side: typeof sides[number], rows: readonly Row[]): string[][] {
    const added = rows.flatMap((row) => side.rows(row).map((value) => [...value, row.id]))
    // In the primary key's order (values, then owner), so each index page the rows go to is visited once.
    sortKeys(added)
    return [added.map((value) => value.at(-1)!), ...Array.from({ length: side.width }, (_, i) => added.map((value) => value[i]!))]
  }

  // A new row in one statement, sent with COMMIT, when the fast paths are on and fit the resource; else insertRow.
  const whole = fast?.wholeInsert({
    resource,
    hooks,
    clock,
    index,
    insertSql,
    sides,
    values: (row) => values(row, resource.columns),
    sideArrays: (row) => sides.flatMap((side) => sideArrays(side, [row])),
    holdersSql
  })
  /** insertRow, or the fast path's statement awaited. */
  const insertNew = whole === undefined
    ? insertRow
    : async (db: Db, workspaceId: string, input: object, extra: Record<string, unknown> = {}, matched = false) =>
      await (await whole(db, workspaceId, input, extra, matched)).answer

  /**
   * The new row of an input, as insertRow writes it: its key found unique (unless `matched`: the caller found, under
   * its key's lock, that no row has it) and the resource's hooks run.
   */
  async function newChecked (db: Db, workspaceId: string, input: object, extra: Record<string, unknown> = {}, matched = false): Promise<Row> {
    const row = newRow(resource, workspaceId, input, extra, clock())
    await checkUnique(db, row, undefined, input, matched ? match?.key(row) : undefined)
    await hooks.check?.(db, [row], undefined)
    await hooks.complete?.(db, [row], undefined, [input])
    return row
  }

  /**
   * Inserts a new row and counts it: call last in the transaction but for other counters. `matched`: the caller
   * found, under its key's lock, that no row has the new row's key.
   */
  async function insertRow (db: Db, workspaceId: string, input: object, extra: Record<string, unknown> = {}, matched = false): Promise<Row> {
    const row = await newChecked(db, workspaceId, input, extra, matched)
    const counted = async () => await index?.moved(db, workspaceId, { at: row.created_at, id: row.id }, 1)
    // One round trip: the statements go out together on the transaction's connection and the server runs them
    // in this order (the counter's row lock last); none needs another's result. What the write does to other
    // rows comes before the counter's lock.
    if (hooks.written === undefined) {
      await allSettled([insert(db, ...values(row, resource.columns)), keepSides(db, workspaceId, [row]), counted()])
      return row
    }
    await allSettled([insert(db, ...values(row, resource.columns)), keepSides(db, workspaceId, [row])])
    await hooks.written(db, [row], undefined)
    await counted()
    return row
  }

  /**
   * Inserts new rows (`extras` columns set per row) with one statement, then counts them and moves the counted
   * index once for all. Call last in the transaction but for other counters.
   */
  async function insertRows (db: Db, workspaceId: string, inputs: readonly object[], extras: ReadonlyArray<Record<string, unknown>> = [],
    matched = false): Promise<Row[]> {
    const now = clock()
    const rows = inputs.map((input, i) => newRow(resource, workspaceId, input, extras[i] ?? {}, now))
    if (rows.length === 0) return rows
    // `matched`: the caller found, under their locks, that no row has these rows' match keys.
    await checkUniqueMany(db, workspaceId, rows, inputs, matched)
    await hooks.check?.(db, rows, undefined)
    await hooks.complete?.(db, rows, undefined, inputs)
    await allSettled([insertMany(db, asJson(rows)), keepSides(db, workspaceId, rows)])
    await hooks.written?.(db, rows, undefined)
    if (index === undefined || counter === undefined) return rows
    await index.changed(db, workspaceId, rows.map((row) => ({ at: row.created_at, id: row.id })).sort(byKey), 1)
    await counters.add(db, workspaceId, counter, rows.length)
    return rows
  }

  /** Applies the fields present in `input` (and `extra` columns) to a row read FOR UPDATE; `updated_at` moves only on a real change. */
  async function patchRow (db: Db, row: Row, input: object, extra: Record<string, unknown> = {}): Promise<Row> {
    const next = patchedRow(resource, row, input, extra, clock())
    if (next === undefined) return row
    await writeRow(db, next, row, input, true)
    return next
  }

  /**
   * Writes `next` over `previous` (read FOR UPDATE): the columns requests set and updated_at, and the side tables;
   * checked as a write of `input`. `asked`: a change a request asked for, which the `complete` and `written` hooks
   * follow; a merge or an undo writes its rows exactly as it made them.
   */
  async function writeRow (db: Db, next: Row, previous: Row, input: object = {}, asked = false): Promise<void> {
    await checkUnique(db, next, previous, input)
    await hooks.check?.(db, [next], previous)
    if (asked) await hooks.complete?.(db, [next], previous, [input])
    await allSettled([update(db, previous.workspace_id, previous.id, ...values(next, written)), keepSides(db, previous.workspace_id, [next], previous)])
    if (asked) await hooks.written?.(db, [next], previous)
  }

  /** Inserts a row exactly as given (one deleted before, restored), checked under its keys' locks; call last but for other counters. */
  const restoreRow = async (db: Db, row: Row): Promise<void> => await restoreRows(db, row.workspace_id, [row], true)

  /**
   * Inserts rows exactly as given, checked as new ones, counted and indexed once for all; call last but for other
   * counters. A restore of a whole workspace (into one no other writer uses) checks their keys without their locks
   * (`lock` false), which it would hold by the hundred thousand in its one transaction.
   */
  async function restoreRows (db: Db, workspaceId: string, rows: readonly Row[], lock = false): Promise<void> {
    if (rows.length === 0) return
    await checkUniqueMany(db, workspaceId, rows, rows, false, lock)
    await hooks.check?.(db, rows, undefined)
    await allSettled([insertMany(db, asJson(rows)), keepSides(db, workspaceId, rows)])
    if (index === undefined || counter === undefined) return
    await index.changed(db, workspaceId, rows.map((row) => ({ at: row.created_at, id: row.id })).sort(byKey), 1)
    await counters.add(db, workspaceId, counter, rows.length)
  }

  /** The rows of these ids, read FOR UPDATE (in id order, as every writer of several takes them). */
  async function findManyForUpdate (db: Db, workspaceId: string, ids: readonly string[]): Promise<Map<string, Row>> {
    if (ids.length === 0 || !isId(workspaceId)) return new Map()
    return new Map((await selectManyForUpdate(db, workspaceId, [...new Set(ids)])).map((row) => [row.id, row]))
  }

  /** patchRow for many rows read FOR UPDATE, each with its input: the changed ones written with one statement. */
  async function patchRows (db: Db, changes: ReadonlyArray<{ row: Row, input: object }>): Promise<Row[]> {
    const now = clock()
    const nexts = changes.map(({ row, input }) => patchedRow(resource, row, input, {}, now))
    const changed = changes.flatMap(({ row, input }, i) => nexts[i] === undefined ? [] : [{ row, next: nexts[i]!, input }])
    if (changed.length === 0) return changes.map(({ row }) => row)
    await allSettled(changed.map(async ({ row, next, input }) => {
      await checkUnique(db, next, row, input)
      await hooks.check?.(db, [next], row)
      await hooks.complete?.(db, [next], row, [input])
    }))
    await allSettled([
      updateMany(db, asJson(changed.map(({ next }) => next))),
      ...changed.map(async ({ row, next }) => await keepSides(db, row.workspace_id, [next], row))
    ])
    if (hooks.written !== undefined) for (const { row, next } of changed) await hooks.written(db, [next], row)
    return changes.map(({ row }, i) => nexts[i] ?? row)
  }

  /**
   * Writes rows a bulk write checked already (their checks and hooks done, their members locked): the new ones (no
   * `previous`) with one statement, the changed ones with another, the side tables' rows alongside; then the new
   * ones counted and indexed. Call last in the transaction but for other counters.
   */
  async function writeChecked (db: Db, workspaceId: string, written: ReadonlyArray<{ row: Row, previous?: Row }>): Promise<void> {
    const fresh = written.flatMap(({ row, previous }) => previous === undefined ? [row] : [])
    const changed = written.flatMap(({ row, previous }) => previous === undefined ? [] : [{ row, previous }])
    await allSettled([
      fresh.length > 0 ? insertMany(db, asJson(fresh)) : undefined,
      keepSides(db, workspaceId, fresh),
      changed.length > 0 ? updateMany(db, asJson(changed.map(({ row }) => row))) : undefined,
      ...changed.map(async ({ row, previous }) => await keepSides(db, workspaceId, [row], previous))
    ])
    if (fresh.length === 0 || index === undefined || counter === undefined) return
    await index.changed(db, workspaceId, fresh.map((row) => ({ at: row.created_at, id: row.id })).sort(byKey), 1)
    await counters.add(db, workspaceId, counter, fresh.length)
  }

  /**
   * checkUnique for new rows, their locks taken at once (unless `lock` is false) and their look-ups sent together;
   * a key twice among them conflicts too.
   */
  async function checkUniqueMany (db: Db, workspaceId: string, rows: readonly Row[], inputs: readonly object[], matched: boolean, lock = true): Promise<void> {
    const keyed = rows.flatMap((row, i) => gainedKeys(match, row, undefined, matched ? match?.key(row) : undefined)
      .map(({ key, field }) => ({ row, key, field, input: inputs[i]! })))
    if (keyed.length === 0) return
    if (lock) await lockKeys(db, keyed.map(({ key }) => lockOfKey(workspaceId, key)))
    const others = await matchingIds(db, workspaceId, keyed.map(({ key }) => key))
    const seen = new Map<string, string>()
    keyed.forEach(({ row, key, field, input }, i) => {
      const other = others[i] ?? seen.get(JSON.stringify(key))
      if (other !== undefined && other !== row.id) throw keyConflict(match as never, input, other, field)
      seen.set(JSON.stringify(key), row.id)
    })
  }

  /**
   * The row the input stands for (the resource's match, read FOR UPDATE), updated with the input's fields as a
   * PATCH would, or a new one. Its keys' locks are taken first (the caller may have taken them with others
   * already), so writers of one key run one after the other and make one record.
   */
  async function putRow (db: Db, workspaceId: string, input: object, extra: Record<string, unknown> = {}): Promise<{ row: Row, created: boolean }> {
    const key = keyOf(workspaceId, input, extra)
    await lockKeys(db, locksOf(workspaceId, [input], extra))
    const found = await matching(db, workspaceId, key, true)
    if (found !== undefined) return { row: await patchRow(db, found, input, extra), created: false }
    return { row: await insertNew(db, workspaceId, input, extra, true), created: true }
  }

  /** The locks of the inputs' keys (match and unique) and the resource's own, to take at once, in order, before any of them is written. */
  const locksOf = (workspaceId: string, inputs: readonly object[], extra: Record<string, unknown> = {}) => inputs.flatMap((input) => {
    const row = newRow(resource, workspaceId, input, extra, 0)
    const key = match?.key(row)
    return [...(key === undefined ? [] : [key]), ...gainedKeys(match, row, undefined).map((unique) => unique.key)]
      .map((held) => lockOfKey(workspaceId, held)).concat(hooks.locks?.(workspaceId, input) ?? [])
  })

  /** Deletes a row read FOR UPDATE and counts it: call last in the transaction but for other counters. */
  async function deleteRow (db: Db, row: Row): Promise<void> {
    await allSettled([...sides.map(async (side) => await side.clear(db, row.workspace_id, row.id)), remove(db, row.workspace_id, row.id)])
    await index?.moved(db, row.workspace_id, { at: row.created_at, id: row.id }, -1)
  }

  // A list is one statement, so the total and the page come from one snapshot: $1 the workspace, $2 the page
  // size, $3 the offset, the filters' parameters after. Without filters (or with keptTotal) the total is a kept count.
  function listSql (list: ListQuery): string {
    const where = ['workspace_id = $1', ...list.where].join(' AND ')
    const counted = list.where.length === 0 && counter !== undefined
      ? counters.total(counter)
      : list.keptTotal === undefined
        ? `SELECT count(*)::float8 AS total FROM ${resource.table} WHERE ${where}`
        : `SELECT coalesce((${list.keptTotal}), 0)::float8 AS total`
    return `WITH counted AS (${counted})
      SELECT counted.total, page.* FROM counted LEFT JOIN LATERAL (
        SELECT ${readList} FROM ${resource.table} WHERE ${where} AND $3::int8 < counted.total
        ORDER BY ${list.orderBy} LIMIT $2 OFFSET $3
      ) page ON true`
  }

  /** Up to `limit` rows in (created_at, id) order after `after` (none: from the first). */
  async function pageAfter (db: Db, workspaceId: string, after: TransferCursor | undefined, limit: number): Promise<Row[]> {
    if (!isId(workspaceId)) return []
    return after === undefined ? await firstRows(db, workspaceId, limit) : await rowsAfter(db, workspaceId, limit, after.at, after.id)
  }

  const whereOf = (list: ListQuery) => ['workspace_id = $1', ...list.where].join(' AND ')

  /** The rows matching the filters: without filters (or with keptTotal) a kept count. */
  async function totalOf (db: Db, workspaceId: string, list: ListQuery): Promise<number> {
    if (!isId(workspaceId) || list.none) return 0
    const [row] = await statement<{ total: number }>(`WITH counted AS (${list.where.length === 0 && counter !== undefined
      ? counters.total(counter)
      : list.keptTotal === undefined
        ? `SELECT count(*)::float8 AS total FROM ${resource.table} WHERE ${whereOf(list)}`
        : `SELECT coalesce((${list.keptTotal}), 0)::float8 AS total`}) SELECT total FROM counted
      -- $2 and $3 (the page's size and offset in listSql) are unused here, but the filters' numbers follow them.
      WHERE $2::int8 IS NULL AND $3::int8 IS NULL`)(db, workspaceId, null, null, ...list.params as Param[])
    return row?.total ?? 0
  }

  /** `limit` rows (all: null) matching the filters from `offset` on, in the list's order. */
  async function rowsOf (db: Db, workspaceId: string, list: ListQuery, offset: number, limit: number | null): Promise<Row[]> {
    if (!isId(workspaceId) || list.none) return []
    return await statement<Row>(`SELECT ${readList} FROM ${resource.table} WHERE ${whereOf(list)} ORDER BY ${list.orderBy}
      LIMIT $2 OFFSET $3`)(db, workspaceId, limit, offset, ...list.params as Param[])
  }

  async function listRows (db: Db, workspaceId: string, list: ListQuery): Promise<Page<Row>> {
    if (!isId(workspaceId) || list.none) return { total: 0, items: [] }
    if (list.where.length === 0 && list.counted !== undefined && countedPage !== undefined) return await countedRows(workspaceId, list, list.counted)
    // Pages are numbered up to 2^53, so the offset may pass 2^53: compute it exactly and send it as text.
    const offset = String(BigInt(list.page - 1) * BigInt(list.pageSize))
    const rows = await statement<Row & { total: number }>(listSql(list))(db, workspaceId, list.pageSize, offset, ...list.params as Param[])
    const total = rows[0]?.total ?? 0
    return { total, items: rows.filter((row) => row.id !== null) }
  }

  /** A page of the whole list in createdAt order, found by the counted index instead of OFFSET. */
  async function countedRows (workspaceId: string, list: ListQuery, order: 'asc' | 'desc'): Promise<Page<Row>> {
    // Pages are numbered up to 2^53, so the offset may pass 2^53: computed exactly and sent as text.
    const offset = String(BigInt(list.page - 1) * BigInt(list.pageSize))
    const rows = await countedPage!(pool, workspaceId, offset, list.pageSize, order)
    const items = rows.filter((row) => row.id !== null)
    return { total: rows[0]?.total ?? 0, items: order === 'desc' ? items : items.reverse() }
  }

  return {
    /** The select list of a row, for statements of the resource's own. */
    readList,
    listRows,
    pageAfter,
    totalOf,
    rowsOf,
    /** The list request compiled for this table. */
    listQuery: (request: ListRequest) => listQuery(resource, request, dialect),
    index,
    find,
    findManyForUpdate,
    matching,
    matchingMany,
    holders,
    writeChecked,
    keyOf,
    lockOfKey,
    locksOf,
    putRow,
    insertRow: insertNew,
    insertRows,
    newChecked,
    insertSql,
    rowValues: (row: Row) => values(row, resource.columns),
    patchRow,
    patchRows,
    writeRow,
    restoreRow,
    restoreRows,
    deleteRow,
    /** The resource's get, create, createMany, update, remove and list, for its store to offer as they are. */
    operations: {
      async list (workspaceId: string, request: ListRequest): Promise<Page<Rec>> {
        const page = await listRows(pool, workspaceId, listQuery(resource, request, dialect))
        return { total: page.total, items: page.items.map(toRecord) }
      },
      async get (workspaceId: string, id: string): Promise<Rec | undefined> {
        const row = await find(pool, workspaceId, id)
        return row && toRecord(row)
      },
      async create (workspaceId: string, input: object): Promise<Rec> {
        // The fast path's statement is committed without waiting for its answer first (fast-paths.ts wholeInsert).
        return toRecord(await transaction(pool, async (tx) => await (whole ?? insertRow)(tx, workspaceId, input, {}, false)))
      },
      /** The inputs are sent together (pipelined on the transaction's connection), not one round trip each. */
      async createMany (workspaceId: string, inputs: object[]): Promise<string[]> {
        const rows = await transaction(pool, async (tx) => await insertRows(tx, workspaceId, inputs))
        return rows.map((row) => row.id)
      },
      async put (workspaceId: string, input: object): Promise<Put<Rec>> {
        const { row, created } = await transaction(pool, async (tx) => await putRow(tx, workspaceId, input))
        return { record: toRecord(row), created }
      },
      /**
       * Every key's lock first, in order; then a batch the resource can judge together (hooks.putBatch) written
       * at once, else each input in a savepoint of its own, so one that fails rolls back alone.
       */
      async putMany (workspaceId: string, inputs: object[]): Promise<Array<PutOutcome<Rec>>> {
        return putOutcomes(await transaction(pool, async (tx) => {
          await lockKeys(tx, locksOf(workspaceId, inputs))
          return await hooks.putBatch?.(tx, workspaceId, inputs) ??
            await eachInSavepoint(tx, inputs, async (sp, input) => await putRow(sp, workspaceId, input))
        }), toRecord)
      },
      async update (workspaceId: string, id: string, input: object): Promise<Rec | undefined> {
        if (!isId(workspaceId) || !isId(id)) return undefined
        return await transaction(pool, async (tx) => {
          await lockKeys(tx, hooks.locks?.(workspaceId, input) ?? [])
          const row = await find(tx, workspaceId, id, true)
          return row && toRecord(await patchRow(tx, row, input))
        })
      },
      /** Deletes the row with its cascade; the row lock comes first. */
      async remove (workspaceId: string, id: string): Promise<boolean> {
        if (!isId(workspaceId) || !isId(id)) return false
        return await transaction(pool, async (tx) => {
          const row = await find(tx, workspaceId, id, true)
          if (row === undefined) return false
          await hooks.beforeDelete?.(tx, row)
          const now = clock()
          await allSettled(detach.map(async (statement) => await statement(tx, workspaceId, id, now)))
          await deleteRow(tx, row)
          return true
        })
      }
    }
  }
}

/** ES2024's String.prototype.toWellFormed, which Node 20 has and the ES2023 lib does not declare. */
type WellFormed = string & { toWellFormed: () => string }
