import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import type { Clock } from '../../domain/time.js'
import { Database } from './driver.js'
import { StoreUnavailableError } from '../types.js'
import { migrations } from './migrations/index.js'

export type Db = BetterSqlite3.Database

export interface SqliteOptions {
  /** `normal` survives a crash of the process (WAL); `full` also survives losing power, at an fsync per commit. */
  synchronous: 'normal' | 'full'
  /** Rows per block of the counted list index (src/store/counted-index.ts); small in tests, to make many. */
  listBlockSize?: number
  /** Pages of write-ahead log past which commits wait for a checkpoint (src/store/sqlite/checkpointer.ts); small in tests. */
  logLimitPages?: number
  /** The time of writes and reads (epoch seconds); the system's when unset. */
  clock?: Clock
}

export function openDatabase (path: string, options: SqliteOptions): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`)
  // Other processes on the same file (several workers) wait for the write lock instead of failing.
  db.pragma('busy_timeout = 5000')
  // 16 MiB of pages instead of SQLite's 2: a write touches its member's row and index pages, anywhere in the
  // file, and each page that is not cached is a read from the OS (create activity on 1M activities: +20%).
  db.pragma('cache_size = -16384')
  migrate(db)
  return db
}

function migrate (db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`)
  const applied = db.prepare('SELECT version FROM schema_migrations WHERE version = ?')
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
  for (const migration of migrations) {
    // IMMEDIATE takes the write lock first, so two processes starting together apply each migration once.
    db.transaction(() => {
      if (applied.get(migration.version) !== undefined) return
      db.exec(migration.sql)
      record.run(migration.version, migration.name, Math.floor(Date.now() / 1000))
    }).immediate()
  }
}

interface Job {
  run: () => unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const committers = new WeakMap<Db, <T>(run: () => T) => Promise<T>>()
const gates = new WeakMap<Db, () => Promise<void> | undefined>()
const writerStats = new WeakMap<Db, () => WriterStats>()

/** What the group-commit writer of a database has done since it started (for the store's metrics). */
export interface WriterStats {
  /** Writes waiting for the next commit now. */
  queued: number
  /** Commits, each of a whole batch. */
  commits: number
  /** Writes those commits ran (each in its savepoint; one that failed rolled back alone). */
  writes: number
  /** Times a commit was held until the checkpointer let the log start over, and how long, in all. */
  holds: number
  heldSeconds: number
}

export function writerStatsOf (db: Db): WriterStats {
  return writerStats.get(db)?.() ?? { queued: 0, commits: 0, writes: 0, holds: 0, heldSeconds: 0 }
}

/** Makes the writer of `db` wait, before each commit, for `ready` when it answers a promise (the checkpointer). */
export function gateCommits (db: Db, ready: () => Promise<void> | undefined): void {
  gates.set(db, ready)
}

/**
 * Group commit: the writes that arrive while the event loop is busy run in one transaction, each in a savepoint
 * of its own (a better-sqlite3 transaction function called inside another), so one that fails rolls back alone;
 * every caller hears back only after the shared COMMIT. One commit per batch instead of one per write: under
 * load, most of the cost of a small write.
 */
export function writer (db: Db): <T>(run: () => T) => Promise<T> {
  let committer = committers.get(db)
  if (committer !== undefined) return committer
  let queue: Job[] = []
  const done = { commits: 0, writes: 0, holds: 0, heldSeconds: 0 }
  let heldSince: number | undefined
  writerStats.set(db, () => ({ queued: queue.length, ...done }))
  const runAll = db.transaction((jobs: Job[]) => jobs.map((job) => {
    try {
      return { ok: true, value: job.run() }
    } catch (error) {
      return { ok: false, value: error }
    }
  }))
  const commit = () => {
    // Held, the writes queue up and the event loop serves the rest; then one commit takes them all.
    const held = gates.get(db)?.()
    if (held !== undefined) {
      if (heldSince === undefined) {
        heldSince = performance.now()
        done.holds++
      }
      held.then(commit, commit)
      return
    }
    if (heldSince !== undefined) {
      done.heldSeconds += (performance.now() - heldSince) / 1000
      heldSince = undefined
    }
    const jobs = queue
    queue = []
    let outcomes: Array<{ ok: boolean, value: unknown }>
    try {
      outcomes = runAll.immediate(jobs)
    } catch (error) {
      // The batch could not commit (another process held the write lock past busy_timeout): nothing was written.
      const failure = (error as { code?: string }).code === 'SQLITE_BUSY' ? new StoreUnavailableError(error) : error
      for (const job of jobs) job.reject(failure)
      return
    }
    done.commits++
    done.writes += jobs.length
    jobs.forEach((job, i) => outcomes[i]!.ok ? job.resolve(outcomes[i]!.value) : job.reject(outcomes[i]!.value))
  }
  committer = async <T>(run: () => T): Promise<T> => await new Promise<T>((resolve, reject) => {
    if (queue.length === 0) setImmediate(commit)
    queue.push({ run, resolve: resolve as (value: unknown) => void, reject })
  })
  committers.set(db, committer)
  return committer
}

export type Counter = 'companies' | 'members' | 'activities' | 'channels'

/** Per-workspace record counts, kept in the same transaction as each write so list totals are O(1). */
export function counters (db: Db) {
  const bump = Object.fromEntries((['companies', 'members', 'activities', 'channels'] as const).map((kind) => [kind,
    db.prepare(`INSERT INTO workspaces (workspace_id, ${kind}) VALUES (?, ?)
      ON CONFLICT (workspace_id) DO UPDATE SET ${kind} = ${kind} + excluded.${kind}`)])) as Record<Counter, BetterSqlite3.Statement>
  const read = Object.fromEntries((['companies', 'members', 'activities', 'channels'] as const).map((kind) => [kind,
    db.prepare(`SELECT ${kind} AS n FROM workspaces WHERE workspace_id = ?`).pluck()])) as Record<Counter, BetterSqlite3.Statement>
  return {
    add (workspaceId: string, kind: Counter, delta: number): void {
      if (delta !== 0) bump[kind].run(workspaceId, delta)
    },
    get (workspaceId: string, kind: Counter): number {
      return (read[kind].get(workspaceId) as number | undefined) ?? 0
    }
  }
}
export type Counters = ReturnType<typeof counters>
