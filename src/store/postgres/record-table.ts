import { nowSeconds } from '../../domain/time.js'
import type { BaseRow } from '../model/records.js'
import { newRow, patchedRow, type RowSpec } from '../model/rows.js'
import type { Page } from '../types.js'
import { countedIndex } from './counted-index.js'
import { byKey } from '../counted-index.js'
import { allSettled, isId, statement, transaction, type Counter, type Counters, type Db, type Param, type Pool } from './database.js'

export type { BaseRow }

export interface TableSpec<Row extends BaseRow, Rec> extends RowSpec<Row> {
  table: string
  counter: Counter
  /** Every column, in the order the rows are read. */
  columns: readonly string[]
  /** The timestamptz columns besides created_at and updated_at. */
  times: readonly string[]
  /**
   * Run after new rows (one or many) and after a changed row are written, inside the write's transaction: keep
   * side tables (tags, search terms) in step, and may reject a row by throwing (the transaction rolls back).
   */
  afterInsert?: (db: Db, rows: readonly Row[]) => Promise<void>
  afterUpdate?: (db: Db, row: Row, previous: Row) => Promise<void>
  /** Runs before the row (read FOR UPDATE) is deleted, inside the delete's transaction: the delete's cascade. */
  beforeDelete?: (db: Db, row: Row) => Promise<void>
  toRecord: (row: Row) => Rec
}

/** One list request: the conditions beyond the workspace ($1), their parameters (from $4), the order, the page. */
export interface ListSpec {
  where: string[]
  params: Param[]
  /** A filter that names no record (a value that is no id): the page is empty without asking. */
  none: boolean
  orderBy: string
  /** Set when the order is by createdAt (either way): without filters, the counted index finds the page. */
  counted?: 'asc' | 'desc'
  /** A kept count (one value, from the filters' parameters) equal to the rows the filters match: no count(*). */
  keptTotal?: string
  page: number
  pageSize: number
}

/**
 * The reads and writes every resource shares: find a row of a workspace, insert a new one, apply a PATCH.
 * Rows hold times as epoch seconds: written with to_timestamp(), read back with extract(epoch), so a row
 * converts to a record exactly as in SQLite (whole seconds; years 0000-9999 included).
 */
