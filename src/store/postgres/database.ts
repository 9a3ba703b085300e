import { AsyncLocalStorage } from 'node:async_hooks'
import postgres from 'postgres'
import type { Clock } from '../../domain/time.js'
import { InvalidFieldError, StoreUnavailableError, type ItemError, type RefusalReason } from '../types.js'
import { refusalsOf } from '../refusals.js'
import { settledItem } from '../model/rules.js'
import { isId } from '../../domain/uuid.js'
import type { Db as DriverDb, Driver } from '../driver.js'

/** The pool, or the connection of one transaction: every statement runs on either. */
export type Db = postgres.ISql
export type Pool = postgres.Sql
export type Param = string | number | boolean | null | readonly string[] | readonly number[]

export interface PostgresOptions {
  poolSize: number
  /** Operations that may wait for a connection when all are busy; beyond that they fail at once (503). */
  queueLimit?: number
  /** Server-side limit per statement; 0 means none. */
  statementTimeoutMs: number
  /**
   * Most time an operation waits for a connection (the database away, or every connection busy) before it fails
   * with a 503, having sent nothing; DEFAULT_ACQUIRE_TIMEOUT_MS when unset.
   */
  acquireTimeoutMs?: number
  /** Rows per block of the counted list index (src/store/counted-index.ts); small in tests, to make many. */
  listBlockSize?: number
  /** The time of writes and reads (epoch seconds); the system's when unset. */
  clock?: Clock
}

// TLS and any other connection parameter come with the URL (sslmode=require, ...); query parameters that are
// not postgres.js options go to the server as run-time settings (e.g. search_path).
export function connect (url: string, options: PostgresOptions): Pool {
  return postgres(url, {
    max: options.poolSize,
    // A connection attempt that hangs (a host that drops packets) is given up after 10 s, not the default 30 s;
    // requests and readiness do not wait for it that long (see watch).
    connect_timeout: 10,
    backoff: reconnectDelay,
    onnotice: () => {},
    connection: {
      application_name: 'workspace-records',
      statement_timeout: options.statementTimeoutMs,
      // Every statement names its workspace, and PostgreSQL's default custom plans estimate `workspace_id = $1`
      // from that value's statistics: a workspace they do not hold yet (made since the last ANALYZE, or one of a few
      // that all fit the most-common-values list) is estimated at one row, so any index that starts with
      // workspace_id looks as good as the one that finds the key, and a look-up by email or id walked all of the
      // workspace's rows: create member cost 12 ms at 8,000 members in a new workspace, and grew with it. A generic
      // plan estimates an average workspace, which makes each look-up the index of its whole key, and is planned
      // once per connection instead of at every call (0.2-0.7 ms of planning for some statements). docs/performance.md.
      plan_cache_mode: 'force_generic_plan'
    }
  })
}

/**
 * The seconds a connection waits before it tries again to connect, after its `failures`-th failure in a row (counted
 * for the whole pool). postgres.js's own wait, 3^failures / 100 s up to 20 s (times 0.5 to 1), reached 12 s within
 * half a second of the server going away: requests waited that long for an attempt, even after the server was back.
 * Here it grows the same way up to 0.5 s (times 0.5 to 1). A connection tries again only for an operation waiting
 * for it, so a server that is away gets at most two attempts a second per connection of the pool.
 */
export function reconnectDelay (failures: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** failures / 100, RECONNECT_DELAY_MAX_SECONDS)
}
const RECONNECT_DELAY_MAX_SECONDS = 0.5

/**
 * A statement written once, sent with its values as parameters and prepared on each connection at first use
 * (postgres.js keys prepared statements by their text). The text is built from constant column names only.
 */
export function statement<Row extends object = Record<string, unknown>> (text: string) {
  return async (db: Db, ...params: Param[]): Promise<Row[]> => {
    // On the pool, a statement is a whole operation (or a part of the keyed unit it runs in); in a transaction,
    // the transaction is.
    const admission = pools.get(db as Pool)
    if (admission === undefined) return await sent(db, text, params)
    const unit = unitOf(db)
    return unit !== undefined ? await sent(unit.tx, text, params) : await operation(db as Pool, admission, async () => await sent(db, text, params, admission))
  }
}

