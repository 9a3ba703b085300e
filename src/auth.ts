import type { FastifyRequest } from 'fastify'
import { jwtVerify } from 'jose'
import { unauthorized } from './errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified workspace of the caller; the only workspace a request may read or write. */
    workspaceId: string
  }
}

const BEARER = /^Bearer +([A-Za-z0-9_.-]+) *$/i
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// Contract: exp and nbf are enforced with 30 s of leeway for clock skew.
const CLOCK_TOLERANCE_SECONDS = 30

export interface AuthOptions {
  secret: string
  algorithms: string[]
}

/** Verifies a bearer JWT and returns its workspaceId; throws 401 for anything else. */
function tokenVerifier (options: AuthOptions) {
  const key = new TextEncoder().encode(options.secret)
  return async function verify (authorization: string | undefined): Promise<string> {
    const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1]
    if (token === undefined) throw unauthorized()
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: options.algorithms,
        clockTolerance: CLOCK_TOLERANCE_SECONDS
      })
      const workspaceId = payload.workspaceId
      if (typeof workspaceId !== 'string' || !UUID.test(workspaceId)) throw unauthorized()
      // One spelling per workspace, so a token with upper-case hex addresses the same records.
      return workspaceId.toLowerCase()
    } catch {
      throw unauthorized()
    }
  }
}

/** onRequest hook for every /v1 route. */
export function authenticate (options: AuthOptions) {
  const verify = tokenVerifier(options)
  return async function (request: FastifyRequest): Promise<void> {
    request.workspaceId = await verify(request.headers.authorization)
  }
}
