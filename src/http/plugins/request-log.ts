import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { DestinationStream } from 'pino'

/**
 * The logger's options for the Fastify constructor: one line per request when it completes; headers (and so
 * tokens) are never logged, nor credentials in the URL.
 */
export function requestLog (level: string, stream?: DestinationStream): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level,
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
      ...(stream === undefined ? {} : { stream })
    },
    logController: new RequestLog()
  }
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
      // Why a 401 was a 401 (expired, bad_signature, missing_claim...): a reason code, never the token.
      authFailure: request.authFailure
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
