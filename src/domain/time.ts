// Timestamps travel as `YYYY-MM-DDTHH:MM:SSZ` and are stored as whole epoch seconds (contract: fractions are
// dropped on write, so every order a client sees agrees with the values it receives).

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i

// Instants whose UTC form still has a four-digit year, so every stored time can be answered in the wire shape.
const EARLIEST_MS = Date.parse('0000-01-01T00:00:00Z')
const LATEST_MS = Date.parse('9999-12-31T23:59:59.999Z')

/** True when `text` is an RFC 3339 date-time with an offset that names a real instant of years 0000-9999 UTC. */
export function isDateTime (text: string): boolean {
  if (!RFC3339.test(text)) return false
  const ms = Date.parse(text.toUpperCase())
  return ms >= EARLIEST_MS && ms <= LATEST_MS
}

/** Epoch seconds of an RFC 3339 date-time, fractions dropped. Call only on values `isDateTime` accepted. */
export function toEpochSeconds (text: string): number {
  return Math.floor(Date.parse(text.toUpperCase()) / 1000)
}

export function toWireTime (epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 19) + 'Z'
}

export function nowSeconds (): number {
  return Math.floor(Date.now() / 1000)
}
