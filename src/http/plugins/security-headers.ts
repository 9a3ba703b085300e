import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

/**
 * The security headers of every answer, as helmet sets them for a JSON API: no content may load from
 * anywhere, nothing may frame it, no sniffing, HTTPS only. Helmet runs once, here, on a stand-in response,
 * and its headers are kept: running it per request (as @fastify/helmet does) parses its directives again
 * every time, which cost about a tenth of a small GET's time.
 */
function helmetHeaders (): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string) => { headers[name.toLowerCase()] = value },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()] }
  }
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The same as frame-ancestors 'none', for browsers that predate it.
    xFrameOptions: { action: 'deny' }
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {})
  return headers
}

/** Every answer carries the security headers; /v1 answers are also never cached. */
export function securityHeaders (app: FastifyInstance, { headers, uncached }: AnswerHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/v1/') ? uncached : headers)
    done()
  })
}

export interface AnswerHeaders {
  headers: Record<string, string>
  uncached: Record<string, string>
}

/** The headers of an answer, and of one never to be cached (/v1, and what Node's parser answers itself). */
export function answerHeaders (): AnswerHeaders {
  const headers = helmetHeaders()
  return { headers, uncached: { ...headers, 'cache-control': 'no-store' } }
}
