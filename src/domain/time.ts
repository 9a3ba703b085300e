// Timestamps travel as `YYYY-MM-DDTHH:MM:SSZ` and are stored as whole epoch seconds (contract: fractions are
// dropped on write, so every order a client sees agrees with the values it receives).

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](\d{2}):(\d{2}))$/i

// Instants whose UTC form still has a four-digit year, so every stored time can be answered in the wire shape.
const EARLIEST_MS = Date.parse('0000-01-01T00:00:00Z')
const LATEST_MS = Date.parse('9999-12-31T23:59:59.999Z')

/** True when `text` is an RFC 3339 date-time with an offset that names a real instant of years 0000-9999 UTC. */
export function isDateTime (text: string): boolean {
  const match = RFC3339.exec(text)
  if (match === null || !fieldsInRange(match.slice(1).map((part) => Number(part ?? 0)))) return false
  const ms = Date.parse(text.toUpperCase())
  return ms >= EARLIEST_MS && ms <= LATEST_MS
}

// Date.parse rolls 2021-02-30 over to March 2 and reads T24:00 as the next day: neither names itself, so refuse them.
function fieldsInRange ([year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHour = 0, offsetMinute = 0]: number[]): boolean {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31
  return month >= 1 && month <= 12 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59 &&
    offsetHour <= 23 && offsetMinute <= 59
}

/**
 * A range's lower bound in whole stored seconds: rounded up, so `since=…:00.5Z` excludes a record at `…:00Z`
 * (upper bounds use toEpochSeconds, which rounds down).
 */
export function lowerBoundSeconds (text: string): number {
  return Math.ceil(Date.parse(text.toUpperCase()) / 1000)
}

/** Epoch seconds of an RFC 3339 date-time, fractions dropped. Call only on values `isDateTime` accepted. */
export function toEpochSeconds (text: string): number {
  return Math.floor(Date.parse(text.toUpperCase()) / 1000)
}

// The texts of the times formatted lately: a bulk answer holds a thousand records whose updatedAt are mostly one
// time (its transaction's), and Date's toISOString is a microsecond a call. Cleared when full, so it stays small.
const recentWireTimes = new Map<number, string>()
const RECENT_WIRE_TIMES = 1024

export function toWireTime (epochSeconds: number): string {
  let text = recentWireTimes.get(epochSeconds)
  if (text === undefined) {
    text = new Date(epochSeconds * 1000).toISOString().slice(0, 19) + 'Z'
    if (recentWireTimes.size === RECENT_WIRE_TIMES) recentWireTimes.clear()
    recentWireTimes.set(epochSeconds, text)
  }
  return text
}

export function nowSeconds (): number {
  return Math.floor(Date.now() / 1000)
}

/** The current time in epoch seconds: the system's in the service, one a test moves in tests. */
export type Clock = () => number
