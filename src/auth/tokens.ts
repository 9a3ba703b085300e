import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SignJWT } from 'jose'

export interface TokenClaims {
  workspaceId: string
  sub?: string
  /** A jose time span such as "24h", "30m" or "7d". */
  ttl: string
  algorithm: string
  /** Set to the service's JWT_ISSUER / JWT_AUDIENCE, so its tokens pass those checks. */
  issuer?: string | undefined
  audience?: string | undefined
}

export async function signToken (secret: string, claims: TokenClaims): Promise<string> {
  const jwt = new SignJWT({ workspaceId: claims.workspaceId })
    .setProtectedHeader({ alg: claims.algorithm, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(claims.ttl)
  if (claims.sub !== undefined) jwt.setSubject(claims.sub)
  if (claims.issuer !== undefined) jwt.setIssuer(claims.issuer)
  if (claims.audience !== undefined) jwt.setAudience(claims.audience)
  return await jwt.sign(new TextEncoder().encode(secret))
}

/**
 * The development secret, for when JWT_SECRET is unset: made once in the data directory (mode 0600) and
 * reused, so tokens from `npm run token` keep working across restarts.
 */
export function developmentSecret (dataDir: string): string {
  const path = join(dataDir, 'jwt-secret')
  mkdirSync(dataDir, { recursive: true })
  try {
    // 'wx' fails if the file exists: two processes starting at once end up sharing the first one's secret.
    writeFileSync(path, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return readFileSync(path, 'utf8').trim()
}
