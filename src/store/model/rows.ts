import { newId } from '../ids.js'
import { changes, emptyColumns, toColumns, type FieldMap } from './columns.js'
import type { BaseRow } from './records.js'

// How a row is made and patched, the same for every resource and both stores (pure: `now` is passed in).

/** What building a row needs to know of its table (see tables.ts). */
export interface RowSpec<Row extends BaseRow> {
  /** Request fields and the columns they set. */
  fields: FieldMap
  /** Values of the columns no request field sets, for a new row; a PATCH never writes them. */
  initial: Record<string, unknown>
  /** Columns computed from the others (search keys), refreshed on every write. */
  derive?: (row: Row) => Partial<Row>
}

/** The row with its derived columns computed again (a row written other than by newRow or patchedRow). */
export const withDerived = <Row extends BaseRow>(spec: RowSpec<Row>, row: Row): Row => spec.derive === undefined ? row : { ...row, ...spec.derive(row) }

/** A new row: every field's column (null when absent), the initial columns, a new id, `extra` columns last. */
export function newRow<Row extends BaseRow> (spec: RowSpec<Row>, workspaceId: string, input: object, extra: Record<string, unknown>, now: number): Row {
  return withDerived(spec, {
    source: 'Api',
    ...spec.initial,
    ...emptyColumns(spec.fields),
    ...toColumns(spec.fields, input),
    workspace_id: workspaceId,
    id: newId(),
    created_at: now,
    updated_at: now,
    ...extra
  } as unknown as Row)
}

/**
 * The row with the fields present in `input` (and `extra` columns) applied, or undefined when that changes
 * nothing: `updated_at` moves only on a real change.
 */
export function patchedRow<Row extends BaseRow> (spec: RowSpec<Row>, row: Row, input: object, extra: Record<string, unknown>, now: number): Row | undefined {
  const set = { ...toColumns(spec.fields, input), ...extra }
  if (!changes(row as unknown as Record<string, unknown>, set)) return undefined
  return withDerived(spec, { ...row, ...set, updated_at: now })
}