/**
 * Sends one statement on `on`. On a pool (`admission` given), one that waits for a connection is cancelled if no
 * connection has been given it yet when its wait is given up (see watch): it is never sent then, and fails with a
 * 503.
 */
async function sent<Row extends object> (on: Db, text: string, params: Param[], admission?: Admission): Promise<Row[]> {
  if (links.get(on)?.closed === true) throw connectionLost()
  const query = on.unsafe<Row[]>(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })
  let gaveUp: StoreUnavailableError | undefined
  const waiting = admission === undefined
    ? undefined
    : watch(admission, (cause) => {
      // postgres.js sets a query's state as it writes it to a connection; a query it has not written yet (queued,
      // or the first of a connection still opening) is dropped by cancel() and never written. One written may run.
      // A wait is given up a sweep or a failed connection after it began at the soonest, so the query has been
      // handed to the pool (a microtask after it is awaited) by then. patches/postgres+3.4.9.patch: a cancelled
      // first query no longer holds its connection.
      if ((query as unknown as { state: unknown }).state !== null) return false
      gaveUp = noConnection(admission, cause)
      query.cancel()
      return true
    })
  try {
    const rows = await query
    if (admission !== undefined) admission.answers++
    if (rows.count > 0 && WRITES.has(rows.command)) wrote(on)
    return rows
  } catch (error) {
    if (gaveUp !== undefined) throw gaveUp
    if (waiting !== undefined) {
      unwatch(admission!, waiting)
      connectFailed(admission!, error)
    }
    if (isLost(error)) lost(on)
    throw error
  } finally {
    if (waiting !== undefined) unwatch(admission!, waiting)
  }
}

/**
 * The ids among `ids` of records of `table` in the workspace: one statement for a single reference or a whole
 * batch's, none when no id is given (a value that is no id names no record).
 */
export function existingIds (table: string) {
  const lookup = statement<{ id: string }>(`SELECT id FROM ${table} WHERE workspace_id = $1 AND id = ANY($2::uuid[])`)
  return async (db: Db, workspaceId: string, ids: ReadonlyArray<string | null | undefined>): Promise<Set<string>> => {
    const wanted = [...new Set(ids.filter(isId))]
    return new Set(wanted.length === 0 ? [] : (await lookup(db, workspaceId, wanted)).map((row) => row.id))
  }
}

// Connection failures (postgres.js's own codes, the socket's) and the server's "cannot serve now" states:
// class 08 (connection exception), 57P01-57P03 (shutting down, starting up), 53300 (too many connections),
// 57014 (statement timeout: overloaded).
const UNAVAILABLE_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT',
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH',
  '57P01', '57P02', '57P03', '53300', '57014'])

// The codes of a connection that is gone, or about to be (57P01, 57P02: the server ends it after saying so).
const LOST_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT',
  '57P01', '57P02'])

