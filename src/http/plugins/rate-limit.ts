import type { FastifyInstance } from 'fastify'
import { AppError } from '../../errors.js'

// Per-workspace rate limiting by token bucket: each workspace may make `burst` requests at once, refilled at
// `perMinute` a minute. Buckets live in this process (each instance or worker limits on its own).

export interface RateLimitOptions {
  perMinute: number
  burst: number
  /** Monotonic clock in ms. */
  now: () => number
  /** Most workspaces tracked; beyond it the least recently seen is forgotten (by then it has usually refilled). */
  maxBuckets?: number
}

export interface Decision {
  allowed: boolean
  limit: number
  remaining: number
  /** Seconds until the bucket is full again. */
  resetSeconds: number
  /** When refused: seconds until one request is allowed. */
  retryAfterSeconds: number
}

interface Bucket {
  tokens: number
  at: number
}

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>()
  readonly #perMs: number
  readonly #burst: number
  readonly #now: () => number
  readonly #maxBuckets: number

  constructor (options: RateLimitOptions) {
    this.#perMs = options.perMinute / 60_000
    this.#burst = options.burst
    this.#now = options.now
    this.#maxBuckets = options.maxBuckets ?? 100_000
  }

  get size (): number {
    return this.#buckets.size
  }

  take (key: string): Decision {
    const now = this.#now()
    const bucket = this.#buckets.get(key) ?? { tokens: this.#burst, at: now }
    this.#buckets.delete(key)
    this.#forgetIdle(now)
    bucket.tokens = Math.min(this.#burst, bucket.tokens + Math.max(0, now - bucket.at) * this.#perMs)
    bucket.at = now
    const allowed = bucket.tokens >= 1
    if (allowed) bucket.tokens -= 1
    this.#buckets.set(key, bucket)
    const seconds = (tokens: number) => Math.ceil(tokens / this.#perMs / 1000)
    return {
      allowed,
      limit: this.#burst,
      remaining: Math.floor(bucket.tokens),
      resetSeconds: seconds(this.#burst - bucket.tokens),
      retryAfterSeconds: allowed ? 0 : Math.max(1, seconds(1 - bucket.tokens))
    }
  }

  /**
   * The map holds buckets least recently seen first. A bucket that has filled up again says no more than a
   * missing one, so those go as soon as they are first in line; past maxBuckets the first goes anyway.
   */
  #forgetIdle (now: number): void {
    for (const [key, bucket] of this.#buckets) {
      const full = bucket.tokens + (now - bucket.at) * this.#perMs >= this.#burst
      if (!full && this.#buckets.size < this.#maxBuckets) return
      this.#buckets.delete(key)
    }
  }
}

/**
 * Limits the requests of each workspace: register after authentication, which names the workspace. Every
 * answer says the bucket's state; a refused request gets a 429 with Retry-After.
 */
export function rateLimit (app: FastifyInstance, options: RateLimitOptions): void {
  const limiter = new RateLimiter(options)
  app.addHook('onRequest', async (request, reply) => {
    const decision = limiter.take(request.workspaceId)
    reply.header('ratelimit-limit', decision.limit)
    reply.header('ratelimit-remaining', decision.remaining)
    reply.header('ratelimit-reset', decision.resetSeconds)
    if (!decision.allowed) {
      reply.header('retry-after', decision.retryAfterSeconds)
      throw new AppError('RATE_LIMITED')
    }
  })
}
