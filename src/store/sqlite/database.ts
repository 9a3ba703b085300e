import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import type { Clock } from '../../domain/time.js'
import { Database } from './driver.js'
import { StoreUnavailableError } from '../types.js'
import type { Db as DriverDb, Driver, Param } from '../driver.js'
import { refusalsOf } from '../refusals.js'
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
  /** Writes by the ten thousand (an import): a page cache of BULK_CACHE_MIB instead of 16 MiB. */
  bulk?: boolean
}

/**
 * The page cache of a bulk writer, in MiB. An import's members go to places of the search terms' and identity
 * keys' indexes that no order makes adjacent, hundreds of MB of them at 100,000 members: with 16 MiB most of
 * those pages are read again from the OS at each batch (100,000 members: 8 GB read).
 */
export const BULK_CACHE_MIB = 256

export function openDatabase (path: string, options: SqliteOptions): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`)
  // Other processes on the same file (several workers) wait for the write lock instead of failing.
  db.pragma('busy_timeout = 5000')
  // 16 MiB of pages instead of SQLite's 2: a write touches its member's row and index pages, anywhere in the
  // file, and each page that is not cached is a read from the OS (create activity on 1M activities: +20%).
  db.pragma(`cache_size = -${(options.bulk === true ? BULK_CACHE_MIB : 16) * 1024}`)
  // An erased member leaves no bytes behind: deleted content is overwritten with zeros, not left in free space.
  db.pragma('secure_delete = ON')
  // Each write of a group commit runs in a savepoint, whose journal of the pages it changes would go to a temporary
  // file on disk past 64 KiB (most creates): kept in memory, freed at each release (docs/performance.md).
  db.pragma('temp_store = MEMORY')
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
  /** Asynchronous work (a driver's transaction): run in a savepoint of its own, and awaited. */
  async?: boolean
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

interface UnitJob {
  work: () => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Entry = { job: Job, unit?: undefined } | { unit: UnitJob, job?: undefined }

interface Writer {
  write: <T>(run: () => T) => Promise<T>
  transaction: <T>(work: () => Promise<T>) => Promise<T>
  unit: <T>(work: () => Promise<T>) => Promise<T>
}

const writers = new WeakMap<Db, Writer>()
const gates = new WeakMap<Db, () => Promise<void> | undefined>()
const writerStats = new WeakMap<Db, () => WriterStats>()
const commitHooks = new WeakMap<Db, () => void>()

// The keyed unit open on a database, as the code running inside it sees it (AsyncLocalStorage follows the unit's
// awaits): its writes join the unit's transaction. `open` turns false at its end, for work it started that
// outlives it; `lost` is set when SQLite ended the unit's transaction itself (see failedWrite).
const units = new AsyncLocalStorage<{ db: Db, open: boolean, lost?: unknown }>()

/** What the group-commit writer of a database has done since it started (for the store's metrics). */
export interface WriterStats {
  /** Writes waiting for the next commit now. */
  queued: number
  /** Commits, each of a whole batch or of one keyed unit. */
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
 * Runs `work` inside every transaction of the writer of `db`, after its writes and before its COMMIT (the
 * pulse order's blocks, sqlite/pulse-blocks.ts): what it writes commits with them.
 */
export function beforeEachCommit (db: Db, work: () => void): void {
  commitHooks.set(db, work)
}

/**
 * Group commit: the writes that arrive while the event loop is busy run in one transaction, each in a savepoint
 * of its own (a better-sqlite3 transaction function called inside another), so one that fails rolls back alone;
 * every caller hears back only after the shared COMMIT. One commit per batch instead of one per write: under
 * load, most of the cost of a small write.
 */
export function writer (db: Db): <T>(run: () => T) => Promise<T> {
  return writerOf(db).write
}

/** As `writer`, for asynchronous work over the driver (its statements synchronous under their promises). */
export function asyncWriter (db: Db): <T>(work: () => Promise<T>) => Promise<T> {
  return writerOf(db).transaction
}

/**
 * Runs `work` as one transaction of its own (a keyed unit, see idempotency.ts), in the writer's turn: every
 * write that `work` makes through `writer(db)` runs at once inside it, in a savepoint, instead of waiting for a
 * batch; it commits when `work` resolves and rolls back when it rejects. Other writes wait meanwhile.
 *
 * The unit's transaction is open on the connection every read of this process uses, so nothing but the unit
 * may run while it is open, or it would read rows that may yet roll back. That holds because the unit starts in
 * a setImmediate callback of its own (the microtask queue is empty then) and `work` awaits nothing but this
 * store's operations, which are synchronous under their promises: every microtask until it settles is the
 * unit's own, and it commits before the event loop turns. A `work` that awaited real I/O (a timer, a socket)
 * would let the loop turn with the transaction open: a guard sees that and fails the unit (rolled back).
 */
export function unitWriter (db: Db): <T>(work: () => Promise<T>) => Promise<T> {
  return writerOf(db).unit
}

function writerOf (db: Db): Writer {
  const existing = writers.get(db)
  if (existing !== undefined) return existing
  let queue: Entry[] = []
  let scheduled = false
  let unitOpen = false
  const done = { commits: 0, writes: 0, holds: 0, heldSeconds: 0 }
  let heldSince: number | undefined
  writerStats.set(db, () => ({ queued: queue.length, ...done }))
  const beforeCommit = () => commitHooks.get(db)?.()
  const failed = (error: unknown) => failedWrite(db, error)
  // Whether a commit changed data, asked only while a refusal for lack of room is remembered: one that did shows
  // there is room again (a commit that changed nothing succeeds on a full disk too).
  const refusals = refusalsOf(db)
  const totalChanges = db.prepare('SELECT total_changes()').pluck()
  const changesNow = () => refusals.remembered() ? totalChanges.get() as number : undefined
  const begin = db.prepare('BEGIN IMMEDIATE')
  const commitStatement = db.prepare('COMMIT')
  const rollback = db.prepare('ROLLBACK')
  const savepoint = savepoints(db)
  const schedule = () => {
    if (scheduled || unitOpen || queue.length === 0) return
    scheduled = true
    setImmediate(commit)
  }
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
    scheduled = false
    if (heldSince !== undefined) {
      done.heldSeconds += (performance.now() - heldSince) / 1000
      heldSince = undefined
    }
    if (queue.length === 0) return
    const next = queue[0]!.unit
    if (next !== undefined) {
      queue.shift()
      unitOpen = true
      setImmediate(() => openUnit(next))
      return
    }
    // The batch: the writes up to the next unit.
    const end = queue.findIndex((entry) => entry.unit !== undefined)
    const jobs = (end < 0 ? queue : queue.slice(0, end)).map((entry) => entry.job!)
    queue = end < 0 ? [] : queue.slice(end)
    scheduled = true
    const after = () => {
      scheduled = false
      schedule()
    }
    runBatch(jobs).then(after, after)
  }
  /**
   * The batch's jobs in one transaction, each in a savepoint of its own. A job whose work is asynchronous is
   * awaited before the next starts: it awaits nothing but statements of this database, which are synchronous
   * under their promises, so the whole batch still ends before the event loop turns (a guard fails it if not);
   * its callers hear back after the COMMIT.
   */
  const runBatch = async (jobs: Job[]) => {
    const outcomes: Array<{ ok: boolean, value: unknown }> = []
    let guard: NodeJS.Immediate | undefined
    let turned = false
    const changes = changesNow()
    try {
      begin.run()
    } catch (error) {
      // Another process held the write lock past busy_timeout: nothing was written.
      for (const job of jobs) job.reject(failed(error))
      return
    }
    let failure: unknown
    try {
      for (const job of jobs) {
        let outcome: { ok: boolean, value: unknown }
        if (job.async !== true) {
          outcome = settle(job.run)
        } else {
          guard ??= setImmediate(() => { turned = true })
          outcome = await savepoint(job.run as () => Promise<unknown>).then((value) => ({ ok: true, value }), (value: unknown) => ({ ok: false, value }))
        }
        // SQLite ends the whole transaction itself on some errors (a full disk met by a statement that spills the
        // page cache): the writes before this one are gone, and each one after would commit on its own. So the
        // batch fails whole.
        if (!outcome.ok && !db.inTransaction) throw outcome.value
        outcomes.push(outcome)
      }
      if (turned) throw new Error('a write awaited I/O with its transaction open')
      beforeCommit()
      commitStatement.run()
    } catch (error) {
      failure = error
      if (db.inTransaction) rollback.run()
    } finally {
      if (guard !== undefined) clearImmediate(guard)
    }
    if (failure !== undefined) {
      // Nothing was written (no room on the disk for the log, or the transaction ended early): each write is
      // refused, and counted, as if it had been alone.
      for (const job of jobs) job.reject(failed(failure))
      return
    }
    done.commits++
    done.writes += jobs.length
    if (changes !== undefined && outcomes.some((outcome) => outcome.ok) && totalChanges.get() !== changes) refusals.accepted()
    jobs.forEach((job, i) => outcomes[i]!.ok ? job.resolve(outcomes[i]!.value) : job.reject(failed(outcomes[i]!.value)))
  }
  const openUnit = (unit: UnitJob) => {
    const close = (settle: () => void) => {
      unitOpen = false
      settle()
      schedule()
    }
    try {
      // IMMEDIATE: the write lock first, so another process's unit with the same key waits and then finds the answer.
      db.exec('BEGIN IMMEDIATE')
    } catch (error) {
      close(() => unit.reject(failed(error)))
      return
    }
    const changes = changesNow()
    const context: { db: Db, open: boolean, lost?: unknown } = { db, open: true }
    let turned = false
    const guard = setImmediate(() => { turned = true })
    const end = (error: unknown, value?: unknown) => {
      context.open = false
      clearImmediate(guard)
      // A transaction SQLite ended itself is the failure, whatever the work made of it.
      if (context.lost !== undefined) error = context.lost
      if (error === undefined && turned) error = new Error('a keyed unit awaited I/O with its transaction open')
      if (error === undefined) {
        try {
          beforeCommit()
          db.exec('COMMIT')
          done.commits++
          if (changes !== undefined && totalChanges.get() !== changes) refusals.accepted()
        } catch (failure) {
          error = failure
        }
      }
      if (error !== undefined) error = failed(error)
      if (error !== undefined && db.inTransaction) db.exec('ROLLBACK')
      close(() => error === undefined ? unit.resolve(value) : unit.reject(error))
    }
    units.run(context, unit.work).then((value) => end(undefined, value), (error: unknown) => end(error ?? new Error('a keyed unit failed')))
  }
  const unitNow = () => {
    const unit = units.getStore()
    return unit?.db === db && unit.open ? unit : undefined
  }
  /** Runs a write of the keyed unit open now, in a savepoint of its transaction. */
  const inUnit = async <T>(unit: { lost?: unknown }, run: () => Promise<T>): Promise<T> => {
    // Once SQLite has ended the unit's transaction itself, a write would commit on its own.
    if (unit.lost !== undefined || !db.inTransaction) throw unit.lost ?? new Error('the keyed unit\'s transaction ended early')
    done.writes++
    try {
      return await run()
    } catch (error) {
      const failure = failed(error)
      if (!db.inTransaction) unit.lost = failure
      throw failure
    }
  }
  const enqueue = async <T>(run: () => unknown, async: boolean) => await new Promise<T>((resolve, reject) => {
    queue.push({ job: { run, async, resolve: resolve as (value: unknown) => void, reject } })
    schedule()
  })
  const written: Writer = {
    async write<T> (run: () => T): Promise<T> {
      const unit = unitNow()
      if (unit === undefined) return await enqueue(run, false)
      return await inUnit(unit, async () => db.transaction(run)())
    },
    async transaction<T> (work: () => Promise<T>): Promise<T> {
      const unit = unitNow()
      if (unit === undefined) return await enqueue(work, true)
      return await inUnit(unit, async () => await savepoint(work))
    },
    async unit<T> (work: () => Promise<T>): Promise<T> {
      return await new Promise<T>((resolve, reject) => {
        queue.push({ unit: { work, resolve: resolve as (value: unknown) => void, reject } })
        schedule()
      })
    }
  }
  writers.set(db, written)
  return written
}

/**
 * What a failed write tells its caller: SQLITE_BUSY (another process held the write lock past busy_timeout), and
 * SQLITE_FULL (no room on the disk, or the file at max_page_count) or SQLITE_IOERR_SHMSIZE (the log's index could
 * not grow: on Unix, a write that found no room), changed nothing and may succeed later: the store is unavailable.
 */
function failedWrite (db: Db, error: unknown): unknown {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'SQLITE_BUSY':
      return new StoreUnavailableError(error)
    case 'SQLITE_FULL':
    case 'SQLITE_IOERR_SHMSIZE':
      return refusalsOf(db).refused('disk_full', error)
    default:
      return error
  }
}

/** A synchronous job's outcome: its value, or what it threw (its own transaction function rolled it back). */
function settle (run: () => unknown): { ok: boolean, value: unknown } {
  try {
    return { ok: true, value: run() }
  } catch (error) {
    return { ok: false, value: error }
  }
}

/** Runs asynchronous work in a savepoint of the open transaction: released when it resolves, rolled back when it rejects. */
export function savepoints (db: Db) {
  const open = db.prepare('SAVEPOINT work')
  const release = db.prepare('RELEASE work')
  const undo = db.prepare('ROLLBACK TO work')
  return async <T>(work: () => Promise<T>): Promise<T> => {
    open.run()
    try {
      const value = await work()
      release.run()
      return value
    } catch (error) {
      // SQLite ends a transaction itself on some errors (a full disk): then there is no savepoint left to undo.
      if (db.inTransaction) {
        undo.run()
        release.run()
      }
      throw error
    }
  }
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

type Statement = BetterSqlite3.Statement
interface Prepared {
  statement: Statement
  /** Which parameter each `?` takes, when the text's placeholders are not $1, $2... once each, in order. */
  order: number[] | undefined
  /** How many `?` the text has. */
  count: number
}

/** SQLite's value of a parameter: arrays as JSON text (read with json_each), booleans as 1 and 0. */
const bound = (value: Param): unknown => typeof value === 'object' && value !== null ? JSON.stringify(value) : typeof value === 'boolean' ? Number(value) : value

/**
 * The driver of a database (src/store/driver.ts). A statement's `$n` placeholders become `?` when it is prepared,
 * once per text. Transactions are jobs of the database's group-commit writer; every statement runs at once on its
 * one connection, so a transaction's statements are those that run while its work does.
 */
export function sqliteDriver (db: Db): Driver {
  const prepared = new Map<string, Prepared>()
  const prepare = (sql: string): Prepared => {
    let found = prepared.get(sql)
    if (found === undefined) {
      const order: number[] = []
      const statement = db.prepare(sql.replace(/\$(\d+)/g, (_, n: string) => {
        order.push(Number(n) - 1)
        return '?'
      }))
      prepared.set(sql, found = { statement, order: order.every((n, i) => n === i) ? undefined : order, count: order.length })
    }
    return found
  }
  // A text may use fewer of the parameters than the other dialect's text of the same statement is given.
  const args = ({ order, count }: Prepared, params: readonly Param[]) =>
    (order !== undefined ? order.map((n) => params[n]!) : params.length > count ? params.slice(0, count) : params).map(bound)
  const on: DriverDb = {
    async all<Row extends object> (sql: string, params: readonly Param[] = []) {
      const statement = prepare(sql)
      return statement.statement.all(...args(statement, params)) as Row[]
    },
    async run (sql: string, params: readonly Param[] = []) {
      const statement = prepare(sql)
      return statement.statement.run(...args(statement, params)).changes
    }
  }
  const transaction = asyncWriter(db)
  const unit = unitWriter(db)
  const savepoint = savepoints(db)
  return {
    db: on,
    transaction: async (work) => await transaction(async () => await work(on)),
    savepoint: async (_, work) => await savepoint(async () => await work(on)),
    // The unit's writes run at once on the one connection, which its transaction holds: a savepoint is the join.
    unit: async (work) => await unit(async () => await work(on)),
    async join (_, work) {
      // SQLite ends a transaction itself on some errors (a full disk): then nothing more may be written outside it.
      const open = () => { if (!db.inTransaction) throw new Error('the unit\'s transaction ended early') }
      try {
        const value = await savepoint(work)
        open()
        return value
      } catch (error) {
        open()
        throw error
      }
    }
  }
}
