import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { DestinationStream } from 'pino'
import { authenticate, type KeySource } from './auth.js'
import type { Config } from './config.js'
import { AppError, clientErrorHandler, notFound, registerErrorHandlers, toAppError } from './errors.js'
import { activityRoutes } from './http/activities.js'
import { channelRoutes } from './http/channels.js'
import { companyRoutes } from './http/companies.js'
import { docsPage } from './http/docs.js'
import { healthRoutes } from './http/health.js'
import { memberRoutes } from './http/members.js'
import { parseJsonBodies } from './http/json-body.js'
import { publicDocument } from './http/openapi.js'
import type { Store } from './store/types.js'
import { RateLimiter } from './rate-limit.js'
import { securityHeaders } from './security-headers.js'
import { TokenCache } from './token-cache.js'
import { validatorCompiler } from './validation.js'

const BODY_LIMIT_BYTES = 1024 * 1024

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
}

export async function buildApp (options: AppOptions): Promise<FastifyInstance> {
  const { config, store, logStream } = options
  // Every answer carries the security headers; /v1 answers (and those of Node's parser) are also never cached.
  const headers = securityHeaders()
  const uncached = { ...headers, 'cache-control': 'no-store' }
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
      ...(logStream === undefined ? {} : { stream: logStream })
    },
    logController: new RequestLog(),
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
    clientErrorHandler: clientErrorHandler(uncached),
    // While draining, a request on a connection already open is still served (with Connection: close) rather
    // than answered by Fastify's own 503 body, which is not our envelope; new connections are refused.
    return503OnClosing: false,
    // Long path params reach validation (a bad id is a 404), instead of the router's own 414.
    routerOptions: { maxParamLength: 8192, ignoreTrailingSlash: true },
    // A path that cannot be decoded names no record: 404 in the envelope rather than Fastify's own body.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const appError = error.code === 'FST_ERR_BAD_URL' ? notFound() : toAppError(error)
      reply.code(appError.statusCode).send(appError.body)
    }
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.setValidatorCompiler(validatorCompiler())
  registerErrorHandlers(app, allowedMethods(app))
  app.removeContentTypeParser('text/plain')
  parseJsonBodies(app)
  app.decorateRequest('workspaceId', '')

  app.addHook('onRequest', async (request, reply) => { reply.headers(request.url.startsWith('/v1/') ? uncached : headers) })
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Workspace Records', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }]
    },
    transformObject: publicDocument
  })
  // The OpenAPI document is generated from the same route schemas that validate and serialize.
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  await app.register(docsPage)
  await app.register(healthRoutes, { store })
  await app.register(async (v1) => {
    v1.addHook('onRequest', authenticate({
      key: keySource(config.jwt, options.jwtSecret),
      algorithms: config.jwt.algorithms,
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
      now: options.wallClock ?? Date.now,
      cache: options.tokenCache ?? new TokenCache()
    }))
    if (config.rateLimit.perMinute > 0) {
      v1.addHook('onRequest', rateLimit(new RateLimiter({ ...config.rateLimit, now: options.clock ?? performance.now.bind(performance) })))
    }
    await v1.register(companyRoutes, { prefix: '/companies', store })
    await v1.register(memberRoutes, { prefix: '/members', store })
    await v1.register(activityRoutes, { prefix: '/activities', store })
    await v1.register(channelRoutes, { prefix: '/channels', store })
  }, { prefix: '/v1' })
  return app
}

/** onRequest hook after authentication: a workspace's request spends a token of its bucket, or gets a 429. */
function rateLimit (limiter: RateLimiter) {
  return async function (request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const decision = limiter.take(request.workspaceId)
    reply.header('ratelimit-limit', decision.limit)
    reply.header('ratelimit-remaining', decision.remaining)
    reply.header('ratelimit-reset', decision.resetSeconds)
    if (!decision.allowed) {
      reply.header('retry-after', decision.retryAfterSeconds)
      throw new AppError('RATE_LIMITED')
    }
  }
}

function keySource (jwt: Config['jwt'], developmentSecret: string | undefined): KeySource {
  if (jwt.publicKey !== undefined) return { kind: 'publicKey', pem: jwt.publicKey }
  if (jwt.jwksUrl !== undefined) return { kind: 'jwks', url: jwt.jwksUrl, cooldownMs: jwt.jwksCooldownMs }
  const secret = jwt.secret ?? developmentSecret
  if (secret === undefined) throw new Error('no JWT key: set JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL, or pass jwtSecret')
  return { kind: 'secret', secret }
}

/** One log line per request, when it completes; headers (and so tokens) are never logged. */
class RequestLog extends LogController {
  override incomingRequest (): void {}

  override requestCompleted (error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      workspaceId: request.workspaceId || undefined
    }
    if (error) reply.log.error({ ...line, err: error }, 'request failed')
    else reply.log.info(line, 'request')
  }
}

// Anything shaped like a JWT, and the values of query parameters named like credentials.
const JWT_SHAPE = /eyJ[\w-]*\.[\w-]*\.[\w-]*/g
const CREDENTIAL_PARAM = /([?&][^=&]*(?:token|secret|key|password|auth|jwt|signature)[^=&]*=)[^&]*/gi

/** The URL for the log: a client that puts its token in a path or query string does not get it logged. */
function redactUrl (url: string): string {
  return url.replace(JWT_SHAPE, '[redacted]').replace(CREDENTIAL_PARAM, '$1[redacted]')
}

/** Methods that do have a route for a URL, so a wrong method answers 405 with Allow rather than 404. */
function allowedMethods (app: FastifyInstance): (url: string) => string[] {
  const routes: Array<{ pattern: RegExp, method: string }> = []
  app.addHook('onRoute', (route) => {
    const pattern = new RegExp('^' + route.url.replace(/:[^/]+/g, '[^/]+') + '/?$')
    for (const method of [route.method].flat()) routes.push({ pattern, method })
  })
  return (url) => {
    const path = url.split('?')[0] ?? ''
    return [...new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method))]
  }
}
