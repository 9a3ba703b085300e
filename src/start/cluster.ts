import cluster, { type Address, type Worker } from 'node:cluster'
import type { Config } from '../config.js'
import { developmentSecret } from '../auth/tokens.js'
import { developmentAccess, startLine, urlOf } from './announce.js'
import { openDatabase } from './database.js'
import { startLogger } from './log.js'
import { primaryMetrics } from './metrics.js'

// WORKERS=N: this process forks N workers that share the port (node:cluster), and only supervises them.
// It prepares what must happen once (migrations, the development secret) before any worker starts, forwards
// SIGTERM/SIGINT, and replaces a worker that dies unexpectedly, waiting longer each time one dies young so a
// crash loop does not spin.

const MIN_BACKOFF_MS = 100
const MAX_BACKOFF_MS = 30_000
// A worker that lived this long was healthy: the next death starts the backoff over.
const HEALTHY_AFTER_MS = 10_000

export async function runPrimary (config: Readonly<Config>, development: boolean): Promise<void> {
  const startLog = startLogger(config.logFormat)
  const log = (msg: string, fields: Record<string, unknown> = {}) => startLog('info', msg, fields)
  const secret = development ? developmentSecret(config.dataDir) : undefined
  // Opening the store applies the migrations; the workers then find the schema up to date.
  const { store, migrations } = await openDatabase(config.database, (retry) =>
    startLog('warn', 'cannot reach the database yet: trying again', retry))
  await store.close()
  // The start line (and the development token) once, when the first worker listens: the port is known then.
  cluster.once('listening', (_worker: Worker, address: Address) => {
    const url = urlOf(address.address ?? config.host, address.port)
    const line = startLine(config, url, migrations)
    log(line.msg, line.fields)
    if (secret === undefined) return
    developmentAccess(config, secret, url).then((access) => {
      log(access.log.msg, access.log.fields)
      if (access.terminal !== undefined) process.stderr.write(access.terminal)
    }, (error: unknown) => startLog('error', 'cannot make the development token', { err: String(error) }))
  })

  let stopping = false
  let backoff = MIN_BACKOFF_MS
  const started = new Map<Worker, number>()
  const fork = () => started.set(cluster.fork(), Date.now())
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? 0)
    started.delete(worker)
    if (stopping) {
      if (started.size === 0) process.exit(0)
      return
    }
    backoff = lived > HEALTHY_AFTER_MS ? MIN_BACKOFF_MS : Math.min(backoff * 2, MAX_BACKOFF_MS)
    log('worker died: starting another', { worker: worker.process.pid, code, signal, inMs: backoff })
    setTimeout(fork, backoff)
  })
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      log('shutting down the workers', { signal })
      for (const worker of started.keys()) worker.process.kill(signal)
      if (started.size === 0) process.exit(0)
    })
  }
  await primaryMetrics(config, log)
  for (let i = 0; i < config.workers; i++) fork()
  log('supervising workers', { workers: config.workers })
}
