import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto'
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import { AppError } from '../errors.js'
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

/** Why a request was not authenticated: a short code for the log, and a sentence for the caller. */
export type AuthFailureReason =
  | 'missing_token' | 'not_bearer' | 'malformed_header' | 'malformed_token' | 'bad_signature' | 'expired'
  | 'not_yet_valid' | 'algorithm_not_allowed' | 'unknown_key' | 'missing_claim' | 'invalid_claim'

/** A 401 (the contract's envelope, as any UNAUTHORIZED) that knows why; never holds the token. */
export class AuthFailure extends AppError {
  constructor (readonly reason: AuthFailureReason, readonly description: string) {
    super('UNAUTHORIZED')
  }
}

/** What jose's verification error says about the token, in our terms. */
function rejection (error: unknown): AuthFailure {
  if (error instanceof errors.JWTExpired) return new AuthFailure('expired', 'The token expired')
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return new AuthFailure('missing_claim', `The token has no ${error.claim} claim`)
    if (error.claim === 'nbf') return new AuthFailure('not_yet_valid', 'The token is not valid yet (nbf)')
    return new AuthFailure('invalid_claim', `The ${error.claim} claim is not accepted`)
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return new AuthFailure('bad_signature', 'The signature does not match the key')
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return new AuthFailure('algorithm_not_allowed', 'The token\'s algorithm is not accepted')
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return new AuthFailure('unknown_key', 'No key of the key set matches the token')
  }
  return new AuthFailure('malformed_token', 'The token is not a well-formed JWT')
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
      throw rejection(error)
    }
  }

  return async function verify (authorization: string | undefined): Promise<string> {
    // RFC 6750 3.1: a request with no bearer credentials at all gets a challenge without an error code.
    if (authorization === undefined || authorization.trim() === '') throw new AuthFailure('missing_token', 'No bearer token')
    if (!/^bearer(?: |$)/i.test(authorization.trimStart())) throw new AuthFailure('not_bearer', 'Not a bearer token')
    if (authorization.length > MAX_TOKEN_LENGTH + 16) throw new AuthFailure('malformed_token', 'The token is too long')
    const token = BEARER.exec(authorization)?.[1]
    if (token === undefined) throw new AuthFailure('malformed_header', 'The Authorization header is not "Bearer <token>"')
    if (token.length > MAX_TOKEN_LENGTH) throw new AuthFailure('malformed_token', 'The token is too long')
    const now = options.now()
    const cached = options.cache.get(token, now)
    if (cached !== undefined) return cached
    const payload = await verified(token)
    const workspaceId = payload.workspaceId
    if (workspaceId === undefined) throw new AuthFailure('missing_claim', 'The token has no workspaceId claim')
    if (typeof workspaceId !== 'string' || !isUuid(workspaceId)) throw new AuthFailure('invalid_claim', 'The workspaceId claim is not a uuid')
    // One spelling per workspace, so a token with upper-case hex addresses the same records.
    const canonical = workspaceId.toLowerCase()
    options.cache.set(token, canonical, payload.exp, now)
    return canonical
  }
}
