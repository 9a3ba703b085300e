import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { DestinationStream } from 'pino'
import { requestId } from './request-id.js'

/**
 * The logger's options for the Fastify constructor: one line per request when it completes, with the request's
 * id in every line of the request (see request-id.ts); headers (and so tokens) are never logged, nor
 * credentials in the URL.
 */
export function requestLog (level: string, stream?: DestinationStream): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  return {
    logger: {
      level,
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
      ...(stream === undefined ? {} : { stream })
    },
    genReqId: requestId,
    logController: new RequestLog({ requestIdLogLabel: 'requestId' })
  }
}

// Probes and scrapes come every few seconds from machines: a line each at info would bury the requests.
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics'])

// The fields a 400 named, for its line (set by the error handler, which alone knows them).
const invalidFields = new WeakMap<FastifyRequest, string[]>()

/** Names, in the request's log line, the fields that made it a bad request (never their values). */
export function logInvalidFields (request: FastifyRequest, fields: string[]): void {
  invalidFields.set(request, fields)
}

class RequestLog extends LogController {
  override incomingRequest (): void {}

  override requestCompleted (error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      workspaceId: request.workspaceId || undefined,
      invalidFields: invalidFields.get(request),
      // Why a 401 was a 401 (expired, bad_signature, missing_claim...): a reason code, never the token.
      authFailure: request.authFailure
    }
    if (error) reply.log.error({ ...line, err: error }, 'request failed')
    else if (QUIET_ROUTES.has(request.routeOptions.url ?? '') && reply.statusCode < 500) reply.log.debug(line, 'request')
    else reply.log.info(line, 'request')
  }
}

// Anything shaped like a JWT, and the values of query parameters named like credentials.
const JWT_SHAPE = /eyJ[\w-]*\.[\w-]*\.[\w-]*/g
const CREDENTIAL_PARAM = /([?&][^=&]*(?:token|secret|key|password|auth|jwt|signature)[^=&]*=)[^&]*/gi

/** The URL for the log: a client that puts its token in a path or query string does not get it logged. */
function redactUrl (url: string): string {
  // What neither pattern can match (no JWT's start, no parameter's value) is most URLs: no regex run for them.
  if (!url.includes('eyJ') && !url.includes('=')) return url
  return url.replace(JWT_SHAPE, '[redacted]').replace(CREDENTIAL_PARAM, '$1[redacted]')
}
