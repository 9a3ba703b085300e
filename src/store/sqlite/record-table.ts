import type { Clock } from '../../domain/time.js'
import type { BaseRow } from '../model/records.js'
import type { Page } from '../types.js'
import { newRow, patchedRow } from '../model/rows.js'
import { listColumns, type Resource } from '../model/resources.js'
import { listQuery, type Dialect, type ListQuery, type ListRequest } from '../model/list-query.js'
import { writer, type Counters, type Db } from './database.js'
import { countedIndex } from './counted-index.js'
import { mirror } from '../counted-index.js'
import { gainedKeys, keyConflict, matchSql, sortKeys, type Holder } from '../model/matching.js'
import type { ItemError, Put, PutOutcome, TransferCursor } from '../types.js'
import { itemOutcome, putOutcomes } from '../model/rules.js'

/** A resource's own part of its writes, run inside their transactions. */
export interface Hooks<Row> {
  /** Rejects a row about to be written by throwing (the transaction rolls back). */
  check?: (row: Row, previous: Row | undefined) => void
  /** Sets the columns the store decides of a row about to be written, once it passed its checks (a member's company). */
  complete?: (row: Row, previous: Row | undefined, input: object) => void
  /** Runs once a row is written (`previous` its former state, none when new): what the write does to other records. */
  written?: (row: Row, previous: Row | undefined) => void
  /** Runs first when the row is deleted: the part of the delete's cascade its description does not say. */
  beforeDelete?: (row: Row) => void
  /**
   * A bulk write of items judged together and written at once (a batch of independent members,
   * model/member-bulk.ts), inside putMany's transaction; undefined when the items go one by one.
   */
  putBatch?: (workspaceId: string, inputs: readonly object[]) => Array<{ row: Row, created: boolean } | { error: ItemError }> | undefined
}

const dialect: Dialect = {
  workspace: '@workspace_id',
  param: (n) => `@p${n}`,
  time: (placeholder) => placeholder,
  // SQLite's unary + keeps a column's index from being used for ORDER BY.
  unindexed: (expression) => `+${expression}`,
  nullsOrder: false,
  owned: (subquery) => `id IN (${subquery})`
}

/**
 * The reads and writes of a resource, compiled from its description: find a row of a workspace, insert, patch,
 * delete, list. The synchronous parts run inside the callers' transactions; better-sqlite3 is synchronous, so
 * a transaction is never interleaved with another request of this process. List columns are JSON text here.
 */