/** The error's code, postgres.js's, the socket's or the server's SQLSTATE, when it has one. */
function codeOf (error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

const isLost = (error: unknown): boolean => LOST_CODES.has(codeOf(error) ?? '')

// The server has no room for the operation (class 53, insufficient resources): no disk space for a file of a
// table, an index, a sort or the log (53100, "could not extend file"), no memory (53200), or another resource
// (53000). It changed nothing, and may succeed once room is made. 53300 (too many connections) is above.
const REFUSAL_CODES: Partial<Record<string, RefusalReason>> = { 53100: 'disk_full', 53200: 'out_of_memory', 53000: 'insufficient_resources' }

const refusalOf = (error: unknown): RefusalReason | undefined =>
  error instanceof postgres.PostgresError ? REFUSAL_CODES[error.code] : undefined

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

/**
 * A statement on `db` changed rows: on the pool, there is room for writes again; in a transaction, there is
 * once it commits (retried).
 */
function wrote (db: Db): void {
  const link = links.get(db)
  if (link !== undefined) link.wrote = true
  else if (pools.has(db as Pool)) refusalsOf(db).accepted()
}

function isUnavailable (error: unknown): boolean {
  const code = codeOf(error)
  return code !== undefined && (UNAVAILABLE_CODES.has(code) || (error instanceof postgres.PostgresError && code.startsWith('08')))
}

interface Admission extends PoolStats {
  limit: number
  /** How many sweeps an operation may wait for a connection (see watch). */
  acquireSweeps: number
  acquireTimeoutMs: number
  /** Sweeps made so far: the pool's clock for waits. */
  sweeps: number
  /** Answers the database gave operations of the pool so far (a statement's, a BEGIN's): it is there while they grow. */
  answers: number
  /** The waits being watched, oldest first (every wait is as long). */
  waits: Set<Wait>
  sweeper: NodeJS.Timeout | undefined
}

/**
 * What this side of a pool can see: postgres.js keeps its connections' states to itself, so these are the
 * operations admitted to the pool, and the time each transaction waited for a connection (until its BEGIN ran).
 */
export interface PoolStats {
  poolSize: number
  /** Operations running or waiting for a connection now. */
  inFlight: number
  /** Operations refused at once because poolSize + queueLimit were in flight (each a 503). */
  refused: number
  /** Operations that gave up waiting for a connection (refused, or none within acquireTimeoutMs), having sent nothing (each a 503). */
  abandoned: number
  transactions: number
  /** Time transactions waited for a connection and their BEGIN, in all. */
  transactionWaitSeconds: number
}

const pools = new WeakMap<Pool, Admission>()

export const DEFAULT_ACQUIRE_TIMEOUT_MS = 2000

/**
 * Bounds the operations waiting for a connection, in number (postgres.js would queue without limit) and in time
 * (postgres.js would wait as long as its connections take to open, or to free).
 */
export function limitQueue (pool: Pool, options: PostgresOptions): void {
  const acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS
  pools.set(pool, {
    limit: options.poolSize + (options.queueLimit ?? 1000),
    acquireSweeps: Math.max(1, Math.ceil(acquireTimeoutMs / SWEEP_MS)),
    acquireTimeoutMs,
    sweeps: 0,
    answers: 0,
    waits: new Set(),
    sweeper: undefined,
    poolSize: options.poolSize,
    inFlight: 0,
    refused: 0,
    abandoned: 0,
    transactions: 0,
    transactionWaitSeconds: 0
  })
}

export function poolStats (pool: Pool): PoolStats | undefined {
  const admission = pools.get(pool)
  if (admission === undefined) return undefined
  const { poolSize, inFlight, refused, abandoned, transactions, transactionWaitSeconds } = admission
  return { poolSize, inFlight, refused, abandoned, transactions, transactionWaitSeconds }
}

/**
 * One whole operation on the pool: refused at once when too many are in flight, 503 when the database is away.
 * An operation counts as in flight until its work has settled, even when it answered before (a transaction that
 * gave up its wait: its BEGIN may still be queued in postgres.js), so that the limit bounds postgres.js's queue.
 */
async function operation<T> (pool: Pool, admission: Admission | undefined, run: () => Promise<T>): Promise<T> {
  if (admission !== undefined && admission.inFlight >= admission.limit) {
    admission.refused++
    throw new StoreUnavailableError()
  }
  try {
    const work = run()
    if (admission !== undefined) holds(admission, work)
    return await work
  } catch (error) {
    const refusal = refusalOf(error)
    if (refusal !== undefined) throw refusalsOf(pool).refused(refusal, error)
    throw isUnavailable(error) ? new StoreUnavailableError(error) : error
  }
}

/** Counts `work` in flight until it settles. */
function holds (admission: Admission, work: Promise<unknown>): void {
  admission.inFlight++
  const done = () => { admission.inFlight-- }
  work.then(done, done)
}

// How long an operation has waited for its connection is watched by a sweep of its pool every SWEEP_MS, one timer
// that runs while any operation waits, rather than a timer per operation (a timer costs some 0.5 µs to set and
// clear, a share of a read's CPU that shows).
const SWEEP_MS = 100

/** An operation's wait for a connection. */
interface Wait {
  /** The sweep at which it is over. */
  until: number
  /** The pool's answers when it began, or was last renewed. */
  answers: number
  /**
   * Called when it is over: gives the connection up and fails the operation with a 503, when nothing has been sent
   * (and true); false when the operation has its connection (a statement written to one), and goes on. `cause`:
   * the failure to connect that ended it, when not its deadline.
   */
  giveUp: (cause?: unknown) => boolean
}

/**
 * Watches an operation's wait for a connection: it is given up past the pool's acquireTimeoutMs while the database
 * answers none of the pool's operations (it is away, or does not answer), or as soon as a connection of the pool
 * fails to open (see connectFailed). A database that answers others is up and busy: the wait goes on, bounded by
 * the pool's queue limit.
 */
function watch (admission: Admission, giveUp: (cause?: unknown) => boolean): Wait {
  const wait = { until: admission.sweeps + admission.acquireSweeps, answers: admission.answers, giveUp }
  admission.waits.add(wait)
  if (admission.sweeper === undefined) {
    admission.sweeper = setInterval(sweep, SWEEP_MS, admission)
    admission.sweeper.unref()
  }
  return wait
}

function unwatch (admission: Admission, wait: Wait): void {
  admission.waits.delete(wait)
}

function sweep (admission: Admission): void {
  admission.sweeps++
  // Oldest first, and every wait is as long: the first that is not over ends the sweep.
  for (const wait of admission.waits) {
    if (wait.until > admission.sweeps) break
    admission.waits.delete(wait)
    if (admission.answers > wait.answers) {
      // The database answered others meanwhile: renewed, last in line.
      wait.until = admission.sweeps + admission.acquireSweeps
      wait.answers = admission.answers
      admission.waits.add(wait)
    } else if (wait.giveUp()) {
      admission.abandoned++
    }
  }
  if (admission.waits.size === 0) {
    clearInterval(admission.sweeper)
    admission.sweeper = undefined
  }
}

// A connection of the pool could not be opened because the server is away: refused, unknown, unreachable, not
// answering, starting up or shutting down. Not 53300 (too many connections): the pool's other connections may
// free soon.
const CONNECT_FAILED = new Set(['ECONNREFUSED', 'CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', '57P03'])

/**
 * When `error` says a connection could not be opened, every operation still waiting for one gives up now, with
 * that cause, as at its deadline. postgres.js fails only the one operation its attempt was for, and each
 * connection tries again only after a wait: the others would wait their turn at an attempt, one each, behind
 * those that gave up already (a transaction's BEGIN stays queued), and under load reach their deadline.
 */
function connectFailed (admission: Admission, error: unknown): void {
  if (!CONNECT_FAILED.has(codeOf(error) ?? '')) return
  for (const wait of admission.waits) {
    admission.waits.delete(wait)
    if (wait.giveUp(error)) admission.abandoned++
  }
}

/** A 503: the operation waited for a connection for as long as it may, or until one failed to open; it sent nothing. */
function noConnection (admission: Admission | undefined, cause?: unknown): StoreUnavailableError {
  const ms = admission?.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS
  return new StoreUnavailableError(cause ?? Object.assign(new Error(`no connection to the database within ${ms} ms`), { code: 'ACQUIRE_TIMEOUT' }))
}

/** Thrown inside a transaction to run it again from the start (see activities' update). */
export class Retry extends Error {}

// Deadlocks and serialization failures are safe to retry: the transaction was rolled back whole.
const RETRYABLE = new Set(['40P01', '40001'])
const ATTEMPTS = 5

const REFERENCE_FIELDS: Record<string, string> = {
  members_company_fkey: 'companyId',
  activities_member_fkey: 'memberId',
  activities_channel_fkey: 'channelId',
  activities_reply_to_fkey: 'replyTo',
  activities_react_to_fkey: 'reactTo',
  activities_invite_to_fkey: 'inviteTo'
}

// Work a transaction asks to run once it has committed, by its key (so it runs once however often asked).
const committed = new WeakMap<Db, Map<string, () => Promise<void>>>()

/** Runs `task` after the transaction `tx` commits, once per `key`; never when it rolls back. */
export function afterCommit (tx: Db, key: string, task: () => Promise<void>): void {
  committed.get(tx)?.set(key, task)
}

/**
 * What a transaction's work hands back when its last statements are sent but not answered: the transaction's
 * COMMIT goes out right behind them, so nothing waits on their answer first (a round trip less per write). Their
 * failure aborts the transaction, the server answers the COMMIT with ROLLBACK, and the transaction fails with
 * their error as if the work had thrown it.
 */
export class Unanswered<T> {
  constructor (readonly answer: Promise<T>) {
    // Awaited once the COMMIT is answered: a failure is handled then, not unhandled before.
    answer.catch(() => {})
  }
}

const answered = async <T>(outcome: T | Unanswered<T>): Promise<T> => outcome instanceof Unanswered ? await outcome.answer : outcome

/**
 * Runs `work` as one transaction (READ COMMITTED), again when the database asks for a retry; then the work it
 * asked to run after commit (see afterCommit). Inside a keyed unit (see join), a savepoint of the unit's
 * transaction instead.
 */
export async function transaction<T> (pool: Pool, work: (tx: Db) => Promise<T | Unanswered<T>>): Promise<T> {
  const unit = unitOf(pool)
  if (unit !== undefined) return await nested(unit, work)
  const admission = pools.get(pool)
  return await operation(pool, admission, async () => await retried(pool, work, admission))
}

interface Unit {
  pool: Pool
  tx: Db
  open: boolean
}

// The keyed unit that the code running inside it belongs to (AsyncLocalStorage follows its awaits). `open`
// turns false at its end, for work it started that outlives it.
const units = new AsyncLocalStorage<Unit>()

function unitOf (pool: Db): Unit | undefined {
  const unit = units.getStore()
  return unit?.pool === pool && unit.open ? unit : undefined
}

/**
 * Runs `work` in a savepoint of the transaction `tx` (a keyed unit, see idempotency.ts), rolled back when it
 * throws: every statement it sends to `pool` runs there, and every transaction it opens on `pool` is a savepoint
 * within (one that fails rolls back alone), whose after-commit work waits for `tx`'s commit. A retry the
 * database asks of such a transaction (a deadlock, a Retry) is not made inside: it fails `tx`, whose own
 * transaction() runs it again whole. The work must send one statement or transaction at a time (savepoints
 * nest on one connection).
 */
export async function join<T> (pool: Pool, tx: Db, work: () => Promise<T>): Promise<T> {
  return await savepoint(tx, async (sp) => {
    const unit: Unit = { pool, tx: sp, open: true }
    try {
      return await units.run(unit, work)
    } finally {
      unit.open = false
    }
  })
}

async function nested<T> (unit: Unit, work: (tx: Db) => Promise<T | Unanswered<T>>): Promise<T> {
  try {
    return await savepoint(unit.tx, work)
  } catch (error) {
    throw referenceError(error)
  }
}

// A reference checked at the start of a write can vanish before commit (its record deleted concurrently):
// the foreign key then fails, and it means the same as a failed check.
function referenceError (error: unknown): unknown {
  if (error instanceof postgres.PostgresError && error.code === '23503') {
    const field = REFERENCE_FIELDS[error.constraint_name ?? '']
    if (field !== undefined) return new InvalidFieldError(field)
  }
  return error
}

// postgres.js 3.4.9 (porsager/postgres#1208 and #1186, open): when a transaction's connection closes, begin() fails,
// but what is sent on that connection afterwards (a statement of the work, or the ROLLBACK that begin() and
// savepoint() send when the work fails) is written, from a timer, to a socket that is gone: an uncaught TypeError
// that stops the process. So a transaction whose connection is lost sends nothing more: its statements fail at once,
// and its work (or a savepoint's), failed by the loss, never settles, so postgres.js sends no rollback of its own.
// begin() has already failed with the loss, and the server rolls back a transaction whose connection is gone.
interface Link {
  closed: boolean
  /** A statement of the transaction changed rows. */
  wrote?: boolean
}
const links = new WeakMap<Db, Link>()

const connectionLost = () => Object.assign(new Error('the transaction\'s connection to the database was lost'), { code: 'CONNECTION_CLOSED' })

function lost (tx: Db): void {
  const link = links.get(tx)
  if (link !== undefined) link.closed = true
}

/** Runs `run` in the transaction (or savepoint) `tx`: its failure by a lost connection never settles (see above). */
async function guardConnectionLoss<T> (tx: Db, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    // When the lost connection is the transaction's own (not a pool statement's), begin() has failed with it
    // before the event loop's next turn (postgres.js rejects it where it fails the connection's queries).
    if (isLost(error)) await new Promise((resolve) => setImmediate(resolve))
    if (links.get(tx)?.closed === true) return await new Promise<never>(() => {})
    throw error
  }
}

