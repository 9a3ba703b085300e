import type { KeyedOutcome } from './types.js'

// What both stores decide alike about Idempotency-Keys (docs/idempotency.md); their SQL and locking differ.

/** Expired answers deleted per statement by a purge, so one never holds the write lock for long. */
export const PURGE_BATCH = 1000
/** How often each process purges expired answers. */
export const PURGE_INTERVAL_MS = 60_000

export interface KeptRow {
  fingerprint: string
  status: number
  body: string
}

/** The outcome of a key whose unexpired row is `row`: its answer again for the same request, else a mismatch. */
export function keptOutcome (row: KeptRow | undefined, fingerprint: string): KeyedOutcome | undefined {
  if (row === undefined) return undefined
  if (row.fingerprint !== fingerprint) return { kind: 'mismatch' }
  return { kind: 'replayed', answer: { status: Number(row.status), body: row.body } }
}
