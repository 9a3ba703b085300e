import cluster, { type Worker } from 'node:cluster'
import type { Config } from '../config.js'
import { openStore } from '../store/index.js'
import { developmentSecret } from '../auth/tokens.js'
import { logDestination } from './log-format.js'
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
  // Lines as pino writes them (JSON, or through the same pretty stream as the workers' with LOG_FORMAT=pretty).
  const out = logDestination(config.logFormat) ?? process.stdout
  const log = (msg: string, fields: Record<string, unknown> = {}) =>
    out.write(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg, ...fields }) + '\n')
  if (development) developmentSecret(config.dataDir)
  // Opening the store applies the migrations; the workers then find the schema up to date.
  await (await openStore(config.database)).close()

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