// Thrown in a transaction that begins after its wait was given up: nothing of its work is sent.
class Abandoned extends Error {}

async function retried<T> (pool: Pool, work: (tx: Db) => Promise<T | Unanswered<T>>, admission: Admission | undefined): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const tasks = new Map<string, () => Promise<void>>()
    const asked = performance.now()
    const link: Link = { closed: false }
    // The wait for a connection and its BEGIN is given up past the pool's acquireTimeoutMs (see watch): the
    // operation fails with a 503 then, and when the transaction begins after all, it sends nothing of the work and
    // rolls back, so what was answered 503 is never written. Once begun, the work is never given up: it commits or
    // fails (a lost connection: the server rolls it back).
    let begun: Promise<unknown> | undefined
    let abandoned: ((error: unknown) => void) | undefined
    const given = admission === undefined ? undefined : new Promise<never>((_resolve, reject) => { abandoned = reject })
    const wait = admission === undefined
      ? undefined
      : watch(admission, (cause) => {
        if (begun === undefined || abandoned === undefined) return false
        // Still counted in flight until postgres.js lets go of it: it may hold a place in its queue.
        holds(admission, begun)
        abandoned(noConnection(admission, cause))
        abandoned = undefined
        return true
      })
    try {
      begun = pool.begin(async (tx) => {
        if (wait !== undefined) {
          unwatch(admission!, wait)
          if (abandoned === undefined) throw new Abandoned()
          abandoned = undefined
        }
        if (admission !== undefined) {
          admission.answers++
          admission.transactions++
          admission.transactionWaitSeconds += (performance.now() - asked) / 1000
        }
        committed.set(tx, tasks)
        links.set(tx, link)
        return await guardConnectionLoss(tx, async () => await work(tx))
      }).catch((error: unknown) => {
        if (isLost(error)) link.closed = true
        if (admission !== undefined) {
          if (wait !== undefined) unwatch(admission, wait)
          connectFailed(admission, error)
        }
        throw error
      })
      const outcome = await (given === undefined ? begun : Promise.race([begun, given])) as T | Unanswered<T>
      // The COMMIT is answered; statements sent before it failed if their answer did (the server rolled back).
      const result = await answered(outcome)
      if (link.wrote === true) refusalsOf(pool).accepted()
      for (const task of tasks.values()) await task()
      return result
    } catch (error) {
      const retry = error instanceof Retry || (error instanceof postgres.PostgresError && RETRYABLE.has(error.code))
      if (retry && attempt < ATTEMPTS) continue
      throw referenceError(error)
    } finally {
      if (wait !== undefined) unwatch(admission!, wait)
    }
  }
}

