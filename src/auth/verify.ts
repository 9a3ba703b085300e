import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto'
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import { AppError, unauthorized } from '../errors.js'
import { isUuid } from '../domain/uuid.js'
import type { TokenCache } from './token-cache.js'

const BEARER = /^Bearer +([A-Za-z0-9_.-]+) *$/i
// Contract: exp and nbf are enforced with 30 s of leeway for clock skew (the token cache applies the same).
export const CLOCK_TOLERANCE_SECONDS = 30
// Longer tokens are refused before any parsing or crypto: no identity provider issues them.
const MAX_TOKEN_LENGTH = 8192

/** Where verification keys come from: one HMAC secret, one PEM public key, or an identity provider's JWKS. */
export type KeySource =
  | { kind: 'secret', secret: string }
  | { kind: 'publicKey', pem: string }
  | { kind: 'jwks', url: string, cooldownMs: number }

export interface AuthOptions {
  key: KeySource
  algorithms: string[]
  issuer?: string | undefined
  audience?: string | undefined
  /** Wall clock in ms, for exp and nbf (tests move it). */
  now: () => number
  cache: TokenCache
}

/** A JWKS that could not be had: the identity provider is down, slow, or answered something other than a key set. */
class KeysUnavailable extends Error {}

// Errors of the key lookup that are the token's doing (a kid or alg the key set has no key for); anything else
// from the remote key set is the identity provider's fault.
const TOKEN_FAULTS = [errors.JWKSNoMatchingKey, errors.JWKSMultipleMatchingKeys, errors.JOSENotSupported]

function remoteKeys (url: string, cooldownMs: number): JWTVerifyGetKey {
  // Fetched on first use, kept, and fetched again when a token names a kid it does not hold (at most once
  // per cooldown, so a flood of unknown kids cannot hammer the identity provider).
  const keys = createRemoteJWKSet(new URL(url), { cooldownDuration: cooldownMs, timeoutDuration: 5000 })
  return async function (header, token) {
    try {
      return await keys(header, token)
    } catch (error) {
      // jose reports a non-200 answer or a body that is not JSON as a plain JOSEError, and a refused
      // connection as fetch's TypeError: told apart here, where only the key set can have failed.
      if (TOKEN_FAULTS.some((fault) => error instanceof fault)) throw error
      throw new KeysUnavailable('JWKS unavailable', { cause: error })
    }
  }
}

function verificationKey (source: KeySource): KeyObject | JWTVerifyGetKey {
  switch (source.kind) {
    // Made once: a raw secret given to jose would be imported again on every request.
    case 'secret': return createSecretKey(Buffer.from(source.secret))
    case 'publicKey': return createPublicKey(source.pem)
    case 'jwks': return remoteKeys(source.url, source.cooldownMs)
  }
}

/** Verifies a bearer JWT and returns its workspaceId; 401 for any bad token, 503 when the JWKS cannot be had. */
export function tokenVerifier (options: AuthOptions) {
  const key = verificationKey(options.key)
  const verifyOptions = {
    algorithms: options.algorithms,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    ...(options.issuer === undefined ? {} : { issuer: options.issuer }),
    ...(options.audience === undefined ? {} : { audience: options.audience })
  }

  async function verified (token: string): Promise<JWTPayload> {
    try {
      const current = { ...verifyOptions, currentDate: new Date(options.now()) }
      // Two calls because jose's overloads take a key or a key getter, not a union of both.
      const { payload } = typeof key === 'function' ? await jwtVerify(token, key, current) : await jwtVerify(token, key, current)
      return payload
    } catch (error) {
      // Not the caller's fault, and the token may be fine: 503, so the client retries rather than re-authenticates.
      if (error instanceof KeysUnavailable) throw new AppError('UNAVAILABLE')
      throw unauthorized()
    }
  }

  return async function verify (authorization: string | undefined): Promise<string> {
    const token = authorization === undefined || authorization.length > MAX_TOKEN_LENGTH + 16
      ? undefined
      : BEARER.exec(authorization)?.[1]
    if (token === undefined || token.length > MAX_TOKEN_LENGTH) throw unauthorized()
    const now = options.now()
    const cached = options.cache.get(token, now)
    if (cached !== undefined) return cached
    const payload = await verified(token)
    const workspaceId = payload.workspaceId
    if (typeof workspaceId !== 'string' || !isUuid(workspaceId)) throw unauthorized()
    // One spelling per workspace, so a token with upper-case hex addresses the same records.
    const canonical = workspaceId.toLowerCase()
    options.cache.set(token, canonical, payload.exp, now)
    return canonical
  }
}
