import Fastify, { type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { DestinationStream } from 'pino'
import { TokenCache } from './auth/token-cache.js'
import type { Config } from './config.js'
import { authenticate } from './http/plugins/auth.js'
import { clientErrorHandler, errorHandler, frameworkErrors } from './http/plugins/error-handler.js'
import { idempotency } from './http/plugins/idempotency.js'
import { lingeringClose } from './http/plugins/lingering-close.js'
import { metrics } from './http/plugins/metrics.js'
import { openapi } from './http/plugins/openapi.js'
import { rateLimit } from './http/plugins/rate-limit.js'
import { lazySerializers } from './http/plugins/serialization.js'
import { requestIds } from './http/plugins/request-id.js'
import { learnRouteWords, requestLog } from './http/plugins/request-log.js'
import { answerHeaders, securityHeaders } from './http/plugins/security-headers.js'
import { validation } from './http/plugins/validation.js'
import { activityRoutes } from './http/routes/activities.js'
import { activityTypeRoutes } from './http/routes/activity-types.js'
import { channelRoutes } from './http/routes/channels.js'
import { companyRoutes } from './http/routes/companies.js'
import { engagementRoutes } from './http/routes/engagement.js'
import { mergeRoutes } from './http/routes/merges.js'
import { healthRoutes } from './http/routes/health.js'
import { identityRoutes } from './http/routes/identity.js'
import { memberRoutes } from './http/routes/members.js'
import { NAMED_SCHEMAS } from './schemas/named.js'
import type { Store } from './store/types.js'

const BODY_LIMIT_BYTES = 1024 * 1024
// After a 413 (or any answer sent before the body was all in), at most this much more of the body is read and
// dropped, for at most REQUEST_TIMEOUT_MS, so that the client reads the answer (docs/api.md).
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024

export interface AppOptions {
  config: Readonly<Config>
  store: Store
  /** The development secret the server generated, used when the config names no key. */
  jwtSecret?: string
  /** Where log lines go; stdout when omitted. */
  logStream?: DestinationStream
  /** Wall clock in ms (token exp and nbf); tests move it. */
  wallClock?: () => number
  /** Verified tokens kept between requests; a fresh one per app when omitted. */
  tokenCache?: TokenCache
  /** Monotonic clock in ms (rate limiting); tests move it. */
  clock?: () => number
  /** What GET /metrics answers, when not this app's registry alone (every worker's under WORKERS > 1). */
  scrapeMetrics?: () => Promise<string>
}

/** The whole service as a Fastify instance that does not listen: tests run exactly what production runs. */
export async function buildApp (options: AppOptions): Promise<FastifyInstance> {
  const { config } = options
  const headers = answerHeaders()
  const app = Fastify({
    ...requestLog(config.logLevel, options.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    // A client must send its headers within headersTimeout and its whole request within requestTimeout
    // (slow-loris senders are cut off with a 408). They go to Node's server constructor: Fastify sets
    // requestTimeout only afterwards, which on Node 20 leaves a body that never ends without a deadline.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      // How often Node looks for requests past their timeout (its default, 30 s, would let one live 30 s too long).
      connectionsCheckingInterval: 1000
    },
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // A connection on which nothing moves for this long is closed: a client that stopped reading its answer
    // would otherwise hold the connection and the unsent rest of the answer for ever.
    connectionTimeout: config.connectionTimeoutMs,
    clientErrorHandler: clientErrorHandler(headers.uncached),
    // While draining, a request on a connection already open is still served (with Connection: close) rather
    // than answered by Fastify's own 503 body, which is not our envelope; new connections are refused.
    return503OnClosing: false,
    // Long path params reach validation (a bad id is a 404), instead of the router's own 414.
    routerOptions: { maxParamLength: 8192, ignoreTrailingSlash: true },
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    frameworkErrors
  }).withTypeProvider<TypeBoxTypeProvider>()

  lingeringClose(app, { maxBytes: DRAIN_LIMIT_BYTES, maxMs: config.requestTimeoutMs })
  for (const schema of NAMED_SCHEMAS) app.addSchema(schema)
  validation(app)
  errorHandler(app)
  securityHeaders(app, headers)
  requestIds(app)
  learnRouteWords(app)
  const store = metrics(app, { ...config.metrics, store: options.store, scrape: options.scrapeMetrics })
  await openapi(app)
  await app.register(healthRoutes, { store })
  await app.register(async (v1) => {
    authenticate(v1, { jwt: config.jwt, developmentSecret: options.jwtSecret, now: options.wallClock ?? Date.now, cache: options.tokenCache ?? new TokenCache() })
    if (config.rateLimit.perMinute > 0) rateLimit(v1, { ...config.rateLimit, now: options.clock ?? performance.now.bind(performance) })
    idempotency(v1, { store })
    await v1.register(companyRoutes, { prefix: '/companies', store })
    await v1.register(memberRoutes, { prefix: '/members', store })
    await v1.register(activityRoutes, { prefix: '/activities', store })
    await v1.register(channelRoutes, { prefix: '/channels', store })
    await v1.register(activityTypeRoutes, { prefix: '/activity-types', store })
    await v1.register(engagementRoutes, { store })
    await v1.register(identityRoutes, { store })
    await v1.register(mergeRoutes, { store })
  }, { prefix: '/v1' })
  return app
}
