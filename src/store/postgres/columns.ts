import { uniqueInOrder } from '../../domain/normalize.js'
import type { Convert } from '../model/columns.js'
import { tables } from '../model/tables.js'

/** Lists are PostgreSQL arrays, de-duplicated in order. */
export const list: Convert = (value) => uniqueInOrder((value ?? []) as unknown[])

export const postgresTables = tables(list)