/**
 * Runs `work` in a savepoint of the transaction `tx`: when it fails, what it wrote is rolled back and the
 * transaction goes on. Work asked to run after commit inside it runs after the transaction's commit.
 */
async function savepoint<T> (tx: Db, work: (sp: Db) => Promise<T | Unanswered<T>>): Promise<T> {
  return await (tx as postgres.TransactionSql).savepoint(async (sp) => {
    const tasks = committed.get(tx)
    if (tasks !== undefined) committed.set(sp, tasks)
    const link = links.get(tx)
    if (link !== undefined) links.set(sp, link)
    // A savepoint has no COMMIT to send: its work's last answer is awaited inside, so that its failure rolls back
    // the savepoint alone.
    return await guardConnectionLoss(sp, async () => await answered(await work(sp)))
  }) as T
}

/**
 * Runs `work` for each item in order, each in a savepoint of `tx`: an item that breaks a rule rolls back alone and
 * answers its error; the others stay written.
 */
export async function eachInSavepoint<I, T extends object> (tx: Db, items: readonly I[], work: (sp: Db, item: I) => Promise<T>):
Promise<Array<T | { error: ItemError }>> {
  const done = []
  for (const item of items) done.push(await settledItem(async () => await savepoint(tx, async (sp) => await work(sp, item))))
  return done
}

