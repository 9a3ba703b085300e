import { uniqueInOrder } from '../../domain/normalize.js'
import { toEpochSeconds } from '../../domain/time.js'

// How request fields become columns: one entry per field, shared by create (absent = null) and PATCH
// (only the fields present). Every converter takes null, which clears the column.

type Convert = (value: unknown) => unknown
export type FieldMap = Record<string, readonly [column: string, convert?: Convert]>

export const time: Convert = (value) => value == null ? null : toEpochSeconds(value as string)
export const list: Convert = (value) => JSON.stringify(uniqueInOrder((value ?? []) as unknown[]))

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

/** Null for every column of `fields`, so a create binds every named parameter. */
export function emptyColumns (fields: FieldMap): Record<string, unknown> {
  return toColumns(fields, Object.fromEntries(Object.keys(fields).map((key) => [key, null])))
}

/** Whether applying `changes` to `row` alters anything. */
export function changes (row: Record<string, unknown>, update: Record<string, unknown>): boolean {
  return Object.entries(update).some(([column, value]) => row[column] !== value)
}

export function insertSql (table: string, columns: string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`
}

export function updateSql (table: string, columns: string[]): string {
  return `UPDATE ${table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE workspace_id = @workspace_id AND id = @id`
}

export const parseList = (json: string): string[] => JSON.parse(json) as string[]

/** A row as SQLite stores it: the list columns K as JSON text. */
export type JsonLists<R, K extends keyof R> = Omit<R, K> & { [P in K]: string }

export function parseLists<R, K extends keyof R> (row: JsonLists<R, K>, keys: K[]): R {
  const out: Record<string, unknown> = { ...row }
  for (const key of keys) out[key as string] = parseList(out[key as string] as string)
  return out as R
}
