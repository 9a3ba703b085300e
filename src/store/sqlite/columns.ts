import { uniqueInOrder } from '../../domain/normalize.js'
import type { Convert } from '../model/columns.js'
import { tables } from '../model/tables.js'

/** Lists are JSON text in SQLite, de-duplicated in order. */
export const list: Convert = (value) => JSON.stringify(uniqueInOrder((value ?? []) as unknown[]))

export const sqliteTables = tables(list)

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
