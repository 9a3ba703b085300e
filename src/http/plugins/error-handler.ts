import http from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, badRequest, ERRORS, notFound, type ErrorCode } from '../../errors.js'
import type { ErrorDetail } from '../../schemas/common.js'
import { ConflictError, InvalidFieldError, StoreFullError, StoreUnavailableError } from '../../store/types.js'
import { echoRequestId } from './request-id.js'
import { logInvalidFields } from './request-log.js'

// Every error answer is the envelope: thrown errors, unknown routes, wrong methods, bad URLs, and what Node's
// HTTP parser meets before a request exists.

const BY_STATUS: Record<number, ErrorCode> = Object.fromEntries(
  Object.entries(ERRORS).map(([code, [status]]) => [status, code as ErrorCode]))

/** Turns whatever was thrown into the envelope; anything unexpected is a 500 that says nothing of why. */
export function toAppError (error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof InvalidFieldError) return badRequest([{ field: error.field, message: error.reason }])
  if (error instanceof ConflictError) {
    return new AppError('CONFLICT', [{ field: error.field, message: error.reason, ...(error.id === undefined ? {} : { id: error.id }) }])
  }
  if (error instanceof StoreUnavailableError) return new AppError('UNAVAILABLE')
  const fastifyError = error as FastifyError
  if (fastifyError.validation !== undefined) {
    // A malformed path id names no record, the same as an unknown one.
    if (fastifyError.validationContext === 'params') return notFound()
    return badRequest(fastifyError.validation.map((issue) => validationDetail(fastifyError.validationContext, issue)))
  }
  const status = fastifyError.statusCode
  if (status !== undefined && status >= 400 && status < 500) {
    const code = BY_STATUS[status] ?? 'BAD_REQUEST'
    // Fastify's own 4xx (bad JSON, empty body, bad content type) carry a safe, useful message; another
    // library's error that claims a 4xx may quote anything (SQL, a path), so its message is never sent.
    const ownMessage = code === 'BAD_REQUEST' && fastifyError.code?.startsWith('FST_')
    return new AppError(code, ownMessage ? [{ field: 'body', message: fastifyError.message }] : undefined)
  }
  return new AppError(status === 503 ? 'UNAVAILABLE' : 'INTERNAL')
}

interface ValidationIssue {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

function validationDetail (context: string | undefined, issue: ValidationIssue): ErrorDetail {
  const path = issue.instancePath.split('/').slice(1).join('.')
  const where = context === 'querystring' ? 'query' : context ?? 'body'
  if (issue.keyword === 'additionalProperties') {
    return { field: join(path, String(issue.params.additionalProperty)), message: 'is not allowed' }
  }
  if (issue.keyword === 'required') {
    return { field: join(path, String(issue.params.missingProperty)), message: 'is required' }
  }
  return { field: path === '' ? where : path, message: issue.message ?? 'is invalid' }
}

const join = (path: string, name: string) => path === '' ? name : `${path}.${name}`

/**
 * Errors Node's HTTP parser meets before any request exists (headers too large, a request too slow, bytes
 * that are not HTTP): answered in the envelope, with the given headers, on the raw socket, which is then closed.
 */
export function clientErrorHandler (headers: Record<string, string>) {
  const headerLines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')
  // The parser reports every further chunk of a connection it has given up on: answered once.
  const answered = new WeakSet<Duplex>()
  return function (error: NodeJS.ErrnoException, socket: Duplex): void {
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return
    answered.add(socket)
    const code: ErrorCode = error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST'
    const appError = new AppError(code)
    const body = JSON.stringify(appError.body)
    if (!socket.writable) {
      socket.destroy()
      return
    }
    socket.end(`HTTP/1.1 ${appError.statusCode} ${http.STATUS_CODES[appError.statusCode]}\r\n${headerLines}` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
    // A lingering close: destroyed at once, a socket that still has unread bytes from a client that is still
    // sending (the rest of a body) makes the kernel answer with a reset, which can discard the answer before
    // the client reads it (it did on Node.js 24). Ended, the client reads it and closes; what it still sends
    // meanwhile goes to the parser, which drops it, until the socket is destroyed here.
    setTimeout(() => socket.destroy(), LINGER_MS).unref()
  }
}

const LINGER_MS = 2000

/**
 * Seconds a client is asked to wait (Retry-After) before it sends again a request the database refused for lack
 * of room: making room (freeing disk space) is an operator's work, not a moment's.
 */
export const REFUSED_RETRY_AFTER_SECONDS = 30
/** While the database refuses writes for lack of room, at most one warning per this long, with a count. */
const REFUSAL_LOG_INTERVAL_MS = 10_000

/**
 * The error and not-found handlers. Register before the routes: a wrong method on a path that exists is a
 * 405 with Allow, not a 404, and the routes are collected as they are added.
 */
export function errorHandler (app: FastifyInstance): void {
  const allowed = allowedMethods(app)
  const refused = refusalLog()
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error)
    if (error instanceof StoreFullError) {
      refused(request, error)
      reply.header('retry-after', REFUSED_RETRY_AFTER_SECONDS)
    } else if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed')
    if (appError.details !== undefined) logInvalidFields(request, appError.details.map((detail) => detail.field))
    return reply.code(appError.statusCode).send(appError.body)
  })
  app.setNotFoundHandler((request, reply) => {
    const methods = allowed(request.url)
    if (methods.length === 0) return reply.code(404).send(notFound().body)
    return reply.code(405).header('allow', methods.join(', ')).send(new AppError('METHOD_NOT_ALLOWED').body)
  })
}

/**
 * A database without room (a full disk) is an operating condition that lasts while it refuses every write, not a
 * fault of each request: so no stack, and one warning at most every REFUSAL_LOG_INTERVAL_MS, saying how many
 * requests were refused since the last one (this one included) and what the database said.
 */
function refusalLog (): (request: FastifyRequest, error: StoreFullError) => void {
  let loggedAt = -Infinity
  let refused = 0
  return (request, error) => {
    refused++
    const now = performance.now()
    if (now - loggedAt < REFUSAL_LOG_INTERVAL_MS) return
    loggedAt = now
    const cause = error.cause as { code?: unknown, message?: unknown } | undefined
    request.log.warn({ reason: error.reason, refused, code: cause?.code, detail: cause?.message },
      'the database has no room: requests refused with 503 and Retry-After')
    refused = 0
  }
}

/** Fastify's errors before routing, for its `frameworkErrors` option: a path that cannot be decoded names no record. */
export function frameworkErrors (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = error.code === 'FST_ERR_BAD_URL' ? notFound() : toAppError(error)
  echoRequestId(request, reply)
  reply.code(appError.statusCode).send(appError.body)
}

/** Methods that do have a route for a URL. */
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
