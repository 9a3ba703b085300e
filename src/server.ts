import cluster from 'node:cluster'
import { randomUUID } from 'node:crypto'
import { buildApp } from './app.js'
import { ConfigError, loadConfig } from './config.js'
import { runPrimary } from './start/cluster.js'
import { logDestination } from './start/log-format.js'
import { metricsOn, serveMetrics, workerMetrics } from './start/metrics.js'
import { shutDownOnSignals } from './start/shutdown.js'
import { openStore } from './store/index.js'
import { developmentSecret, signToken } from './auth/tokens.js'

async function main (): Promise<void> {
  const config = loadConfig()
  // With no key configured at all, a development secret (and a token for it, below).
  const development = config.jwt.secret === undefined && config.jwt.publicKey === undefined && config.jwt.jwksUrl === undefined
  if (config.workers > 1 && cluster.isPrimary) return await runPrimary(config, development)
  const jwtSecret = development ? developmentSecret(config.dataDir) : config.jwt.secret
  // Started first in a worker, so the primary's requests for this worker's metrics are answered from the start.
  const worker = config.workers > 1 && metricsOn(config) ? workerMetrics() : undefined
  const store = await openStore(config.database)
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
  // One development token, not one per worker.
  if (development && jwtSecret !== undefined && (cluster.worker?.id ?? 1) === 1) {
    // Development mode only: with a generated secret there is no other way to get a first token quickly.
    const workspaceId = randomUUID()
    const token = await signToken(jwtSecret, { workspaceId, ttl: '24h', algorithm: config.jwt.algorithms[0]!, issuer: config.jwt.issuer, audience: config.jwt.audience })
    app.log.info({ workspaceId, token, curl: `curl -H 'Authorization: Bearer ${token}' ${address}/v1/activities` },
      'JWT_SECRET is unset: using the development secret in ./data/jwt-secret; here is a token for a fresh workspace')
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`configuration error: ${error.message}\n`)
  } else {
    process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
  }
  process.exit(1)
})
