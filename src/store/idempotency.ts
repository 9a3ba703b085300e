import type { Clock } from '../domain/time.js'
import type { Driver } from './driver.js'
import { KEPT_ANSWER_SECONDS, type IdempotencyStore, type KeyedAnswer, type KeyedOutcome } from './types.js'

// Idempotency-Keys (docs/idempotency.md). A keyed request runs as a unit, a transaction of its own: it takes
// the key's lock (a request with the key already running, in this process or another, makes it in flight), reads
// the key's row, runs the work in a savepoint that every write of the store joins, keeps the answer and commits. A
// crash at any point rolls all of it back; a deadlock runs the whole unit again (PostgreSQL).

/** A dialect's statements of Idempotency-Keys (each store's sql.ts). */
export interface IdempotencySql {
  /** `locked`: whether the unit holds the lock of key $2 of workspace $1 now, for the rest of its transaction. */
  tryLock: string
  /** Deletes up to PURGE_BATCH answers that expired before $1. */
  purgeBatch: string
}

export function idempotency (driver: Driver, sql: IdempotencySql, clock: Clock): IdempotencyStore {
  const select = 'SELECT fingerprint, status, body FROM idempotency_keys WHERE workspace_id = $1 AND key = $2 AND expires_at >= $3'
  // An expired row of the key is replaced: it is no longer an answer.
  const keep = `INSERT INTO idempotency_keys (workspace_id, key, fingerprint, status, body, created_at, expires_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (workspace_id, key) DO UPDATE SET fingerprint = excluded.fingerprint,
    status = excluded.status, body = excluded.body, created_at = excluded.created_at, expires_at = excluded.expires_at`
  // This process's keyed requests running now: a second with the key is in flight at once, without waiting for a unit.
  const inFlight = new Set<string>()

  return {
    async find (workspaceId, key, fingerprint) {
      return keptOutcome((await driver.db.all<KeptRow>(select, [workspaceId, key, clock()]))[0], fingerprint)
    },

    async run (workspaceId, key, fingerprint, work) {
      const id = `${workspaceId} ${key}`
      if (inFlight.has(id)) return { kind: 'in-flight' }
      inFlight.add(id)
      try {
        return await driver.unit(async (tx): Promise<KeyedOutcome> => {
          const [lock] = await tx.all<{ locked: boolean | number }>(sql.tryLock, [workspaceId, key])
          if (lock?.locked !== true && lock?.locked !== 1) return { kind: 'in-flight' }
          const kept = keptOutcome((await tx.all<KeptRow>(select, [workspaceId, key, clock()]))[0], fingerprint)
          if (kept !== undefined) return kept
          let answer: KeyedAnswer
          try {
            // A failed request's writes roll back with its savepoint; its answer is kept all the same.
            answer = await driver.join(tx, async () => {
              const answer = await work()
              if (answer.failed) throw new Failed(answer)
              return answer
            })
          } catch (error) {
            if (!(error instanceof Failed)) throw error
            answer = error.answer
          }
          const now = clock()
          await tx.run(keep, [workspaceId, key, fingerprint, answer.status, answer.body, now, now + KEPT_ANSWER_SECONDS])
          return { kind: 'executed', answer: { status: answer.status, body: answer.body } }
        })
      } finally {
        inFlight.delete(id)
      }
    },

    async purge () {
      return await purgeAll(async () => await driver.transaction(async (tx) => await tx.run(sql.purgeBatch, [clock()])))
    }
  }
}

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
