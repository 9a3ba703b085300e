import { badRequest } from '../../errors.js'

/** A time range filter whose end comes before its start can match nothing: a 400, not an empty list. */
export function checkRange (query: Record<string, unknown>, from: string, to: string): void {
  const start = query[from]
  const end = query[to]
  if (typeof start === 'string' && typeof end === 'string' && Date.parse(end.toUpperCase()) < Date.parse(start.toUpperCase())) {
    throw badRequest([{ field: to, message: `must not be before ${from}` }])
  }
}
