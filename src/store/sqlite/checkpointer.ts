import { once } from 'node:events'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Db } from './database.js'

// A WAL checkpoint copies the log's pages into the database file and fsyncs both. By default SQLite runs one in
// the commit that takes the log past 1,000 pages, on the committing thread: here the event loop, which then
// serves nobody until the disk answers (create activity on a 1M-activity database: about 1,900 req/s with
// checkpoints in commits, 2,550 without). So commits never checkpoint, and a worker thread with a connection of
// its own runs PASSIVE checkpoints a few times a second: they copy whatever no reader still needs, without
// blocking readers or writers. A writer that finds the whole log copied starts it again from its beginning, so
// the log stays the size of what is written between two checkpoints. Durability is the commit's, not the
// checkpoint's: a crash keeps every committed write either way.

const INTERVAL_MS = 200

// Plain CommonJS, run with eval: the same source under tsx (tests) and from dist.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.path)
db.pragma('busy_timeout = 5000')
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)') } catch {} }
const timer = setInterval(checkpoint, workerData.intervalMs)
parentPort.once('message', () => {
  clearInterval(timer)
  db.close()
  parentPort.close()
})
`

export interface Checkpointer {
  stop: () => Promise<void>
}

/** Moves the checkpoints of `db` (a file in WAL mode) off the thread that commits. */
export function startCheckpointer (db: Db, path: string): Checkpointer {
  db.pragma('wal_autocheckpoint = 0')
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(WORKER, { eval: true, workerData: { path, driver, intervalMs: INTERVAL_MS } })
  // Should the worker fail, commits checkpoint again as SQLite does by default.
  worker.on('error', () => { if (db.open) db.pragma('wal_autocheckpoint = 1000') })
  worker.unref()
  let running = true
  worker.once('exit', () => { running = false })
  return {
    async stop () {
      if (!running) return
      const exited = once(worker, 'exit')
      worker.ref() // the process waits for it to close its connection
      worker.postMessage('stop')
      await exited
    }
  }
}