export function recordTable<Row extends BaseRow, Rec> (pool: Pool, counters: Counters, blockSize: number, spec: TableSpec<Row, Rec>) {
  const times = new Set(['created_at', 'updated_at', ...spec.times])
  const readList = spec.columns.map((c) => times.has(c) ? `extract(epoch FROM ${c})::float8 AS ${c}` : c).join(', ')
  const placeholder = (column: string, n: number) => times.has(column) ? `to_timestamp($${n})` : `$${n}`
  const written = spec.columns.filter((c) => !['workspace_id', 'id', 'created_at'].includes(c) && !(c in spec.initial))

  const where = 'WHERE workspace_id = $1 AND id = $2'
  const select = statement<Row>(`SELECT ${readList} FROM ${spec.table} ${where}`)
  const selectForUpdate = statement<Row>(`SELECT ${readList} FROM ${spec.table} ${where} FOR UPDATE`)
  const insert = statement(`INSERT INTO ${spec.table} (${spec.columns.join(', ')})
    VALUES (${spec.columns.map((c, i) => placeholder(c, i + 1)).join(', ')})`)
  // Many rows in one statement: their columns travel as one JSON array of objects, times as epoch seconds that
  // to_timestamp() converts, every other column as the table's own type (jsonb_populate_record).
  const timeColumns = spec.columns.filter((c) => times.has(c))
  const insertMany = statement(`INSERT INTO ${spec.table} (${spec.columns.join(', ')})
    SELECT ${spec.columns.map((c) => times.has(c) ? `to_timestamp((r->>'${c}')::float8)` : `p.${c}`).join(', ')}
    FROM jsonb_array_elements($1::text::jsonb) AS r, jsonb_populate_record(NULL::${spec.table}, r - '{${timeColumns.join(',')}}'::text[]) AS p`)
  const update = statement(`UPDATE ${spec.table} SET ${written.map((c, i) => `${c} = ${placeholder(c, i + 3)}`).join(', ')} ${where}`)
  const remove = statement(`DELETE FROM ${spec.table} ${where}`)
  const index = countedIndex(pool, counters, spec.table, spec.counter, blockSize)
  const countedPage = index.pageStatement<Row>(readList)

  const values = (row: Row, columns: readonly string[]) => columns.map((c) => (row as unknown as Record<string, Param>)[c] ?? null)

  async function find (db: Db, workspaceId: string, id: string, lock = false): Promise<Row | undefined> {
    if (!isId(workspaceId) || !isId(id)) return undefined
    const [row] = await (lock ? selectForUpdate : select)(db, workspaceId, id)
    return row
  }

  /** Inserts a new row and counts it: call last in the transaction but for other counters. */
  async function insertRow (db: Db, workspaceId: string, input: object, extra: Record<string, unknown> = {}): Promise<Row> {
    const row = newRow(spec, workspaceId, input, extra, nowSeconds())
    // One round trip: the statements go out together on the transaction's connection and the server runs them
    // in this order (the counter's row lock last); none needs another's result.
    await allSettled([
      insert(db, ...values(row, spec.columns)),
      spec.afterInsert?.(db, [row]),
      index.moved(db, workspaceId, { at: row.created_at, id: row.id }, 1)
    ])
    return row
  }

  /**
   * Inserts new rows (`extras` columns set per row) with one statement, then counts them and moves the counted
   * index once for all. Call last in the transaction but for other counters.
   */
  async function insertRows (db: Db, workspaceId: string, inputs: readonly object[], extras: ReadonlyArray<Record<string, unknown>> = []): Promise<Row[]> {
    const now = nowSeconds()
    const rows = inputs.map((input, i) => newRow(spec, workspaceId, input, extras[i] ?? {}, now))
    if (rows.length === 0) return rows
    // Strings as the driver sends them one by one: a lone surrogate (which jsonb refuses) becomes U+FFFD.
    const objects = rows.map((row) => {
      const columns = values(row, spec.columns)
      return Object.fromEntries(spec.columns.map((c, i) => [c, columns[i]]))
    })
    const json = JSON.stringify(objects, (_, value: unknown) => typeof value === 'string' ? (value as WellFormed).toWellFormed() : value)
    await allSettled([insertMany(db, json), spec.afterInsert?.(db, rows)])
    await index.changed(db, workspaceId, rows.map((row) => ({ at: row.created_at, id: row.id })).sort(byKey), 1)
    await counters.add(db, workspaceId, spec.counter, rows.length)
    return rows
  }

  /** Applies the fields present in `input` (and `extra` columns) to a row read FOR UPDATE; `updated_at` moves only on a real change. */
  async function patchRow (db: Db, row: Row, input: object, extra: Record<string, unknown> = {}): Promise<Row> {
    const next = patchedRow(spec, row, input, extra, nowSeconds())
    if (next === undefined) return row
    await update(db, row.workspace_id, row.id, ...values(next, written))
    await spec.afterUpdate?.(db, next, row)
    return next
  }

  /** Deletes a row read FOR UPDATE and counts it: call last in the transaction but for other counters. */
  async function deleteRow (db: Db, row: Row): Promise<void> {
    await remove(db, row.workspace_id, row.id)
    await index.moved(db, row.workspace_id, { at: row.created_at, id: row.id }, -1)
  }

  // A list is one statement, so the total and the page come from one snapshot: $1 the workspace, $2 the page
  // size, $3 the offset, the filters' parameters after. Without filters (or with keptTotal) the total is a kept count.
  function listSql (list: ListSpec): string {
    const where = ['workspace_id = $1', ...list.where].join(' AND ')
    const counted = list.where.length === 0
      ? counters.total(spec.counter)
      : list.keptTotal === undefined
        ? `SELECT count(*)::float8 AS total FROM ${spec.table} WHERE ${where}`
        : `SELECT coalesce((${list.keptTotal}), 0)::float8 AS total`
    return `WITH counted AS (${counted})
      SELECT counted.total, page.* FROM counted LEFT JOIN LATERAL (
        SELECT ${readList} FROM ${spec.table} WHERE ${where} AND $3::int8 < counted.total
        ORDER BY ${list.orderBy} LIMIT $2 OFFSET $3
      ) page ON true`
  }

  async function listRows (db: Db, workspaceId: string, list: ListSpec): Promise<Page<Row>> {
    if (!isId(workspaceId) || list.none) return { total: 0, items: [] }
    if (list.where.length === 0 && list.counted !== undefined) return await countedRows(workspaceId, list, list.counted)
    // Pages are numbered up to 2^53, so the offset may pass 2^53: compute it exactly and send it as text.
    const offset = String(BigInt(list.page - 1) * BigInt(list.pageSize))
    const rows = await statement<Row & { total: number }>(listSql(list))(db, workspaceId, list.pageSize, offset, ...list.params)
    const total = rows[0]?.total ?? 0
    return { total, items: rows.filter((row) => row.id !== null) }
  }

  /** A page of the whole list in createdAt order, found by the counted index instead of OFFSET. */
  async function countedRows (workspaceId: string, list: ListSpec, order: 'asc' | 'desc'): Promise<Page<Row>> {
    // Pages are numbered up to 2^53, so the offset may pass 2^53: computed exactly and sent as text.
    const offset = String(BigInt(list.page - 1) * BigInt(list.pageSize))
    const rows = await countedPage(pool, workspaceId, offset, list.pageSize, order)
    const items = rows.filter((row) => row.id !== null)
    return { total: rows[0]?.total ?? 0, items: order === 'desc' ? items : items.reverse() }
  }

  return {
    /** The select list of a row, for statements of the resource's own. */
    readList,
    index,
    find,
    insertRow,
    insertRows,
    patchRow,
    deleteRow,
    listSql,
    async list (workspaceId: string, query: ListSpec): Promise<Page<Rec>> {
      const page = await listRows(pool, workspaceId, query)
      return { total: page.total, items: page.items.map(spec.toRecord) }
    },
    /** The resource's get, create, createMany, update and remove, for its store to offer as they are. */
    operations: {
      async get (workspaceId: string, id: string): Promise<Rec | undefined> {
        const row = await find(pool, workspaceId, id)
        return row && spec.toRecord(row)
      },
      async create (workspaceId: string, input: object): Promise<Rec> {
        return await transaction(pool, async (tx) => spec.toRecord(await insertRow(tx, workspaceId, input)))
      },
      /** The inputs are sent together (pipelined on the transaction's connection), not one round trip each. */
      async createMany (workspaceId: string, inputs: object[]): Promise<string[]> {
        const rows = await transaction(pool, async (tx) => await insertRows(tx, workspaceId, inputs))
        return rows.map((row) => row.id)
      },
      async update (workspaceId: string, id: string, input: object): Promise<Rec | undefined> {
        if (!isId(workspaceId) || !isId(id)) return undefined
        return await transaction(pool, async (tx) => {
          const row = await find(tx, workspaceId, id, true)
          return row && spec.toRecord(await patchRow(tx, row, input))
        })
      },
      /** Deletes the row with its cascade (beforeDelete); the row lock comes first. */
      async remove (workspaceId: string, id: string): Promise<boolean> {
        if (!isId(workspaceId) || !isId(id)) return false
        return await transaction(pool, async (tx) => {
          const row = await find(tx, workspaceId, id, true)
          if (row === undefined) return false
          await spec.beforeDelete?.(tx, row)
          await deleteRow(tx, row)
          return true
        })
      }
    }
  }
}

