import type { FastifyInstance } from 'fastify'
import { trackConnections } from './connections.js'

// Orchestrators kill after 10 s (Kubernetes' default grace period, Docker's stop timeout): finish before.
const SHUTDOWN_DEADLINE_MS = 8000

/**
 * On SIGTERM or SIGINT: stop accepting, finish every request in flight (a slow client's download included),
 * close the store (the app's onClose) and exit 0; past the deadline, cut what is still open.
 */
export function shutDownOnSignals (app: FastifyInstance): void {
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
}
