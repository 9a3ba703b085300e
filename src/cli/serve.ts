import cluster from 'node:cluster'
import type { Command } from 'commander'
import { buildApp } from '../app.js'
import { developmentSecret } from '../auth/tokens.js'
import { loadConfig } from '../config.js'
import { developmentAccess, startLine } from '../start/announce.js'
import { runPrimary } from '../start/cluster.js'
import { openDatabase } from '../start/database.js'
import { logDestination, startLogger } from '../start/log.js'
import { metricsOn, serveMetrics, workerMetrics } from '../start/metrics.js'
import { shutDownOnSignals } from '../start/shutdown.js'

export function serveCommand (program: Command): void {
  program.command('serve')
    .description('run the HTTP service until SIGTERM or SIGINT, which let it finish the requests in flight (exit 0)')
    .addHelpText('after', `
Settings come from the environment (or .env): PORT, HOST, DATABASE_URL, JWT_SECRET, WORKERS, ... (docs/running.md).
Pending migrations are applied first. With no JWT key configured, a development secret and workspace are kept in
./data and a token is printed for the person at the terminal (never into the log).

Examples:
  $ workspace-records serve
  $ PORT=3000 DATABASE_URL=postgres://app:secret@localhost/records workspace-records serve
  $ npm start`)
    .action(serve)
}

async function serve (): Promise<void> {
  const config = loadConfig()
  // With no key configured at all, a development secret (and a token for it, printed at the terminal).
  const development = config.jwt.secret === undefined && config.jwt.publicKey === undefined && config.jwt.jwksUrl === undefined
  if (config.workers > 1 && cluster.isPrimary) return await runPrimary(config, development)
  const jwtSecret = development ? developmentSecret(config.dataDir) : config.jwt.secret
  // Started first in a worker, so the primary's requests for this worker's metrics are answered from the start.
  const worker = config.workers > 1 && metricsOn(config) ? workerMetrics() : undefined
  const startLog = startLogger(config.logFormat)
  const { store, migrations } = await openDatabase(config.database, (retry) =>
    startLog('warn', 'cannot reach the database yet: trying again', retry))
  const app = await buildApp({ config, store, jwtSecret, logStream: logDestination(config.logFormat), scrapeMetrics: worker?.scrape })
  app.addHook('onClose', async () => await store.close())
  shutDownOnSignals(app)
  if (worker !== undefined && app.metricsRegistry !== undefined) worker.register(app.metricsRegistry)
  // WORKERS > 1: the primary serves METRICS_PORT, with every worker's numbers.
  if (worker === undefined && config.metrics.port !== undefined && app.metricsRegistry !== undefined) {
    const registry = app.metricsRegistry
    const server = await serveMetrics(config, async () => await registry.metrics(), (message) => app.log.info(message))
    app.addHook('onClose', async () => { await new Promise((resolve) => server.close(resolve)) })
  }
  const address = await app.listen({ port: config.port, host: config.host })
  // With WORKERS above 1 the supervisor says this, once.
  if (cluster.isWorker) return
  const line = startLine(config, address, migrations)
  app.log.info(line.fields, line.msg)
  if (development && jwtSecret !== undefined) {
    const access = await developmentAccess(config, jwtSecret, address)
    app.log.info(access.log.fields, access.log.msg)
    if (access.terminal !== undefined) process.stderr.write(access.terminal)
  }
}
