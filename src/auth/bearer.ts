import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Whether an Authorization header carries `token` as a bearer token (a fixed secret, not a JWT: the metrics
 * token). Compared as SHA-256 digests, in constant time: neither the token's length nor its first differing
 * byte shows in how long the answer takes.
 */
export function bearerMatches (header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? ''
  return timingSafeEqual(digest(given), digest(token))
}

const digest = (text: string) => createHash('sha256').update(text).digest()
