import cluster from 'node:cluster'
import { randomUUID } from 'node:crypto'
import { buildApp } from './app.js'
import { trackConnections } from './connections.js'
import { ConfigError, loadConfig } from './config.js'
import { runPrimary } from './primary.js'
import { openStore } from './store/index.js'
import { developmentSecret, signToken } from './tokens.js'

// Orchestrators kill after 10 s (Kubernetes' default grace period, Docker's stop timeout): finish before.
const SHUTDOWN_DEADLINE_MS = 8000

async function main (): Promise<void> {
  const config = loadConfig()
  // With no key configured at all, a development secret (and a token for it, below).
  const development = config.jwt.secret === undefined && config.jwt.publicKey === undefined && config.jwt.jwksUrl === undefined
  if (config.workers > 1 && cluster.isPrimary) return await runPrimary(config, development)
  const jwtSecret = development ? developmentSecret(config.dataDir) : config.jwt.secret
  const store = await openStore(config.database)
  const app = await buildApp({ config, store, jwtSecret })
  app.addHook('onClose', async () => await store.close())
  const connections = trackConnections(app.server)

  let closing = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return
      closing = true
      app.log.info({ signal }, 'shutting down: finishing in-flight requests')
      // A connection that finishes its response after close() began would stay open for keep-alive and hold
      // the exit: connections are ended as they fall idle; past the deadline, all of them.
      const reaper = setInterval(() => connections.endIdle(), 100)
      const deadline = setTimeout(() => {
        app.log.warn('shutdown deadline passed: closing the connections still open')
        connections.destroyAll()
      }, SHUTDOWN_DEADLINE_MS)
      // Fastify stops accepting, waits for every connection to close, then runs onClose (the store).
      app.close().then(() => {
        clearInterval(reaper)
        clearTimeout(deadline)
        process.exit(0)
      }, (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      })
    })
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
