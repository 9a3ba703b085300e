import { isId } from '../../domain/uuid.js'
import { countedOrder } from '../counted-index.js'
import type { Filter, Resource } from './resources.js'

// A list request compiled from its resource's description (resources.ts) into the conditions, parameters and
// order of one SQL dialect. What the dialects differ in is the Dialect; which index serves which filter and
// sort, and when a kept count is the total, is decided here once.

export interface Dialect {
  /** The workspace's placeholder. */
  workspace: string
  /** The placeholder of the n-th filter parameter (from 1), with its PostgreSQL type. */
  param: (n: number, type: string) => string
  /** A placeholder of epoch seconds, as the dialect compares it with a time column. */
  time: (placeholder: string) => string
  /** The same value as `expression`, but no index's key: ORDER BY cannot walk an index for it. */
  unindexed: (expression: string) => string
  /**
   * The key of a bounded index on text a client chooses (PostgreSQL's btree entries hold about 2,700 bytes), when
   * the dialect bounds them; queries name it exactly, compare it first, then the whole value.
   */
  bounded?: (expression: string) => string
  /** Whether ORDER BY must say that NULL sorts lowest (SQLite does by itself). */
  nullsOrder: boolean
  /** The condition "the row's id is one that `subquery` returns". */
  owned: (subquery: string) => string
}

/** One list request: the conditions beyond the workspace, their parameters, the order, the page. */
export interface ListQuery {
  where: string[]
  params: unknown[]
  /** A filter names no record (a value that is no id): the page is empty without asking. */
  none: boolean
  orderBy: string
  /** Set when the order is by createdAt (either way): without filters, the counted index finds the page. */
  counted?: 'asc' | 'desc'
  /** A kept count (one value, from the filters' parameters) equal to the rows the filters match: no count(*). */
  keptTotal?: string
  page: number
  pageSize: number
}

export interface ListRequest {
  page: number
  pageSize: number
  sort?: string
  [filter: string]: unknown
}

const DEFAULT_SORT = '-createdAt'

/**
 * The least text above every text that starts with `prefix`: its last code point below U+10FFFF, plus one
 * (surrogates skipped), with what follows it dropped; undefined when every code point is U+10FFFF.
 */
function prefixEnd (prefix: string): string | undefined {
  const points = [...prefix]
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!
    if (last < 0x10FFFF) return points.join('') + String.fromCodePoint(last === 0xD7FF ? 0xE000 : last + 1)
  }
  return undefined
}

export function listQuery (resource: Pick<Resource, 'table' | 'filters' | 'sorts' | 'keptTotal'>, request: ListRequest, dialect: Dialect): ListQuery {
  const params: unknown[] = []
  const where: string[] = []
  let none = false
  let serves: Set<string> | undefined
  let keptTotal: string | undefined
  const W = dialect.workspace
  const bounded = dialect.bounded

  const param = (value: unknown, type: string): string => dialect.param(params.push(value), type)
  const id = (value: unknown): string => {
    if (!isId(value)) none = true
    return param(isId(value) ? value : null, 'uuid')
  }
  // Text compares by code point on both stores (SQLite's UTF-8 bytes, PostgreSQL's COLLATE "C").
  const prefix = (column: string, text: string, isBounded = false): string => {
    const from = param(text, 'text')
    const end = prefixEnd(text)
    const to = end === undefined ? undefined : param(end, 'text')
    const whole = `${column} >= ${from}${to === undefined ? '' : ` AND ${column} < ${to}`}`
    if (!isBounded || bounded === undefined) return whole
    return `${bounded(column)} >= ${bounded(from)}${to === undefined ? '' : ` AND ${bounded(column)} <= ${bounded(to)}`} AND ${whole}`
  }
  const condition = (filter: Filter, value: unknown): string | undefined => {
    switch (filter.kind) {
      case 'id':
        return `${filter.column} = ${id(value)}`
      case 'equals': {
        const placeholder = param(value, 'text')
        const whole = `${filter.column} = ${placeholder}`
        return filter.bounded && bounded ? `${bounded(filter.column)} = ${bounded(placeholder)} AND ${whole}` : whole
      }
      case 'atLeast':
      case 'atMost': {
        const bound = filter.value === undefined ? value as number : filter.value(value as number)
        if (bound === undefined) return undefined
        const placeholder = param(bound, 'float8')
        const column = filter.unindexed ? dialect.unindexed(filter.column) : filter.column
        return `${column} ${filter.kind === 'atLeast' ? '>=' : '<='} ${filter.time ? dialect.time(placeholder) : placeholder}`
      }
      case 'prefix':
        return prefix(filter.column, value as string, filter.bounded)
      case 'side': {
        const match = filter.prefix
          ? prefix(filter.column, value as string)
          : `${filter.column} = ${filter.type === 'uuid' ? id(value) : param(value, filter.type)}`
        return dialect.owned(`SELECT ${filter.owner} FROM ${filter.table} WHERE workspace_id = ${W} AND ${match}` +
          (filter.where === undefined ? '' : ` AND ${filter.where}`))
      }
      case 'lookup':
        // A key that names no row: the subquery is null and matches nothing.
        return `${filter.column} = (SELECT id FROM ${filter.table} WHERE workspace_id = ${W} AND ${filter.key} = ${param(value, 'text')})`
    }
  }

  for (const [name, filter] of Object.entries(resource.filters)) {
    const value = request[name]
    if (value === undefined) continue
    const sql = condition(filter, value)
    if (sql === undefined) continue
    where.push(sql)
    serves = new Set((filter.serves ?? []).filter((sort) => serves?.has(sort) ?? true))
    if (resource.keptTotal?.filter === name) {
      const kept = resource.keptTotal
      keptTotal = `SELECT ${kept.column} FROM ${kept.table} WHERE workspace_id = ${W} AND id = ${dialect.param(params.length, 'uuid')}`
    }
  }

  const sort = request.sort ?? DEFAULT_SORT
  const descending = sort.startsWith('-')
  const field = descending ? sort.slice(1) : sort
  const { column: name, nullable = false, bounded: isBounded = false } = resource.sorts[field]!
  // Qualified: a store's select list may name a converted value as the column (PostgreSQL's epoch seconds).
  const column = `${resource.table}.${name}`
  const indexed = isBounded && bounded ? bounded(column) : column
  const key = serves === undefined || serves.has(field) ? indexed : dialect.unindexed(indexed)
  const direction = descending ? 'DESC' : 'ASC'
  const nulls = nullable && dialect.nullsOrder ? (descending ? ' NULLS LAST' : ' NULLS FIRST') : ''
  // A bounded index orders by the column's first characters; the whole column settles ties among those.
  const orderBy = `${key} ${direction}${nulls}, ${isBounded && bounded ? `${column} ${direction}, ` : ''}id ${direction}`

  return {
    where,
    params,
    none,
    orderBy,
    counted: countedOrder(sort),
    ...(where.length === 1 && keptTotal !== undefined ? { keptTotal } : {}),
    page: request.page,
    pageSize: request.pageSize
  }
}
