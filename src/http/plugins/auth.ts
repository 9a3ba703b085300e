import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { TokenCache } from '../../auth/token-cache.js'
import { tokenVerifier, type KeySource } from '../../auth/verify.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified workspace of the caller; the only workspace a request may read or write. */
    workspaceId: string
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
  app.addHook('onRequest', async (request) => {
    request.workspaceId = await verify(request.headers.authorization)
  })
}

function keySource (jwt: Config['jwt'], developmentSecret: string | undefined): KeySource {
  if (jwt.publicKey !== undefined) return { kind: 'publicKey', pem: jwt.publicKey }
  if (jwt.jwksUrl !== undefined) return { kind: 'jwks', url: jwt.jwksUrl, cooldownMs: jwt.jwksCooldownMs }
  const secret = jwt.secret ?? developmentSecret
  if (secret === undefined) throw new Error('no JWT key: set JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL, or pass jwtSecret')
  return { kind: 'secret', secret }
}
