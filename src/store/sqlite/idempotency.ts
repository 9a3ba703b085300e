import type { Clock } from '../../domain/time.js'
import { Failed, keptOutcome, PURGE_BATCH, purgeAll, type KeptRow } from '../idempotency.js'
import { KEPT_ANSWER_SECONDS, type IdempotencyStore, type KeyedAnswer } from '../types.js'
import { unitWriter, writer, type Db } from './database.js'

// Idempotency-Keys on SQLite (docs/idempotency.md). A keyed request runs as a unit of the writer, a transaction
// of its own (database.ts unitWriter): the key's row is read, the work runs, its answer is inserted, and all
// commit together. In this process a key has one unit at a time (a second is refused as in flight); another
// process's unit with the key waits for the write lock, then finds the answer and replays it.

export function sqliteIdempotency (db: Db, clock: Clock): IdempotencyStore {
  const select = db.prepare(`SELECT fingerprint, status, body FROM idempotency_keys
    WHERE workspace_id = ? AND key = ? AND expires_at >= ?`)
  // An expired row of the key is replaced: it is no longer an answer.
  const keep = db.prepare(`INSERT INTO idempotency_keys (workspace_id, key, fingerprint, status, body, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (workspace_id, key) DO UPDATE SET fingerprint = excluded.fingerprint,
    status = excluded.status, body = excluded.body, created_at = excluded.created_at, expires_at = excluded.expires_at`)
  const purgeBatch = db.prepare(`DELETE FROM idempotency_keys WHERE rowid IN (
    SELECT rowid FROM idempotency_keys WHERE expires_at < ? LIMIT ${PURGE_BATCH})`)
  const write = writer(db)
  const unit = unitWriter(db)
  const inFlight = new Set<string>()
  const found = (workspaceId: string, key: string, fingerprint: string) =>
    keptOutcome(select.get(workspaceId, key, clock()) as KeptRow | undefined, fingerprint)

  return {
    async find (workspaceId, key, fingerprint) {
      return found(workspaceId, key, fingerprint)
    },

    async run (workspaceId, key, fingerprint, work) {
      const id = `${workspaceId} ${key}`
      if (inFlight.has(id)) return { kind: 'in-flight' }
      inFlight.add(id)
      try {
        return await unit(async () => {
          const kept = found(workspaceId, key, fingerprint)
          if (kept !== undefined) return kept
          // The work in a savepoint of the unit: a failed request's writes roll back, its answer is kept.
          db.exec('SAVEPOINT keyed_request')
          let answer: KeyedAnswer
          try {
            answer = await work()
            if (answer.failed) throw new Failed(answer)
            db.exec('RELEASE keyed_request')
          } catch (error) {
            if (db.inTransaction) db.exec('ROLLBACK TO keyed_request; RELEASE keyed_request')
            if (!(error instanceof Failed)) throw error
            answer = error.answer
          }
          // SQLite ends a transaction itself on some errors (a full disk): then nothing may be written outside it.
          if (!db.inTransaction) throw new Error('the keyed unit\'s transaction ended early')
          const now = clock()
          keep.run(workspaceId, key, fingerprint, answer.status, answer.body, now, now + KEPT_ANSWER_SECONDS)
          return { kind: 'executed', answer: { status: answer.status, body: answer.body } }
        })
      } finally {
        inFlight.delete(id)
      }
    },

    async purge () {
      return await purgeAll(async () => await write(() => purgeBatch.run(clock()).changes))
    }
  }
}
