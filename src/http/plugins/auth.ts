import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { TokenCache } from '../../auth/token-cache.js'
import { AuthFailure, tokenVerifier, type KeySource } from '../../auth/verify.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified workspace of the caller; the only workspace a request may read or write. */
    workspaceId: string
    /** Why authentication failed (a reason code, for the request's log line); undefined otherwise. */
    authFailure: string | undefined
  }
}

export interface AuthPluginOptions {
  jwt: Config['jwt']
  /** The development secret the server generated, used when the config names no key. */
  developmentSecret: string | undefined
  /** Wall clock in ms, for exp and nbf. */
  now: () => number
  cache: TokenCache
}

/** Every request of the scope carries a bearer JWT: its workspace becomes request.workspaceId, or the answer is a 401. */
export function authenticate (app: FastifyInstance, options: AuthPluginOptions): void {
  const { jwt } = options
  const verify = tokenVerifier({
    key: keySource(jwt, options.developmentSecret),
    algorithms: jwt.algorithms,
    issuer: jwt.issuer,
    audience: jwt.audience,
    now: options.now,
    cache: options.cache
  })
  app.decorateRequest('workspaceId', '')
  app.decorateRequest('authFailure', undefined)
  app.addHook('onRequest', async (request, reply) => {
    try {
      request.workspaceId = await verify(request.headers.authorization)
    } catch (error) {
      if (error instanceof AuthFailure) {
        request.authFailure = error.reason
        reply.header('www-authenticate', challenge(error))
      }
      throw error
    }
  })
}

/**
 * The WWW-Authenticate challenge of a 401 (RFC 6750 3): bare `Bearer` when the request carried no bearer
 * credentials, `invalid_request` for an Authorization header that is not `Bearer <token>`, else
 * `invalid_token` with a short description, so a client can tell an expired token from a wrong key. (RFC 6750
 * answers invalid_request with a 400; the contract makes every authentication failure a 401.)
 */
function challenge (failure: AuthFailure): string {
  if (failure.reason === 'missing_token' || failure.reason === 'not_bearer') return 'Bearer'
  const error = failure.reason === 'malformed_header' ? 'invalid_request' : 'invalid_token'
  // error_description allows no `"` or `\` (RFC 6750 3: %x20-21 / %x23-5B / %x5D-7E).
  return `Bearer error="${error}", error_description="${failure.description.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, "'")}"`
}

function keySource (jwt: Config['jwt'], developmentSecret: string | undefined): KeySource {
  if (jwt.publicKey !== undefined) return { kind: 'publicKey', pem: jwt.publicKey }
  if (jwt.jwksUrl !== undefined) return { kind: 'jwks', url: jwt.jwksUrl, cooldownMs: jwt.jwksCooldownMs }
  const secret = jwt.secret ?? developmentSecret
  if (secret === undefined) throw new Error('no JWT key: set JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL, or pass jwtSecret')
  return { kind: 'secret', secret }
}
