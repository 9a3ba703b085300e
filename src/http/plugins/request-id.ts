import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

// Every request has an id: the caller's X-Request-Id when it is sane (so a proxy's or a client's id follows the
// request into our logs), a fresh uuid otherwise. It is in every log line of the request (Fastify binds it to
// the request's logger, see request-log.ts) and echoed in the answer's X-Request-Id, errors included.

const HEADER = 'x-request-id'
// Short and plain, so a hostile header cannot forge log fields, flood a line, or carry a token-shaped blob.
const SANE = /^[A-Za-z0-9._:-]{1,128}$/

/** Fastify's genReqId option. A repeated header arrives joined with ", ", which is not sane: replaced. */
export function requestId (request: IncomingMessage): string {
  const given = request.headers[HEADER]
  return typeof given === 'string' && SANE.test(given) ? given : randomUUID()
}

/** Echoes the id on every answer. Fastify's frameworkErrors run no hooks: they call `echoRequestId` themselves. */
export function requestIds (app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    echoRequestId(request, reply)
    done()
  })
}

export function echoRequestId (request: FastifyRequest, reply: FastifyReply): void {
  reply.header(HEADER, request.id)
}
