import { nowSeconds } from '../../domain/time.js'
import { newId } from '../ids.js'
import { changes, emptyColumns, toColumns, type FieldMap } from './columns.js'
import { isId, statement, transaction, type Counter, type Counters, type Db, type Param, type Pool } from './database.js'

export interface BaseRow {
  workspace_id: string
  id: string
  created_at: number
  updated_at: number
}

export interface TableSpec<Row extends BaseRow, Rec> {
  table: string
  counter: Counter
  /** Every column, in the order the rows are read. */
  columns: readonly string[]
  /** The timestamptz columns besides created_at and updated_at. */
  times: readonly string[]
  /** Request fields and the columns they set. */
  fields: FieldMap
  /** Values of the columns no request field sets, for a new row; a PATCH never writes them. */
  initial: Record<string, unknown>
  toRecord: (row: Row) => Rec
}

/**
 * The reads and writes every resource shares: find a row of a workspace, insert a new one, apply a PATCH.
 * Rows hold times as epoch seconds: written with to_timestamp(), read back with extract(epoch), so a row
 * converts to a record exactly as in SQLite (whole seconds; years 0000-9999 included).
 */
export function recordTable<Row extends BaseRow, Rec> (pool: Pool, counters: Counters, spec: TableSpec<Row, Rec>) {
  const times = new Set(['created_at', 'updated_at', ...spec.times])
  const readList = spec.columns.map((c) => times.has(c) ? `extract(epoch FROM ${c})::float8 AS ${c}` : c).join(', ')
  const placeholder = (column: string, n: number) => times.has(column) ? `to_timestamp($${n})` : `$${n}`
  const written = spec.columns.filter((c) => !['workspace_id', 'id', 'created_at'].includes(c) && !(c in spec.initial))

  const where = 'WHERE workspace_id = $1 AND id = $2'
  const select = statement<Row>(`SELECT ${readList} FROM ${spec.table} ${where}`)
  const selectForUpdate = statement<Row>(`SELECT ${readList} FROM ${spec.table} ${where} FOR UPDATE`)
  const insert = statement(`INSERT INTO ${spec.table} (${spec.columns.join(', ')})
    VALUES (${spec.columns.map((c, i) => placeholder(c, i + 1)).join(', ')})`)
  const update = statement(`UPDATE ${spec.table} SET ${written.map((c, i) => `${c} = ${placeholder(c, i + 3)}`).join(', ')} ${where}`)

  const values = (row: Row, columns: readonly string[]) => columns.map((c) => (row as unknown as Record<string, Param>)[c] ?? null)

  async function find (db: Db, workspaceId: string, id: string, lock = false): Promise<Row | undefined> {
    if (!isId(workspaceId) || !isId(id)) return undefined
    const [row] = await (lock ? selectForUpdate : select)(db, workspaceId, id)
    return row
  }

  /** Inserts a new row and counts it: call last in the transaction but for other counters. */
  async function insertRow (db: Db, workspaceId: string, input: object, extra: Record<string, unknown> = {}): Promise<Row> {
    const now = nowSeconds()
    const row = {
      source: 'Api',
      ...spec.initial,
      ...emptyColumns(spec.fields),
      ...toColumns(spec.fields, input),
      workspace_id: workspaceId,
      id: newId(),
      created_at: now,
      updated_at: now,
      ...extra
    } as unknown as Row
    await insert(db, ...values(row, spec.columns))
    await counters.add(db, workspaceId, spec.counter, 1)
    return row
  }

  /** Applies the fields present in `input` (and `extra` columns) to a row read FOR UPDATE; `updated_at` moves only on a real change. */
  async function patchRow (db: Db, row: Row, input: object, extra: Record<string, unknown> = {}): Promise<Row> {
    const set = { ...toColumns(spec.fields, input), ...extra }
    if (!changes(row as unknown as Record<string, unknown>, set)) return row
    const next = { ...row, ...set, updated_at: nowSeconds() }
    await update(db, row.workspace_id, row.id, ...values(next, written))
    return next
  }

  return {
    /** The select list of a row, for statements of the resource's own. */
    readList,
    find,
    insertRow,
    patchRow,
    async get (workspaceId: string, id: string): Promise<Rec | undefined> {
      const row = await find(pool, workspaceId, id)
      return row && spec.toRecord(row)
    },
    async create (workspaceId: string, input: object): Promise<Rec> {
      return await transaction(pool, async (tx) => spec.toRecord(await insertRow(tx, workspaceId, input)))
    },
    async update (workspaceId: string, id: string, input: object): Promise<Rec | undefined> {
      if (!isId(workspaceId) || !isId(id)) return undefined
      return await transaction(pool, async (tx) => {
        const row = await find(tx, workspaceId, id, true)
        return row && spec.toRecord(await patchRow(tx, row, input))
      })
    }
  }
}