// A statement sent after the transaction's end runs outside it (and commits), so a transaction's callback must
// not end while any of its statements is in flight: wait for every one, then fail with the first real error
// (the later statements of an aborted transaction fail with 25P02, "current transaction is aborted").
/** Runs the tasks of one transaction together (pipelined on its connection); fails once all have ended. */
export async function allSettled<T extends readonly unknown[]> (tasks: readonly [...T]): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(tasks)
  const errors = results.flatMap((result) => result.status === 'rejected' ? [result.reason as unknown] : [])
  if (errors.length > 0) {
    throw errors.find((error) => !(error instanceof postgres.PostgresError && error.code === '25P02')) ?? errors[0]
  }
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> }
}

export type Counter = 'companies' | 'members' | 'activities' | 'channels'

// Each count is spread over rows, one per connection (a slot from the server process's id), so concurrent
// writers of a busy workspace do not queue on one row lock until commit, as they did on a slot drawn at random
// (10 connections in 16 slots: two of them on one row at almost every moment). A total sums at most SLOTS rows.
const SLOTS = 64
/** The SQL of this connection's slot among a count's rows. */
export const CONNECTION_SLOT = `(pg_backend_pid() % ${SLOTS})::smallint`

/** Per-workspace record counts, kept in the same transaction as each write so list totals are O(1). */
export function counters () {
  const upsert = (workspaceId: string, kind: string, delta: string) =>
    `INSERT INTO workspace_counters (workspace_id, kind, slot, n) VALUES (${workspaceId}, ${kind}, ${CONNECTION_SLOT}, ${delta})
      ON CONFLICT (workspace_id, kind, slot) DO UPDATE SET n = workspace_counters.n + excluded.n`
  const bump = statement(upsert('$1', '$2', '$3'))
  return {
    /** Call last in a transaction, in the order activities, channels, companies, members: the lock is held until commit. */
    async add (db: Db, workspaceId: string, kind: Counter, delta: number): Promise<void> {
      if (delta !== 0) await bump(db, workspaceId, kind, delta)
    },
    /** The SQL of `add` for use inside a larger statement, given the placeholders of its values. */
    addSql: (kind: Counter, workspaceId: string, delta: string) => upsert(workspaceId, `'${kind}'`, delta),
    /** The SQL of a workspace's total of `kind`, for use inside a larger statement; $1 is the workspace. */
    total: (kind: Counter) =>
      `SELECT coalesce(sum(n), 0)::float8 AS total FROM workspace_counters WHERE workspace_id = $1 AND kind = '${kind}'`
  }
}
export type Counters = ReturnType<typeof counters>