/** ES2024's String.prototype.toWellFormed, which Node 20 has and the ES2023 lib does not declare. */
type WellFormed = string & { toWellFormed: () => string }

/**
 * Indexes on text a client chooses hold its first KEY_PREFIX characters, `left(column, 200)` (migration 0003:
 * a btree entry holds at most about 2,700 bytes). Queries must name that expression exactly to use them.
 */
const KEY_PREFIX = 200
const bounded = (expression: string) => `left(${expression}, ${KEY_PREFIX})`

/**
 * Order of one sort key: its column, whether it holds NULL (which sorts lowest, as in SQLite), and whether its
 * index holds only the column's first characters (see KEY_PREFIX).
 */
interface SortColumn {
  column: string
  nullable?: boolean
  bounded?: boolean
}

/** Conditions and parameters of a list, built one filter at a time; parameters are numbered from $4. */
export class Filters {
  readonly where: string[] = []
  readonly params: Param[] = []
  none = false
  #serves: Set<string> | undefined

  /** The placeholder of a new parameter, with its type. */
  param (value: Param, type: string): string {
    this.params.push(value)
    return `$${this.params.length + 3}::${type}`
  }

  /** A placeholder for a uuid filter value; a value that is no id matches no record. */
  id (value: string): string {
    if (!isId(value)) this.none = true
    return this.param(isId(value) ? value : null, 'uuid')
  }

