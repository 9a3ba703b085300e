import { randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { SignJWT } from 'jose'
import { isUuid } from '../domain/uuid.js'

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
  return keptFile(join(dataDir, 'jwt-secret'), () => randomBytes(48).toString('base64url'))
}

/**
 * The workspace of the development token, made once beside the development secret and reused, so a restart
 * shows the same workspace (and its data) instead of an empty new one.
 */
export function developmentWorkspace (dataDir: string): string {
  const id = keptFile(join(dataDir, 'dev-workspace'), randomUUID)
  if (!isUuid(id)) throw new Error(`${join(dataDir, 'dev-workspace')} must hold a workspace uuid; delete it to get a new one`)
  return id.toLowerCase()
}

/** The content of `path`, written with `make()` first when the file does not exist (mode 0600). */
function keptFile (path: string, make: () => string): string {
  mkdirSync(dirname(path), { recursive: true })
  try {
    // 'wx' fails if the file exists: two processes starting at once end up sharing the first one's value.
    writeFileSync(path, make() + '\n', { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return readFileSync(path, 'utf8').trim()
}
