import { Worker } from 'node:worker_threads'
import type { Db } from './database.js'
import { driverPath } from './driver.js'

// A WAL checkpoint copies the log's pages into the database file and fsyncs both. By default SQLite runs one in
// the commit that takes the log past 1,000 pages, on the committing thread: here the event loop, which then
// serves nobody until the disk answers. So commits do not checkpoint; a worker thread with a connection of its
// own runs PASSIVE checkpoints every 50 ms, which copy whatever no reader still needs without blocking readers
// or writers.
//
// They cannot end the log by themselves: a writer starts the log again from its beginning only when every frame
// has been copied, and under a steady stream of writes some always arrive during a checkpoint (10 s of
// saturating creates grew the log to 1.1 GB). So once the log passes LOG_LIMIT pages, the group-commit writer
// holds its next commit (the event loop goes on serving reads, the writes queue) until the worker has copied
// the rest; that commit then starts the log over. Another process writing the same file can keep the copy from
// finishing: the writer then goes on, and commits checkpoint themselves past four limits.
// Measured on 1M activities, 32 connections creating activities: SQLite's default 1,500-1,700 req/s at a p99
// of 55-65 ms; this 2,450-2,750 req/s at a p99 of about 90 ms (the writes queued behind a hold), the log file
// under 45 MB. Durability is the commit's, not the checkpoint's: a crash keeps every committed write either way.
// A create of an activity dirties some 17 pages, so the log grows by about 1 MiB per group commit. A hold
// lasts 40-80 ms, longer for a longer log, but comes less often: in 8 s of such creates, a limit of 8,192
// pages held commits 38 times for 1.45 s in all, 32,768 pages 12 times for 0.75 s (2,480 against 2,690
// req/s over three runs each), 65,536 pages 6 times for 0.49 s.

const INTERVAL_MS = 50
/** Pages (4 KiB) of log past which the writer waits for a checkpoint that lets the log start over: 128 MiB. */
const LOG_LIMIT = 32_768

// Plain CommonJS, run with eval: the same source under tsx (tests) and from dist. Every checkpoint reports the
// log's size and how much of it is copied, or that it failed (the disk full: copying the log can grow the
// database file); a message asks for one now.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.path)
db.pragma('busy_timeout = 5000')
const checkpoint = (asked) => {
  try {
    const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)')
    parentPort.postMessage({ log, checkpointed, asked })
  } catch {
    parentPort.postMessage({ failed: true, asked })
  }
}
const timer = setInterval(() => checkpoint(false), workerData.intervalMs)
parentPort.on('message', (message) => {
  if (message === 'checkpoint') return checkpoint(true)
  clearInterval(timer)
  db.close()
  parentPort.close()
})
`

type Report = { log: number, checkpointed: number, asked: boolean, failed?: undefined } | { failed: true, asked: boolean }

export interface Checkpointer {
  /** Resolves when the writer may commit: at once (undefined) unless the log is past its limit. */
  ready: () => Promise<void> | undefined
  stop: () => Promise<void>
  /** Checkpoints run (on the timer and asked for by a held writer), those that failed, and the log's size at the last one that did not. */
  stats: () => { checkpoints: number, asked: number, failed: number, logPages: number }
}

/** Moves the checkpoints of `db` (a file in WAL mode) off the thread that commits. */
export function startCheckpointer (db: Db, path: string, logLimit = LOG_LIMIT): Checkpointer {
  // Past four limits commits checkpoint on their own thread, as SQLite does: another process keeps writing.
  db.pragma(`wal_autocheckpoint = ${4 * logLimit}`)
  const worker = new Worker(WORKER, { eval: true, workerData: { path, driver: driverPath, intervalMs: INTERVAL_MS } })
  let running = true
  let log = 0
  let limit = logLimit
  let waiting: Promise<void> | undefined
  let answer = () => {}
  const counts = { checkpoints: 0, asked: 0, failed: 0, logPages: 0 }
  worker.on('message', (report: Report) => {
    counts.checkpoints++
    if (report.asked) counts.asked++
    if (report.failed !== undefined) {
      // The log is as it was. A held writer goes on (its commit may fail too, and says so), and is not held again
      // until the log has grown by another limit.
      counts.failed++
      if (!report.asked) return
      limit = log + logLimit
      answer()
      return
    }
    counts.logPages = Math.max(0, report.log)
    // A checkpoint copies the log as it was when it began, and commits go on meanwhile: only one asked for
    // while this process's commits are held can leave nothing behind. That one lets the next commit start the
    // log over; if it could not copy all (another process wrote meanwhile), the writer is not held again
    // until the log has grown by another limit.
    log = report.log
    if (!report.asked) return
    const complete = report.checkpointed === report.log
    if (complete) log = 0
    limit = complete ? logLimit : report.log + logLimit
    answer()
  })
  // Should the worker fail, commits checkpoint as often as SQLite does by default.
  worker.on('error', () => { if (db.open) db.pragma('wal_autocheckpoint = 1000') })
  worker.once('exit', () => {
    running = false
    answer()
  })
  worker.unref()
  return {
    ready () {
      if (!running || log <= limit) return undefined
      waiting ??= new Promise<void>((resolve) => {
        // Held writes keep the process alive until the worker answers (the worker alone does not).
        worker.ref()
        answer = () => {
          worker.unref()
          waiting = undefined
          answer = () => {}
          resolve()
        }
        worker.postMessage('checkpoint')
      })
      return waiting
    },
    stats: () => ({ ...counts }),
    async stop () {
      if (!running) return
      // Not events.once: it rejects on the worker's 'error', and a worker that failed (its file gone before it
      // could open it) exits all the same; its commits checkpointed themselves meanwhile.
      const exited = new Promise((resolve) => worker.once('exit', resolve))
      worker.ref() // the process waits for it to close its connection
      worker.postMessage('stop')
      await exited
    }
  }
}
