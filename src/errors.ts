import type { ErrorBody, ErrorDetail } from './schemas/common.js'

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
