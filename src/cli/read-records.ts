import { closeSync, openSync, readSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import type { TSchema } from 'typebox'
import type { Source, SourceRecord } from '../services/import.js'

// The records of an import file, read synchronously (a strict import or a restore reads the file again inside one
// transaction of the store, where nothing else may be awaited: Store.atomically), a chunk at a time, so a file
// of any size takes bounded memory. Lines are split on their bytes (a newline byte is never part of a UTF-8
// sequence), then each is decoded on its own: one that is not UTF-8 is that line's problem, not the file's.

const CHUNK_BYTES = 1 << 20
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Each line of a file as bytes, without its line end (\n or \r\n), with its number from 1. */
function * fileLines (path: string): Generator<{ line: number, bytes: Buffer }> {
  const fd = openSync(path, 'r')
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
    let rest = Buffer.alloc(0)
    let line = 0
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
      const data = Buffer.concat([rest, chunk.subarray(0, n)])
      let start = 0
      for (let end = data.indexOf(10, start); end >= 0; start = end + 1, end = data.indexOf(10, start)) {
        yield { line: ++line, bytes: withoutCr(data.subarray(start, end)) }
      }
      rest = data.subarray(start)
    }
    if (rest.length > 0) yield { line: ++line, bytes: withoutCr(rest) }
  } finally {
    closeSync(fd)
  }
}

const withoutCr = (bytes: Buffer) => bytes.at(-1) === 13 ? bytes.subarray(0, -1) : bytes

/** How many lines a file has (for a progress bar's total). */
export function countLines (path: string): number {
  const all = fileLines(path)
  let lines = 0
  while (all.next().done !== true) lines++
  return lines
}

/** The lines of a file as text (a byte order mark dropped), or the problem of one that is not UTF-8. */
function * textLines (path: string): Generator<{ line: number, text: string } | { line: number, problem: Error }> {
  for (const { line, bytes } of fileLines(path)) {
    try {
      yield { line, text: utf8.decode(bytes) }
    } catch {
      yield { line, problem: new Error('is not UTF-8 text') }
    }
  }
}

/** JSON Lines: one JSON value a line; blank lines are skipped. */
export function jsonLines (path: string): Source {
  return function * () {
    for (const entry of textLines(path)) {
      if ('problem' in entry) yield entry
      else if (entry.text.trim() !== '') yield parsed(entry.line, entry.text)
    }
  }
}

function parsed (line: number, text: string): SourceRecord {
  try {
    return { line, value: JSON.parse(text) }
  } catch (error) {
    return { line, problem: new Error(`is not JSON: ${(error as Error).message}`) }
  }
}

/**
 * CSV (RFC 4180): a header row of field names (`member.primaryEmail` for a field of an object field), then one
 * record a row; a quoted field may hold line ends, so a record may span lines (its number is its first line's).
 * Cells become values by the field's type in `schema`: an empty cell is an omitted field; a list is a JSON array,
 * or its values separated by `;`; an integer or a boolean its JSON spelling; anything else the text as it is.
 * Blank lines are skipped.
 */
export function csvRecords (path: string, schema: TSchema): Source {
  return function * () {
    let header: string[] | undefined
    let pending: { line: number, text: string } | undefined
    for (const entry of textLines(path)) {
      if ('problem' in entry) {
        pending = undefined
        yield entry
        continue
      }
      if (pending === undefined && entry.text.trim() === '') continue
      pending = pending === undefined ? { line: entry.line, text: entry.text } : { line: pending.line, text: `${pending.text}\n${entry.text}` }
      // An odd number of quotes so far: a quoted field goes on on the next line.
      if (quotes(pending.text) % 2 === 1) continue
      const { line, text } = pending
      pending = undefined
      let cells: string[]
      try {
        cells = cellsOf(text)
      } catch (error) {
        yield { line, problem: new Error(`is not a CSV record: ${(error as Error).message}`) }
        continue
      }
      if (header === undefined) {
        header = cells
      } else if (cells.length !== header.length) {
        yield { line, problem: new Error(`has ${cells.length} cells, and the header ${header.length}`) }
      } else {
        yield { line, value: itemOf(header, cells, schema) }
      }
    }
    if (pending !== undefined) yield { line: pending.line, problem: new Error('ends inside a quoted field') }
  }
}

/**
 * A record's cells. Without a quote or a carriage return a record is its text split at the commas, as csv-parse
 * reads it, at a fraction of its cost (it copies each record into a Buffer and looks for its line ends again).
 */
const cellsOf = (text: string): string[] =>
  text.includes('"') || text.includes('\r') ? (parse(text) as string[][])[0] ?? [] : text.split(',')

const quotes = (text: string) => {
  let n = 0
  for (let i = text.indexOf('"'); i >= 0; i = text.indexOf('"', i + 1)) n++
  return n
}

interface FieldSchema { type?: string | string[], properties?: Record<string, FieldSchema> }

/** A record's body: each non-empty cell set at its column's path, as a value of its field's type. */
function itemOf (header: readonly string[], cells: readonly string[], schema: TSchema): Record<string, unknown> {
  const item: Record<string, unknown> = {}
  header.forEach((column, i) => {
    const cell = cells[i]!
    if (cell === '') return
    const path = column.trim().split('.')
    let target = item
    let field: FieldSchema | undefined = schema as FieldSchema
    for (const name of path.slice(0, -1)) {
      field = field?.properties?.[name]
      target = (target[name] ??= {}) as Record<string, unknown>
    }
    target[path.at(-1)!] = valueOf(cell, [field?.properties?.[path.at(-1)!]?.type ?? []].flat())
  })
  return item
}

const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/

/** A cell as a value of a field of these JSON types; text the type cannot read stays text, for the schema to refuse. */
function valueOf (cell: string, types: readonly string[]): unknown {
  if (types.includes('array')) {
    if (cell.trimStart().startsWith('[')) return jsonOr(cell)
    return cell.split(';').map((value) => value.trim()).filter((value) => value !== '')
  }
  if ((types.includes('integer') || types.includes('number')) && JSON_NUMBER.test(cell.trim())) return Number(cell)
  if (types.includes('boolean') && (cell === 'true' || cell === 'false')) return cell === 'true'
  if (types.includes('object') && cell.trimStart().startsWith('{')) return jsonOr(cell)
  return cell
}

function jsonOr (cell: string): unknown {
  try {
    return JSON.parse(cell)
  } catch {
    return cell
  }
}
