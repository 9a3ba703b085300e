import type { KeyedAnswer, KeyedOutcome } from './types.js'

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

/** Thrown inside a keyed unit's savepoint to roll back a failed request's writes; its answer is still kept. */
export class Failed extends Error {
  constructor (readonly answer: KeyedAnswer) {
    super('the keyed request failed')
  }
}

/** Purges in batches of PURGE_BATCH (`batch` deletes one and answers how many) until one is short; answers the total. */
export async function purgeAll (batch: () => Promise<number>): Promise<number> {
  let total = 0
  for (let done = PURGE_BATCH; done === PURGE_BATCH; total += done) done = await batch()
  return total
}
