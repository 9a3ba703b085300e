import http from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyInstance } from 'fastify'
import type { ErrorBody, ErrorDetail } from './schemas/common.js'
import { InvalidFieldError, StoreUnavailableError } from './store/types.js'

// Every error answer is { code, error, details? }, with one fixed message per code.
export const ERRORS = {
  BAD_REQUEST: [400, 'Invalid request'],
  UNAUTHORIZED: [401, 'Authentication failed'],
  NOT_FOUND: [404, 'Resource not found'],
  METHOD_NOT_ALLOWED: [405, 'Method not allowed'],
  REQUEST_TIMEOUT: [408, 'Request timeout'],
  CONFLICT: [409, 'Conflict'],
  PAYLOAD_TOO_LARGE: [413, 'Payload too large'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'Unsupported media type'],
  RATE_LIMITED: [429, 'Too many requests'],
  HEADERS_TOO_LARGE: [431, 'Request header fields too large'],
  INTERNAL: [500, 'Internal error'],
  UNAVAILABLE: [503, 'Service unavailable']
} as const satisfies Record<string, readonly [number, string]>
export type ErrorCode = keyof typeof ERRORS

export class AppError extends Error {
  readonly statusCode: number
  constructor (readonly code: ErrorCode, readonly details?: ErrorDetail[]) {
    super(ERRORS[code][1])
    this.name = 'AppError'
    this.statusCode = ERRORS[code][0]
  }

  get body (): ErrorBody {
    return this.details === undefined
      ? { code: this.code, error: this.message }
      : { code: this.code, error: this.message, details: this.details }
  }
}

export const badRequest = (details?: ErrorDetail[]) => new AppError('BAD_REQUEST', details)
export const unauthorized = () => new AppError('UNAUTHORIZED')
export const notFound = () => new AppError('NOT_FOUND')

const BY_STATUS: Record<number, ErrorCode> = Object.fromEntries(
  Object.entries(ERRORS).map(([code, [status]]) => [status, code as ErrorCode]))

/** Turns whatever was thrown into the envelope; anything unexpected is a 500 that says nothing of why. */
export function toAppError (error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof InvalidFieldError) return badRequest([{ field: error.field, message: error.reason }])
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

export function registerErrorHandlers (app: FastifyInstance, allowedMethods: (url: string) => string[]): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error)
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed')
    return reply.code(appError.statusCode).send(appError.body)
  })
  app.setNotFoundHandler((request, reply) => {
    const allowed = allowedMethods(request.url)
    if (allowed.length === 0) return reply.code(404).send(notFound().body)
    return reply.code(405).header('allow', allowed.join(', ')).send(new AppError('METHOD_NOT_ALLOWED').body)
  })
}
