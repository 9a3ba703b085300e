import cluster from 'node:cluster'
import { createServer, type Server } from 'node:http'
import { AggregatorRegistry, type Registry } from 'prom-client'
import { bearerMatches } from '../auth/bearer.js'
import type { Config } from '../config.js'
import { AppError, notFound, unauthorized } from '../errors.js'

// The process side of GET /metrics (the HTTP side is src/http/plugins/metrics.ts): the listener of METRICS_PORT,
// and with WORKERS > 1 the numbers of every worker summed by prom-client's AggregatorRegistry in the primary,
// which alone can ask every worker. A worker asked for /metrics on the API port (METRICS_TOKEN) asks the primary.

const SCRAPE = 'workspace-records:metrics'
const SCRAPED = 'workspace-records:metrics-answer'
const SCRAPE_TIMEOUT_MS = 10_000
const CONTENT_TYPE = AggregatorRegistry.PROMETHEUS_CONTENT_TYPE

type Scrape = () => Promise<string>

export const metricsOn = (config: Readonly<Config>): boolean => config.metrics.token !== undefined || config.metrics.port !== undefined

/**
 * Serves `scrape` at GET /metrics on METRICS_PORT (and HOST), with METRICS_TOKEN as a bearer token when set;
 * resolves with the server once it listens.
 */
export async function serveMetrics (config: Readonly<Config>, scrape: Scrape, log: (message: string) => void): Promise<Server> {
  const token = config.metrics.token
  const server = createServer((request, response) => {
    const answer = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(body)
    }
    const error = (appError: AppError, headers?: Record<string, string>) =>
      answer(appError.statusCode, 'application/json; charset=utf-8', JSON.stringify(appError.body), headers)
    const path = (request.url ?? '').split('?')[0]
    if (path !== '/metrics') return error(notFound())
    if (request.method !== 'GET' && request.method !== 'HEAD') return error(new AppError('METHOD_NOT_ALLOWED'), { allow: 'GET, HEAD' })
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      return error(unauthorized(), { 'www-authenticate': 'Bearer realm="metrics"' })
    }
    scrape().then((text) => answer(200, CONTENT_TYPE, text), () => error(new AppError('UNAVAILABLE')))
  })
  server.listen(config.metrics.port, config.host)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.metrics.port
  log(`Metrics listening at http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}/metrics`)
  return server
}

/**
 * In the primary of WORKERS > 1: every worker's metrics summed, served on METRICS_PORT when set, and given to
 * a worker that asks (METRICS_TOKEN on the API port).
 */
export async function primaryMetrics (config: Readonly<Config>, log: (message: string) => void): Promise<void> {
  if (!metricsOn(config)) return
  const aggregator = new AggregatorRegistry()
  const scrape = async () => await aggregator.clusterMetrics()
  cluster.on('message', (worker, message: { type?: string, id?: number }) => {
    if (message?.type !== SCRAPE) return
    const reply = (answer: { text?: string, error?: string }) => { if (worker.isConnected()) worker.send({ type: SCRAPED, id: message.id, ...answer }) }
    scrape().then((text) => reply({ text }), (error: unknown) => reply({ error: String(error) }))
  })
  if (config.metrics.port !== undefined) await serveMetrics(config, scrape, log)
}

/**
 * In a worker of WORKERS > 1, from its start: answers the primary's requests for this worker's numbers (from
 * `registry` once the app has made it), and gives the app a scrape that asks the primary for everyone's.
 */
export function workerMetrics (): { register: (registry: Registry) => void, scrape: Scrape } {
  // Its constructor starts answering the primary's requests (from the global registry, empty, until register).
  new AggregatorRegistry() // eslint-disable-line no-new
  const pending = new Map<number, (answer: { text?: string, error?: string }) => void>()
  let next = 0
  process.on('message', (message: { type?: string, id?: number, text?: string, error?: string }) => {
    if (message?.type !== SCRAPED || message.id === undefined) return
    pending.get(message.id)?.(message)
    pending.delete(message.id)
  })
  return {
    register: (registry) => AggregatorRegistry.setRegistries([registry]),
    scrape: async () => await new Promise<string>((resolve, reject) => {
      const id = next++
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new Error('the primary did not answer with the metrics'))
      }, SCRAPE_TIMEOUT_MS)
      pending.set(id, (answer) => {
        clearTimeout(timer)
        if (answer.text !== undefined) resolve(answer.text)
        else reject(new Error(answer.error ?? 'no metrics'))
      })
      process.send?.({ type: SCRAPE, id })
    })
  }
}