export function recordTable<Row extends BaseRow, Rec> (db: Db, counters: Counters, blockSize: number, clock: Clock,
  resource: Resource<Row>, toRecord: (row: Row) => Rec, hooks: Hooks<Row> = {}) {
  const { table, counter } = resource
  const columns = resource.columns.join(', ')
  const lists = listColumns(resource)
  const encode = (row: Row) => lists.length === 0 ? row : { ...row, ...Object.fromEntries(lists.map((c) => [c, JSON.stringify(row[c as keyof Row])])) }
  const decode = (row: Row | undefined): Row | undefined => {
    if (row !== undefined) for (const c of lists) (row as Record<string, unknown>)[c] = JSON.parse(row[c as keyof Row] as string)
    return row
  }
  const select = db.prepare(`SELECT ${columns} FROM ${table} WHERE workspace_id = ? AND id = ?`)
  const insert = db.prepare(`INSERT INTO ${table} (${columns}) VALUES (${resource.columns.map((c) => '@' + c).join(', ')})`)
  // SQLite rewrites the entries of every index on a column an UPDATE sets, changed or not: a change sets only
  // the columns it changes (one statement per set of columns, prepared once by `statement`).
  const updateOf = (columns: readonly string[]) => statement(`UPDATE ${table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')}
    WHERE workspace_id = @workspace_id AND id = @id`)
  const writable = resource.columns.filter((c) => c !== 'workspace_id' && c !== 'id')
  const deleteById = db.prepare(`DELETE FROM ${table} WHERE workspace_id = ? AND id = ?`)
  const detach = resource.detachOnDelete.map(([other, column]) => db.prepare(`UPDATE ${other} SET ${column} = NULL, updated_at = ?
    WHERE workspace_id = ? AND ${column} = ?`))
  const sides = resource.sideTables.map((side) => ({
    rows: side.rows,
    clear: db.prepare(`DELETE FROM ${side.table} WHERE workspace_id = ? AND ${side.owner} = ?`),
    add: db.prepare(`INSERT OR IGNORE INTO ${side.table} (workspace_id, ${side.owner}, ${side.columns.map(([c]) => c).join(', ')})
      VALUES (?, ?, ${side.columns.map(() => '?').join(', ')})`),
    // Many rows' values at once, as a JSON array of [...values, owner] in the primary key's order (values, then owner).
    addMany: db.prepare(`INSERT OR IGNORE INTO ${side.table} (workspace_id, ${side.owner}, ${side.columns.map(([c]) => c).join(', ')})
      SELECT ?, json_extract(value, '$[${side.columns.length}]'), ${side.columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ')} FROM json_each(?)`)
  }))
  const index = counter === undefined ? undefined : countedIndex(db, counters, table, counter, blockSize)
  const pageFromTop = db.prepare(`SELECT ${columns} FROM ${table} WHERE workspace_id = @workspace_id
    ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @skip`)
  const pageBelow = db.prepare(`SELECT ${columns} FROM ${table} WHERE workspace_id = @workspace_id
    AND (created_at, id) < (@at, @id) ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @skip`)
  // An export's pages: the rows in (created_at, id) order, after a row's key.
  const firstRows = db.prepare(`SELECT ${columns} FROM ${table} WHERE workspace_id = @workspace_id ORDER BY created_at, id LIMIT @limit`)
  const rowsAfter = db.prepare(`SELECT ${columns} FROM ${table} WHERE workspace_id = @workspace_id AND (created_at, id) > (@at, @id)
    ORDER BY created_at, id LIMIT @limit`)
  // List and update statements differ only by their filters, order or columns, so each distinct text is prepared once.
  const prepared = new Map<string, ReturnType<Db['prepare']>>()
  const statement = (sql: string) => {
    let found = prepared.get(sql)
    if (found === undefined) prepared.set(sql, found = db.prepare(sql))
    return found
  }

  const find = (workspaceId: string, id: string) => decode(select.get(workspaceId, id) as Row | undefined)

  const { match } = resource
  const selectMatch = match === undefined
    ? undefined
    : db.prepare(matchSql(table, columns, match as never, { ...dialect, param: (n) => `@p${n}` }))
  /** The row of the workspace with the key, none when there is none (or no key). */
  const matching = (workspaceId: string, key: readonly string[] | undefined): Row | undefined =>
    key === undefined || selectMatch === undefined
      ? undefined
      : decode(selectMatch.get({ workspace_id: workspaceId, ...Object.fromEntries(key.map((value, i) => [`p${i + 1}`, value])) }) as Row | undefined)

  // The rows holding any of many keys of a side-table match (a member by each of a batch's emails), and rows by
  // id: one statement each, the keys first (CROSS JOIN keeps SQLite's join order: else it may scan the workspace's
  // side rows for them).
  const sideMatch = match?.where.kind === 'side' ? match.where : undefined
  const selectHolders = sideMatch === undefined
    ? undefined
    : db.prepare(`SELECT t.${sideMatch.column} AS key, m.id, m.created_at
      FROM json_each(@keys) AS j CROSS JOIN ${sideMatch.table} AS t CROSS JOIN ${table} AS m
      WHERE t.workspace_id = @workspace_id AND t.${sideMatch.column} = j.value AND t.${sideMatch.where}
        AND m.workspace_id = @workspace_id AND m.id = t.${sideMatch.owner}`)
  const selectMany = db.prepare(`SELECT ${resource.columns.map((c) => `m.${c}`).join(', ')} FROM json_each(?) AS j CROSS JOIN ${table} AS m
    WHERE m.workspace_id = ? AND m.id = j.value`)
  /** Every row holding one of the keys (a side-table match): its id and time, with the key; several per key for legacy data. */
  const holders = (workspaceId: string, keys: readonly string[]): Holder[] =>
    keys.length === 0 || selectHolders === undefined
      ? []
      : selectHolders.all({ workspace_id: workspaceId, keys: JSON.stringify(keys) }) as Holder[]
  /** The rows of these ids, by id. */
  const findMany = (workspaceId: string, ids: readonly string[]): Map<string, Row> => ids.length === 0
    ? new Map()
    : new Map((selectMany.all(JSON.stringify(ids), workspaceId) as Row[]).map((row) => [row.id, decode(row)!]))

  // The rows of many keys at once (a match on columns), as PostgreSQL's matchingMany: each key's oldest row, by
  // the key's index, in one statement instead of one per key (a bulk batch's thousand look-ups); CROSS JOIN keeps
  // the keys outside (SQLite would rather walk the workspace's rows).
  const matchColumns = match?.where.kind === 'columns' ? match.where.columns : undefined
  const selectMatches = matchColumns === undefined
    ? undefined
    : db.prepare(`SELECT k.key AS match_index, ${resource.columns.map((c) => `m.${c}`).join(', ')} FROM json_each(@keys) AS k
      CROSS JOIN ${table} AS m ON m.workspace_id = @workspace_id AND m.id = (SELECT id FROM ${table} WHERE workspace_id = @workspace_id
        AND ${matchColumns.map(([column], i) => `${column} = json_extract(k.value, '$[${i}]')`).join(' AND ')} ORDER BY created_at, id LIMIT 1)`)
  /** `matching` for many keys, in one statement when the match is on columns. */
  function matchingMany (workspaceId: string, keys: ReadonlyArray<readonly string[] | undefined>): Array<Row | undefined> {
    if (selectMatches === undefined) return keys.map((key) => matching(workspaceId, key))
    const wanted = keys.flatMap((key, i) => key === undefined ? [] : [{ key, i }])
    const found: Array<Row | undefined> = keys.map(() => undefined)
    if (wanted.length === 0) return found
    const rows = selectMatches.all({ workspace_id: workspaceId, keys: JSON.stringify(wanted.map(({ key }) => key)) }) as Array<Row & { match_index: number }>
    for (const { match_index: n, ...row } of rows) found[wanted[n]!.i] = decode(row as unknown as Row)
    return found
  }

  /** The key a new record made of `input` would have (the resource's match), and the row that has it. */
  const keyOf = (workspaceId: string, input: object, extra: Record<string, unknown> = {}) =>
    match?.key(newRow(resource, workspaceId, input, extra, 0))
  const matchOf = (workspaceId: string, input: object, extra: Record<string, unknown> = {}): Row | undefined =>
    matching(workspaceId, keyOf(workspaceId, input, extra))

  /**
   * A unique key a row gains may not be another row's: ConflictError naming the field and the other row.
   * `found`: the key the caller looked up already.
   */
  function checkUnique (row: Row, previous: Row | undefined, input: object, found?: readonly string[]): void {
    for (const { key, field } of gainedKeys(match, row, previous, found)) {
      const other = matching(row.workspace_id, key)
      if (other !== undefined && other.id !== row.id) throw keyConflict(match as never, input, other.id, field)
    }
  }

  /** Keeps the side tables in step with a written row (`previous` its former state, none when new). */
  function keepSides (row: Row, previous: Row | undefined): void {
    for (const side of sides) {
      const values = side.rows(row)
      if (previous !== undefined && JSON.stringify(values) === JSON.stringify(side.rows(previous))) continue
      if (previous !== undefined) side.clear.run(row.workspace_id, row.id)
      for (const value of values) side.add.run(row.workspace_id, row.id, ...value)
    }
  }

  /**
   * Writes rows a bulk write checked already (their checks and hooks done): new ones (no `previous`) inserted, the
   * others over their previous state; each side table's new rows with one statement, in its key's order, so the
   * index pages they touch are touched once each. New rows are counted and indexed as insertRows counts them.
   */
  function writeChecked (workspaceId: string, written: ReadonlyArray<{ row: Row, previous?: Row }>): void {
    const fresh: Row[] = []
    for (const { row, previous } of written) {
      if (previous === undefined) {
        insert.run(encode(row))
        fresh.push(row)
        continue
      }
      const encoded = encode(row) as Record<string, unknown>
      const before = encode(previous) as Record<string, unknown>
      const changed = writable.filter((c) => encoded[c] !== before[c])
      if (changed.length > 0) updateOf(changed).run(encoded)
    }
    for (const side of sides) {
      const added: string[][] = []
      for (const { row, previous } of written) {
        const values = side.rows(row)
        if (previous !== undefined) {
          if (JSON.stringify(values) === JSON.stringify(side.rows(previous))) continue
          side.clear.run(workspaceId, row.id)
        }
        for (const value of values) added.push([...value, row.id])
      }
      sortKeys(added)
      if (added.length > 0) side.addMany.run(workspaceId, JSON.stringify(added))
    }
    if (pendingRows !== undefined) pendingRows.push(...fresh)
    else count(workspaceId, fresh)
  }

  const count = (workspaceId: string, rows: readonly Row[]) => {
    if (counter !== undefined) counters.add(workspaceId, counter, rows.length)
    index?.added(workspaceId, rows.map((row) => ({ at: row.created_at, id: row.id })))
  }
  // While a bulk write runs (`batched`), the rows its items insert are counted and indexed once, at its end.
  let pendingRows: Row[] | undefined
  /** Runs `work` (inside a transaction) counting and indexing the rows it inserts once, when it is done. */
  function batched<T> (workspaceId: string, work: () => T): T {
    pendingRows = []
    try {
      const result = work()
      count(workspaceId, pendingRows)
      return result
    } finally {
      pendingRows = undefined
    }
  }

  /** Inserts new rows, the `extras` columns set per row; they are counted, and indexed, once for all. */
  function insertRows (workspaceId: string, inputs: readonly object[], extras: ReadonlyArray<Record<string, unknown>> = [], matched = false): Row[] {
    const now = clock()
    const rows = inputs.map((input, i) => newRow(resource, workspaceId, input, extras[i] ?? {}, now))
    for (const [i, row] of rows.entries()) {
      // `matched`: the caller found no row with this match key in this transaction already.
      checkUnique(row, undefined, inputs[i]!, matched ? match?.key(row) : undefined)
      hooks.check?.(row, undefined)
      hooks.complete?.(row, undefined, inputs[i]!)
      insert.run(encode(row))
      keepSides(row, undefined)
      hooks.written?.(row, undefined)
    }
    if (pendingRows !== undefined) pendingRows.push(...rows)
    else count(workspaceId, rows)
    return rows
  }

  /** Applies the fields present in `input` (and `extra` columns); `updated_at` moves only on a real change. */
  function patchRow (row: Row, input: object, extra: Record<string, unknown> = {}): Row {
    const next = patchedRow(resource, row, input, extra, clock())
    if (next === undefined) return row
    writeRow(next, row, input, true)
    return next
  }

  /**
   * Writes `next` over `previous` (the columns that differ, and the side tables), checked as a write of `input`.
   * `asked`: a change a request asked for, which the `complete` and `written` hooks follow; a merge or an undo
   * writes its rows exactly as it made them.
   */
  function writeRow (next: Row, previous: Row, input: object = {}, asked = false): void {
    checkUnique(next, previous, input)
    hooks.check?.(next, previous)
    if (asked) hooks.complete?.(next, previous, input)
    const encoded = encode(next)
    const before = encode(previous) as Record<string, unknown>
    const changed = writable.filter((c) => (encoded as Record<string, unknown>)[c] !== before[c])
    if (changed.length > 0) updateOf(changed).run(encoded)
    keepSides(next, previous)
    if (asked) hooks.written?.(next, previous)
  }

  /** Inserts a row exactly as given (one deleted before, restored), checked as a new one, counted and indexed. */
  const restoreRow = (row: Row): void => restoreRows(row.workspace_id, [row])

  /** Inserts rows exactly as given (a restore), each checked as a new one; they are counted, and indexed, once for all. */
  function restoreRows (workspaceId: string, rows: readonly Row[]): void {
    for (const row of rows) {
      checkUnique(row, undefined, {})
      hooks.check?.(row, undefined)
      insert.run(encode(row))
      keepSides(row, undefined)
    }
    count(workspaceId, rows)
  }

  /** Deletes the row and its side-table rows, and counts it out; the rest of its cascade is the caller's. */
  function deleteRow (row: Row): void {
    for (const side of sides) side.clear.run(row.workspace_id, row.id)
    deleteById.run(row.workspace_id, row.id)
    if (counter !== undefined) counters.add(row.workspace_id, counter, -1)
    index?.removed(row.workspace_id, [{ at: row.created_at, id: row.id }])
  }

  /** Up to `limit` rows in (created_at, id) order after `after` (none: from the first), decoded. */
  function pageAfter (workspaceId: string, after: TransferCursor | undefined, limit: number): Row[] {
    const params = { workspace_id: workspaceId, limit, ...after }
    return ((after === undefined ? firstRows : rowsAfter).all(params) as Row[]).map((row) => decode(row)!)
  }

  const whereOf = (list: ListQuery) => ['workspace_id = @workspace_id', ...list.where].join(' AND ')
  const paramsOf = (workspaceId: string, list: ListQuery) =>
    ({ ...Object.fromEntries(list.params.map((value, i) => [`p${i + 1}`, value])), workspace_id: workspaceId })

  /** The rows matching the filters: without filters (or with keptTotal) a kept count. */
  function totalOf (workspaceId: string, list: ListQuery): number {
    if (list.none) return 0
    if (list.where.length === 0 && counter !== undefined) return counters.get(workspaceId, counter)
    return statement(list.keptTotal === undefined
      ? `SELECT count(*) FROM ${table} WHERE ${whereOf(list)}`
      : `SELECT coalesce((${list.keptTotal}), 0)`).pluck().get(paramsOf(workspaceId, list)) as number
  }

  /** `limit` rows matching the filters from `offset` on, in the list's order (decoded). */
  function rowsOf (workspaceId: string, list: ListQuery, offset: number, limit: number): Row[] {
    if (list.none) return []
    return (statement(`SELECT ${columns} FROM ${table} WHERE ${whereOf(list)} ORDER BY ${list.orderBy} LIMIT @limit OFFSET @offset`)
      .all({ ...paramsOf(workspaceId, list), limit, offset }) as Row[]).map((row) => decode(row)!)
  }

  /** A page and the total of the rows matching the filters. */
  function listRows (workspaceId: string, list: ListQuery): Page<Row> {
    const total = totalOf(workspaceId, list)
    const offset = (list.page - 1) * list.pageSize
    if (offset >= total) return { total, items: [] }
    if (list.where.length === 0 && list.counted !== undefined && index !== undefined) {
      return { total, items: countedPage(workspaceId, offset, list.pageSize, total, list.counted) }
    }
    return { total, items: rowsOf(workspaceId, list, offset, list.pageSize) }
  }

  /** A page of the whole list in createdAt order, found by the counted index instead of OFFSET. */
  function countedPage (workspaceId: string, offset: number, limit: number, total: number, order: 'asc' | 'desc'): Row[] {
    const page = order === 'desc' ? { offset, limit } : mirror(offset, limit, total)
    const { before, skip } = index!.seek(workspaceId, page.offset, total)
    const params = { workspace_id: workspaceId, limit: page.limit, skip }
    const rows = (before === undefined ? pageFromTop.all(params) : pageBelow.all({ ...params, ...before })) as Row[]
    return (order === 'desc' ? rows : rows.reverse()).map((row) => decode(row)!)
  }

  /**
   * The row the input stands for (the resource's match), updated with the input's fields as a PATCH would, or a
   * new one; run inside a transaction.
   */
  function putRow (workspaceId: string, input: object, extra: Record<string, unknown> = {}): { row: Row, created: boolean } {
    const found = matchOf(workspaceId, input, extra)
    if (found !== undefined) return { row: patchRow(found, input, extra), created: false }
    return { row: insertRows(workspaceId, [input], [extra], true)[0]!, created: true }
  }

  const write = writer(db)
  const create = db.transaction((workspaceId: string, input: object) => toRecord(insertRows(workspaceId, [input])[0]!))
  const put = db.transaction((workspaceId: string, input: object) => putRow(workspaceId, input))
  // Each input in a savepoint of its own (a transaction function called inside another): one that fails rolls
  // back alone and answers its error; the others are written together.
  // A batch the resource can judge together (hooks.putBatch) is written at once instead.
  const putMany = db.transaction((workspaceId: string, inputs: object[]) =>
    batched(workspaceId, () => hooks.putBatch?.(workspaceId, inputs) ?? inputs.map((input) => itemOutcome(() => put(workspaceId, input)))))
  const createMany = db.transaction((workspaceId: string, inputs: object[]) => insertRows(workspaceId, inputs).map((row) => row.id))
  const remove = db.transaction((workspaceId: string, id: string): boolean => {
    const row = find(workspaceId, id)
    if (row === undefined) return false
    hooks.beforeDelete?.(row)
    const now = clock()
    for (const statement of detach) statement.run(now, workspaceId, id)
    deleteRow(row)
    return true
  })
  const patch = db.transaction((workspaceId: string, id: string, input: object) => {
    const row = find(workspaceId, id)
    return row && toRecord(patchRow(row, input))
  })
  // A deferred transaction: the total and the page come from one snapshot even with other writers.
  const list = db.transaction((workspaceId: string, request: ListQuery) => listRows(workspaceId, request))

  return {
    find,
    decode,
    matching,
    holders,
    findMany,
    writeChecked,
    matchingMany,
    keyOf,
    matchOf,
    batched,
    insertRows,
    patchRow,
    writeRow,
    restoreRow,
    restoreRows,
    deleteRow,
    listRows,
    pageAfter,
    totalOf,
    rowsOf,
    /** The list request compiled for this table. */
    listQuery: (request: ListRequest) => listQuery(resource, request, dialect),
    /** The resource's get, create, createMany, update, remove and list, for its store to offer as they are. */
    operations: {
      async get (workspaceId: string, id: string): Promise<Rec | undefined> {
        const row = find(workspaceId, id)
        return row && toRecord(row)
      },
      async create (workspaceId: string, input: object): Promise<Rec> {
        return await write(() => create(workspaceId, input))
      },
      async createMany (workspaceId: string, inputs: object[]): Promise<string[]> {
        return await write(() => createMany(workspaceId, inputs))
      },
      async put (workspaceId: string, input: object): Promise<Put<Rec>> {
        const { row, created } = await write(() => put(workspaceId, input))
        return { record: toRecord(row), created }
      },
      async putMany (workspaceId: string, inputs: object[]): Promise<Array<PutOutcome<Rec>>> {
        return putOutcomes(await write(() => putMany(workspaceId, inputs)), toRecord)
      },
      async update (workspaceId: string, id: string, input: object): Promise<Rec | undefined> {
        return await write(() => patch(workspaceId, id, input))
      },
      /** Deletes the row with its cascade. */
      async remove (workspaceId: string, id: string): Promise<boolean> {
        return await write(() => remove(workspaceId, id))
      },
      async list (workspaceId: string, request: ListRequest): Promise<Page<Rec>> {
        const page = list.deferred(workspaceId, listQuery(resource, request, dialect))
        return { total: page.total, items: page.items.map(toRecord) }
      }
    }
  }
}