  /**
   * `orders` names the sorts (createdAt, name...) whose order the index behind this condition also delivers.
   * For any other sort the query must not walk the sort's index and filter as it goes, which is a scan of
   * the whole workspace: it reads the filter's index and sorts what matches.
   */
  add (condition: string, orders: readonly string[] = []): this {
    this.where.push(condition)
    this.#serves = new Set(orders.filter((sort) => this.#serves?.has(sort) ?? true))
    return this
  }

  /**
   * ORDER BY for a sort (`field` ascending, `-field` descending), ties broken by id the same way; NULL sorts
   * lowest (ascending NULLS FIRST, descending NULLS LAST), as in SQLite and as the NULLS FIRST indexes deliver.
   */
  orderBy (sort: string, columns: Record<string, SortColumn>): string {
    const descending = sort.startsWith('-')
    const { column, nullable = false, bounded: prefixed = false } = columns[descending ? sort.slice(1) : sort]!
    const indexed = prefixed ? bounded(column) : column
    // coalesce(c, c) is c, but no index's key: the planner cannot walk the sort's index (SQLite's unary +).
    const key = this.#serves === undefined || this.#serves.has(descending ? sort.slice(1) : sort) ? indexed : `coalesce(${indexed}, ${indexed})`
    const nulls = nullable ? (descending ? ' NULLS LAST' : ' NULLS FIRST') : ''
    const direction = descending ? 'DESC' : 'ASC'
    // A bounded index orders by the column's first characters; the whole column settles ties among those.
    return `${key} ${direction}${nulls}, ${prefixed ? `${column} ${direction}, ` : ''}id ${direction}`
  }

  /**
   * The condition "`column` starts with `prefix`": a range over the column's index (COLLATE "C" compares
   * bytewise). On a bounded index, the range of the first characters (which the whole range implies), then the
   * whole range.
   */
  prefix (column: string, prefix: string, options: { bounded?: boolean } = {}): string {
    const from = this.param(prefix, 'text')
    const to = this.param(prefix + '\u{10FFFF}', 'text')
    const whole = `${column} >= ${from} AND ${column} < ${to}`
    return options.bounded ? `${bounded(column)} >= ${bounded(from)} AND ${bounded(column)} <= ${bounded(to)} AND ${whole}` : whole
  }

  /** The condition "`column` is `value`" on a bounded index: its first characters, then the whole value. */
  boundedEquals (column: string, value: string | null): string {
    const placeholder = this.param(value, 'text')
    return `${bounded(column)} = ${bounded(placeholder)} AND ${column} = ${placeholder}`
  }
}
