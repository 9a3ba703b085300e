import type { Clock } from '../../domain/time.js'
import { Failed, keptOutcome, PURGE_BATCH, purgeAll, type KeptRow } from '../idempotency.js'
import { KEPT_ANSWER_SECONDS, type IdempotencyStore, type KeyedAnswer } from '../types.js'
import { joined, statement, transaction, type Pool } from './database.js'

// Idempotency-Keys on PostgreSQL (docs/idempotency.md). A keyed request runs as one transaction, its unit: it
// takes a transaction-level advisory lock on the key (not had: a request with the key is running, in this
// instance or another, and this one is refused as in flight), reads the key's row, runs the work in a savepoint
// with every write of the store joined to it (database.ts joined), inserts the answer and commits. A crash at
// any point rolls all of it back and frees the lock; a deadlock runs the whole unit again.

// The lock's 64-bit key is a hash of workspace and key (seeded, to stay clear of migrate.ts's constant): two keys
// that collide while both are in flight make the later one a 409 it need not be, once in 2^64.
const tryLock = statement<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock(hashtextextended($1 || ' ' || $2, 16)) AS locked")
const select = statement<KeptRow>(`SELECT fingerprint, status, body FROM idempotency_keys
  WHERE workspace_id = $1 AND key = $2 AND expires_at >= $3`)
// An expired row of the key is replaced: it is no longer an answer.
const keep = statement(`INSERT INTO idempotency_keys (workspace_id, key, fingerprint, status, body, created_at, expires_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (workspace_id, key) DO UPDATE SET fingerprint = excluded.fingerprint,
  status = excluded.status, body = excluded.body, created_at = excluded.created_at, expires_at = excluded.expires_at`)
const purgeBatch = statement<{ n: number }>(`WITH gone AS (DELETE FROM idempotency_keys WHERE (workspace_id, key) IN (
  SELECT workspace_id, key FROM idempotency_keys WHERE expires_at < $1 LIMIT ${PURGE_BATCH}) RETURNING 1)
  SELECT count(*)::int AS n FROM gone`)

export function postgresIdempotency (pool: Pool, clock: Clock): IdempotencyStore {
  return {
    async find (workspaceId, key, fingerprint) {
      return keptOutcome((await select(pool, workspaceId, key, clock()))[0], fingerprint)
    },

    async run (workspaceId, key, fingerprint, work) {
      return await transaction(pool, async (tx) => {
        const [lock] = await tryLock(tx, workspaceId, key)
        if (lock?.locked !== true) return { kind: 'in-flight' }
        const kept = keptOutcome((await select(tx, workspaceId, key, clock()))[0], fingerprint)
        if (kept !== undefined) return kept
        let answer: KeyedAnswer
        try {
          answer = await joined(pool, tx, async () => {
            const answer = await work()
            if (answer.failed) throw new Failed(answer)
            return answer
          })
        } catch (error) {
          if (!(error instanceof Failed)) throw error
          answer = error.answer
        }
        const now = clock()
        await keep(tx, workspaceId, key, fingerprint, answer.status, answer.body, now, now + KEPT_ANSWER_SECONDS)
        return { kind: 'executed', answer: { status: answer.status, body: answer.body } }
      })
    },

    async purge () {
      return await purgeAll(async () => (await transaction(pool, async (tx) => await purgeBatch(tx, clock())))[0]?.n ?? 0)
    }
  }
}
