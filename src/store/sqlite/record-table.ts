import { nowSeconds } from '../../domain/time.js'
import type { BaseRow } from '../model/records.js'
import type { Page } from '../types.js'
import { newRow, patchedRow, type RowSpec } from '../model/rows.js'
import { insertSql, updateSql } from './columns.js'
import { writer, type Counter, type Counters, type Db } from './database.js'
import { countedIndex } from './counted-index.js'
import { mirror } from '../counted-index.js'

export type { BaseRow }

export interface TableSpec<Row extends BaseRow, Rec> extends RowSpec<Row> {
  table: string
  counter: Counter
  /** Every column, in the order the rows are read. */
  columns: readonly string[]
  /** Keeps side tables (tags, search terms) in step, inside the write's transaction. */
  afterWrite?: (row: Row, previous: Row | undefined) => void
  /** Runs before the row is deleted, inside the delete's transaction: the delete's cascade. */
  beforeDelete?: (row: Row) => void
  toRecord: (row: Row) => Rec
}

/** One list request: the WHERE conditions beyond the workspace, their parameters, the order, the page. */
export interface ListSpec {
  where: string[]
  params: Record<string, unknown>
  orderBy: string
  /** Set when the order is by createdAt (either way): without filters, the counted index finds the page. */
  counted?: 'asc' | 'desc'
  /** A kept count (one value, from the filters' parameters) equal to the rows the filters match: no count(*). */
  keptTotal?: string
  page: number
  pageSize: number
}

/**
 * The reads and writes every resource shares: find a row of a workspace, insert, patch, delete, list.
 * The synchronous parts run inside the callers' transactions; better-sqlite3 is synchronous, so a
 * transaction is never interleaved with another request of this process.
 */