/**
 * The driver of a pool (src/store/driver.ts): statements prepared on each connection at first use, transactions
 * on one connection of the pool, run again when the database asks for a retry.
 */
export function postgresDriver (pool: Pool): Driver {
  const statements = new Map<string, ReturnType<typeof statement>>()
  const prepared = (sql: string) => {
    let found = statements.get(sql)
    if (found === undefined) statements.set(sql, found = statement(sql))
    return found
  }
  const on = (db: Db): DriverDb => ({
    all: async <Row extends object>(sql: string, params: readonly Param[] = []) => await prepared(sql)(db, ...params) as Row[],
    run: async (sql: string, params: readonly Param[] = []) => (await prepared(sql)(db, ...params) as unknown as { count: number }).count
  })
  const wrapped = (db: Db) => {
    const wrapper = on(db)
    connections.set(wrapper, db)
    return wrapper
  }
  return {
    db: on(pool),
    transaction: async (work) => await transaction(pool, async (tx) => await work(wrapped(tx))),
    savepoint: async (tx, work) => await savepoint(connectionOf(tx), async (sp) => await work(wrapped(sp))),
    unit: async (work) => await transaction(pool, async (tx) => await work(wrapped(tx))),
    join: async (tx, work) => await join(pool, connectionOf(tx), work)
  }
}

const connections = new WeakMap<DriverDb, Db>()

/** The postgres.js transaction under a driver's, for the record tables, which take it as it is. */
export function connectionOf (db: DriverDb): Db {
  const connection = connections.get(db)
  if (connection === undefined) throw new Error('not a transaction of this driver')
  return connection
}
