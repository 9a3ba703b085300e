import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { bearerMatches } from '../../auth/bearer.js'
import { AppError, unauthorized } from '../../errors.js'
import type { Store, StoreMetric } from '../../store/types.js'

// Prometheus metrics (docs/observability.md lists each): requests and their latency by route pattern, the time
// spent in store operations, what the store reports of its own work, and the process's. Off unless METRICS_TOKEN
// or METRICS_PORT is set; then GET /metrics answers here with the token, or on a port of its own (src/start/metrics.ts).

export const PREFIX = 'workspace_records_'
// Requests: from a cached read (well under a millisecond) to a slow bulk write; store operations reach lower.
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const STORE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
/** The route label of a request no route matched (404, 405): never the raw URL, which is unbounded. */
const UNMATCHED = '(unmatched)'

declare module 'fastify' {
  interface FastifyInstance {
    /** With metrics on, the registry that holds them: src/start/ serves it on METRICS_PORT, or sums it over workers. */
    metricsRegistry?: Registry
  }
}

export interface MetricsOptions {
  token: string | undefined
  port: number | undefined
  store: Store
  /** What GET /metrics answers when not this app's registry alone: every worker's, summed, under WORKERS > 1. */
  scrape: (() => Promise<string>) | undefined
}

/**
 * Counts the app's requests and times its store: answers the store to hand to the routes (the same store,
 * timed). With METRICS_TOKEN and no METRICS_PORT, also GET /metrics, outside /v1 (no JWT, no rate limit, not
 * in the OpenAPI document). Register before the routes.
 */
export function metrics (app: FastifyInstance, options: MetricsOptions): Store {
  if (options.token === undefined && options.port === undefined) return options.store
  // The process metrics (CPU, memory, event loop lag, GC, handles) as prom-client collects them, and ours.
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  app.decorate('metricsRegistry', registry)
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry]
  })
  const latency = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request\'s arrival to the end of its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry]
  })
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED
    // A scrape is not API traffic: counting it would move the numbers every time they are read.
    if (route !== '/metrics') {
      requests.inc({ method: request.method, route, status: reply.statusCode })
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000)
    }
    done()
  })
  storeMetrics(options.store, registry)
  if (options.token !== undefined && options.port === undefined) {
    const { token } = options
    const scrape = options.scrape ?? (async () => await registry.metrics())
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"')
        throw unauthorized()
      }
      let text: string
      try {
        text = await scrape()
      } catch (error) {
        request.log.error({ err: error }, 'metrics could not be collected')
        throw new AppError('UNAVAILABLE')
      }
      return await reply.type(registry.contentType).header('cache-control', 'no-store').send(text)
    })
  }
  return timedStore(options.store, registry)
}

/** The store's own numbers (Store.metrics), read afresh at each scrape; a name listed several times has a sample per labels. */
function storeMetrics (store: Store, registry: Registry): void {
  const read = (name: string): StoreMetric[] => store.metrics?.().filter((metric) => metric.name === name) ?? []
  const listed = new Map<string, StoreMetric>()
  for (const metric of store.metrics?.() ?? []) if (!listed.has(metric.name)) listed.set(metric.name, metric)
  for (const metric of listed.values()) {
    const name = `${PREFIX}${metric.name}`
    const labelNames = Object.keys(metric.labels ?? {})
    if (metric.type === 'gauge') {
      // eslint-disable-next-line no-new -- registered in the registry, which keeps it
      new Gauge({ name, help: metric.help, labelNames, registers: [registry], collect () { for (const sample of read(metric.name)) this.set(sample.labels ?? {}, sample.value) } })
    } else {
      // eslint-disable-next-line no-new -- registered in the registry, which keeps it
      new Counter({ name, help: metric.help, labelNames, registers: [registry], collect () { this.reset(); for (const sample of read(metric.name)) this.inc(sample.labels ?? {}, sample.value) } })
    }
  }
}

type Method = (...args: unknown[]) => Promise<unknown>

/**
 * The store with every operation timed (`members.get`, `ping`...): the database time of the requests, measured
 * at the Store interface, so it covers both implementations and whatever they wait for (SQLite's group
 * commit, a PostgreSQL connection) without touching their SQL.
 */
function timedStore (store: Store, registry: Registry): Store {
  const duration = new Histogram({
    name: `${PREFIX}store_operation_duration_seconds`,
    help: 'Time spent in store (database) operations, by operation',
    labelNames: ['operation', 'outcome'] as const,
    buckets: STORE_BUCKETS,
    registers: [registry]
  })
  const timed = (operation: string, method: Method, self: object): Method => {
    duration.zero({ operation, outcome: 'ok' })
    return async (...args) => {
      const end = duration.startTimer({ operation })
      try {
        const result = await method.apply(self, args)
        end({ outcome: 'ok' })
        return result
      } catch (error) {
        end({ outcome: 'error' })
        throw error
      }
    }
  }
  const wrap = (target: object, prefix: string, skip: string[]): Record<string, unknown> => {
    const wrapped: Record<string, unknown> = { ...target }
    for (const name of methodNames(target)) {
      if (skip.includes(name)) continue
      wrapped[name] = timed(`${prefix}${name}`, (target as Record<string, Method>)[name]!, target)
    }
    return wrapped
  }
  // The clock and what the store saw of refusals are no database operations, and their callers need their
  // answers, not promises of them.
  const wrapped = wrap(store, '', ['close', 'metrics', 'clock', 'refusing'])
  for (const [key, value] of Object.entries(store)) {
    if (typeof value === 'object' && value !== null) wrapped[key] = wrap(value as object, `${key}.`, [])
  }
  return wrapped as unknown as Store
}

/** The methods of an object, its prototypes' included (a resource store may be a class instance). */
function methodNames (target: object): string[] {
  const names = new Set<string>()
  for (let object = target; object !== Object.prototype && object !== null; object = Object.getPrototypeOf(object) as object) {
    for (const name of Object.getOwnPropertyNames(object)) {
      if (name !== 'constructor' && typeof (target as Record<string, unknown>)[name] === 'function') names.add(name)
    }
  }
  return [...names]
}