export function recordTable<Row extends BaseRow, Rec> (db: Db, counters: Counters, blockSize: number, spec: TableSpec<Row, Rec>) {
  const columns = spec.columns.join(', ')
  const select = db.prepare(`SELECT ${columns} FROM ${spec.table} WHERE workspace_id = ? AND id = ?`)
  const insert = db.prepare(insertSql(spec.table, [...spec.columns]))
  const update = db.prepare(updateSql(spec.table, spec.columns.filter((c) => c !== 'workspace_id' && c !== 'id')))
  const deleteById = db.prepare(`DELETE FROM ${spec.table} WHERE workspace_id = ? AND id = ?`)
  const index = countedIndex(db, counters, spec.table, spec.counter, blockSize)
  const pageFromTop = db.prepare(`SELECT ${columns} FROM ${spec.table} WHERE workspace_id = @workspace_id
    ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @skip`)
  const pageBelow = db.prepare(`SELECT ${columns} FROM ${spec.table} WHERE workspace_id = @workspace_id
    AND (created_at, id) < (@at, @id) ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @skip`)
  // List statements differ only by their filters and order, so each distinct text is prepared once.
  const prepared = new Map<string, ReturnType<Db['prepare']>>()
  const statement = (sql: string) => {
    let found = prepared.get(sql)
    if (found === undefined) prepared.set(sql, found = db.prepare(sql))
    return found
  }

  const find = (workspaceId: string, id: string) => select.get(workspaceId, id) as Row | undefined

  /** Inserts new rows, the `extras` columns set per row; they are counted, and indexed, once for all. */
  function insertRows (workspaceId: string, inputs: readonly object[], extras: ReadonlyArray<Record<string, unknown>> = []): Row[] {
    const now = nowSeconds()
    const rows = inputs.map((input, i) => newRow(spec, workspaceId, input, extras[i] ?? {}, now))
    for (const row of rows) {
      insert.run(row)
      spec.afterWrite?.(row, undefined)
    }
    counters.add(workspaceId, spec.counter, rows.length)
    index.added(workspaceId, rows.map((row) => ({ at: row.created_at, id: row.id })))
    return rows
  }
  const insertRow = (workspaceId: string, input: object, extra: Record<string, unknown> = {}): Row =>
    insertRows(workspaceId, [input], [extra])[0]!

  /** Applies the fields present in `input` (and `extra` columns); `updated_at` moves only on a real change. */
  function patchRow (row: Row, input: object, extra: Record<string, unknown> = {}): Row {
    const next = patchedRow(spec, row, input, extra, nowSeconds())
    if (next === undefined) return row
    update.run(next)
    spec.afterWrite?.(next, row)
    return next
  }

  function deleteRow (row: Row): void {
    deleteById.run(row.workspace_id, row.id)
    counters.add(row.workspace_id, spec.counter, -1)
    index.removed(row.workspace_id, [{ at: row.created_at, id: row.id }])
  }

  /** A page and the total of the rows matching the filters; without filters (or with keptTotal) a kept count. */
  function listRows (workspaceId: string, list: ListSpec): Page<Row> {
    const where = ['workspace_id = @workspace_id', ...list.where].join(' AND ')
    const params = { ...list.params, workspace_id: workspaceId }
    const total = list.where.length === 0
      ? counters.get(workspaceId, spec.counter)
      : statement(list.keptTotal === undefined
        ? `SELECT count(*) FROM ${spec.table} WHERE ${where}`
        : `SELECT coalesce((${list.keptTotal}), 0)`).pluck().get(params) as number
    const offset = (list.page - 1) * list.pageSize
    if (offset >= total) return { total, items: [] }
    if (list.where.length === 0 && list.counted !== undefined) {
      return { total, items: countedPage(workspaceId, offset, list.pageSize, total, list.counted) }
    }
    const items = statement(`SELECT ${columns} FROM ${spec.table} WHERE ${where} ORDER BY ${list.orderBy} LIMIT @limit OFFSET @offset`)
      .all({ ...params, limit: list.pageSize, offset }) as Row[]
    return { total, items }
  }

  /** A page of the whole list in createdAt order, found by the counted index instead of OFFSET. */
  function countedPage (workspaceId: string, offset: number, limit: number, total: number, order: 'asc' | 'desc'): Row[] {
    const page = order === 'desc' ? { offset, limit } : mirror(offset, limit, total)
    const { before, skip } = index.seek(workspaceId, page.offset, total)
    const params = { workspace_id: workspaceId, limit: page.limit, skip }
    const rows = (before === undefined ? pageFromTop.all(params) : pageBelow.all({ ...params, ...before })) as Row[]
    return order === 'desc' ? rows : rows.reverse()
  }

  const write = writer(db)
  const create = db.transaction((workspaceId: string, input: object) => spec.toRecord(insertRow(workspaceId, input)))
  const createMany = db.transaction((workspaceId: string, inputs: object[]) => insertRows(workspaceId, inputs).map((row) => row.id))
  const remove = db.transaction((workspaceId: string, id: string): boolean => {
    const row = find(workspaceId, id)
    if (row === undefined) return false
    spec.beforeDelete?.(row)
    deleteRow(row)
    return true
  })
  const patch = db.transaction((workspaceId: string, id: string, input: object) => {
    const row = find(workspaceId, id)
    return row && spec.toRecord(patchRow(row, input))
  })
  // A deferred transaction: the total and the page come from one snapshot even with other writers.
  const list = db.transaction((workspaceId: string, request: ListSpec) => listRows(workspaceId, request))

  return {
    find,
    insertRow,
    insertRows,
    patchRow,
    deleteRow,
    /** The resource's get, create, createMany, update and remove, for its store to offer as they are. */
    operations: {
      async get (workspaceId: string, id: string): Promise<Rec | undefined> {
        const row = find(workspaceId, id)
        return row && spec.toRecord(row)
      },
      async create (workspaceId: string, input: object): Promise<Rec> {
        return await write(() => create(workspaceId, input))
      },
      async createMany (workspaceId: string, inputs: object[]): Promise<string[]> {
        return await write(() => createMany(workspaceId, inputs))
      },
      async update (workspaceId: string, id: string, input: object): Promise<Rec | undefined> {
        return await write(() => patch(workspaceId, id, input))
      },
      /** Deletes the row with its cascade (beforeDelete). */
      async remove (workspaceId: string, id: string): Promise<boolean> {
        return await write(() => remove(workspaceId, id))
      }
    },
    async list (workspaceId: string, query: ListSpec): Promise<Page<Rec>> {
      const page = list.deferred(workspaceId, query)
      return { total: page.total, items: page.items.map(spec.toRecord) }
    }
  }
}

/** Conditions and parameters of a list, built one filter at a time. */
export class Filters {
  readonly where: string[] = []
  readonly params: Record<string, unknown> = {}
  #serves: Set<string> | undefined

  /**
   * `orders` names the sorts (createdAt, name...) whose order the index behind this condition also delivers.
   * For any other sort the query must not walk the sort's index and filter as it goes, which is a scan of
   * the whole workspace: it reads the filter's index and sorts what matches.
   */
  add (condition: string, params: Record<string, unknown> = {}, orders: readonly string[] = []): this {
    this.where.push(condition)
    Object.assign(this.params, params)
    this.#serves = new Set(orders.filter((sort) => this.#serves?.has(sort) ?? true))
    return this
  }

  /** ORDER BY for a sort (`field` ascending, `-field` descending), ties broken by id the same way. */
  orderBy (sort: string, columns: Record<string, string>): string {
    const descending = sort.startsWith('-')
    const field = descending ? sort.slice(1) : sort
    // SQLite's unary + keeps a column's index from being used for ORDER BY.
    const column = (this.#serves === undefined || this.#serves.has(field) ? '' : '+') + columns[field]!
    const direction = descending ? 'DESC' : 'ASC'
    return `${column} ${direction}, id ${direction}`
  }
}

/** Rows whose key starts with `prefix`: a range over the key's index (text compares bytewise). */
export function prefixRange (column: string, name: string, prefix: string): [string, Record<string, unknown>] {
  return [`${column} >= @${name}_from AND ${column} < @${name}_to`, { [`${name}_from`]: prefix, [`${name}_to`]: prefix + '\u{10FFFF}' }]
}
