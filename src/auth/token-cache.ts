import { CLOCK_TOLERANCE_SECONDS } from './verify.js'

// Verifying a JWT's signature is most of the cost of a small request. A client sends the same token many
// times, so what a verification found is kept for a while, keyed by the exact token string.

interface Entry {
  workspaceId: string
  /** Seconds since the epoch; undefined when the token has no exp. */
  expiresAt: number | undefined
  verifiedAt: number
}

export interface TokenCacheOptions {
  /** Most tokens kept; the least recently used goes first. */
  maxEntries?: number
  /** Longer tokens are verified every time (they are rare, and keys should stay small). */
  maxTokenLength?: number
  /** An entry older than this is verified again, so a rotated key or a changed setting applies soon. */
  maxAgeMs?: number
}

export class TokenCache {
  readonly #entries = new Map<string, Entry>()
  readonly #maxEntries: number
  readonly #maxTokenLength: number
  readonly #maxAgeMs: number

  constructor (options: TokenCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 10_000
    this.#maxTokenLength = options.maxTokenLength ?? 2048
    this.#maxAgeMs = options.maxAgeMs ?? 60_000
  }

  get size (): number {
    return this.#entries.size
  }

  /** The workspace of a token verified before and still valid at `now` (ms), else undefined. */
  get (token: string, now: number): string | undefined {
    const entry = this.#entries.get(token)
    if (entry === undefined) return undefined
    this.#entries.delete(token)
    // The same rule as jose's, to the second: expired once exp <= now - leeway, now in whole seconds.
    const expired = entry.expiresAt !== undefined && entry.expiresAt <= Math.floor(now / 1000) - CLOCK_TOLERANCE_SECONDS
    if (expired || now - entry.verifiedAt > this.#maxAgeMs || now < entry.verifiedAt) return undefined
    this.#entries.set(token, entry)
    return entry.workspaceId
  }

  set (token: string, workspaceId: string, expiresAt: number | undefined, now: number): void {
    if (token.length > this.#maxTokenLength || this.#maxEntries === 0) return
    this.#entries.delete(token)
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(token, { workspaceId, expiresAt, verifiedAt: now })
  }
}
