import { nowSeconds } from '../../domain/time.js'
import { newId } from '../ids.js'
import { changes, emptyColumns, insertSql, toColumns, updateSql, type FieldMap } from './columns.js'
import type { Counter, Counters, Db } from './database.js'

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
  /** Request fields and the columns they set. */
  fields: FieldMap
  /** Values of the columns no request field sets, for a new row. */
  initial: Record<string, unknown>
  toRecord: (row: Row) => Rec
}

/**
 * The reads and writes every resource shares: find a row of a workspace, insert a new one, apply a PATCH.
 * The synchronous parts run inside the callers' transactions; better-sqlite3 is synchronous, so a
 * transaction is never interleaved with another request of this process.
 */
export function recordTable<Row extends BaseRow, Rec> (db: Db, counters: Counters, spec: TableSpec<Row, Rec>) {
  const columns = spec.columns.join(', ')
  const select = db.prepare(`SELECT ${columns} FROM ${spec.table} WHERE workspace_id = ? AND id = ?`)
  const insert = db.prepare(insertSql(spec.table, [...spec.columns]))
  const update = db.prepare(updateSql(spec.table, spec.columns.filter((c) => c !== 'workspace_id' && c !== 'id')))

  const find = (workspaceId: string, id: string) => select.get(workspaceId, id) as Row | undefined

  function insertRow (workspaceId: string, input: object, extra: Record<string, unknown> = {}): Row {
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
    insert.run(row)
    counters.add(workspaceId, spec.counter, 1)
    return row
  }

  /** Applies the fields present in `input` (and `extra` columns); `updated_at` moves only on a real change. */
  function patchRow (row: Row, input: object, extra: Record<string, unknown> = {}): Row {
    const set = { ...toColumns(spec.fields, input), ...extra }
    if (!changes(row as unknown as Record<string, unknown>, set)) return row
    const next = { ...row, ...set, updated_at: nowSeconds() }
    update.run(next)
    return next
  }

  const create = db.transaction((workspaceId: string, input: object) => spec.toRecord(insertRow(workspaceId, input)))
  const patch = db.transaction((workspaceId: string, id: string, input: object) => {
    const row = find(workspaceId, id)
    return row && spec.toRecord(patchRow(row, input))
  })

  return {
    find,
    insertRow,
    patchRow,
    async get (workspaceId: string, id: string): Promise<Rec | undefined> {
      const row = find(workspaceId, id)
      return row && spec.toRecord(row)
    },
    async create (workspaceId: string, input: object): Promise<Rec> {
      return create.immediate(workspaceId, input)
    },
    async update (workspaceId: string, id: string, input: object): Promise<Rec | undefined> {
      return patch.immediate(workspaceId, id, input)
    }
  }
}
