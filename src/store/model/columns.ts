import { toEpochSeconds } from '../../domain/time.js'

// How request fields become columns: one entry per field, shared by create (absent = null) and PATCH
// (only the fields present). Every converter takes null, which clears the column. Times travel as epoch
// seconds in both directions on both stores, so rows compare and convert alike. Lists are the one column kind
// the stores keep differently (SQLite: JSON text; PostgreSQL: arrays): each store passes its own `list`.

export type Convert = (value: unknown) => unknown
export type FieldMap = Record<string, readonly [column: string, convert?: Convert]>

export const time: Convert = (value) => value == null ? null : toEpochSeconds(value as string)

/** The columns the given fields set. Fields absent from `input` are absent from the result. */
export function toColumns (fields: FieldMap, input: object): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    const field = fields[key]
    if (field === undefined || value === undefined) continue
    const [column, convert] = field
    out[column] = convert === undefined ? value : convert(value)
  }
  return out
}

// A resource's empty columns, made once when they are all plain values (a list's empty value is an array of its
// own per row, never shared): a bulk write builds a row per item.
const emptyOf = new WeakMap<FieldMap, Readonly<Record<string, unknown>> | null>()

/** Null (or the converter's empty value) for every column of `fields`, for a new row. */
export function emptyColumns (fields: FieldMap): Readonly<Record<string, unknown>> {
  const known = emptyOf.get(fields)
  if (known != null) return known
  const empty = toColumns(fields, Object.fromEntries(Object.keys(fields).map((key) => [key, null])))
  if (known === undefined) emptyOf.set(fields, Object.values(empty).some((value) => typeof value === 'object' && value !== null) ? null : Object.freeze(empty))
  return empty
}

/** Whether applying `update` to `row` alters anything (arrays compare by their elements). */
export function changes (row: Record<string, unknown>, update: Record<string, unknown>): boolean {
  return Object.entries(update).some(([column, value]) => Array.isArray(value)
    ? JSON.stringify(value) !== JSON.stringify(row[column])
    : row[column] !== value)
}
