import { REFUSAL_REASONS, StoreFullError, type RefusalReason, type StoreMetric, type WriteRefusal } from './types.js'

// Writes the database refuses for lack of room (a full disk, no memory), as both stores count and remember them:
// each refusal is counted by reason (a metric), and remembered until a write that changes data succeeds, so that
// readiness can say writes cannot succeed now without asking the database anything.

/**
 * How long a refusal is remembered when no write succeeds after it. Without a bound, an instance that readiness
 * took out of traffic would get no write to show that room was made, and stay out for ever.
 */
export const REFUSAL_HOLD_SECONDS = 30

export interface Refusals {
  /** Counts a refusal for `reason` and remembers it: answers the error to throw in place of `cause`. */
  refused: (reason: RefusalReason, cause: unknown) => StoreFullError
  /** A write that changed data has succeeded: there is room again. */
  accepted: () => void
  /** Whether a refusal is remembered: a store checks it before doing extra work to tell a write succeeded. */
  remembered: () => boolean
  current: () => WriteRefusal | undefined
  /** `store_writes_refused_total`, one sample per reason. */
  metrics: () => StoreMetric[]
}

const byOwner = new WeakMap<object, Refusals>()

/** The refusals of the database that `owner` (a SQLite connection, a PostgreSQL pool) writes to. */
export function refusalsOf (owner: object): Refusals {
  let refusals = byOwner.get(owner)
  if (refusals === undefined) byOwner.set(owner, refusals = track())
  return refusals
}

function track (): Refusals {
  const totals = Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, 0])) as Record<RefusalReason, number>
  let last: { refusal: WriteRefusal, at: number } | undefined
  const live = () => {
    if (last !== undefined && performance.now() - last.at > REFUSAL_HOLD_SECONDS * 1000) last = undefined
    return last
  }
  return {
    refused (reason, cause) {
      totals[reason]++
      const ongoing = live()?.refusal
      last = {
        refusal: { reason, since: ongoing?.since ?? Math.floor(Date.now() / 1000), refused: (ongoing?.refused ?? 0) + 1 },
        at: performance.now()
      }
      return new StoreFullError(reason, cause)
    },
    accepted () {
      last = undefined
    },
    remembered: () => live() !== undefined,
    current: () => live()?.refusal,
    metrics: () => REFUSAL_REASONS.map((reason) => ({
      name: 'store_writes_refused_total',
      type: 'counter',
      help: 'Operations the database refused for lack of room (a full disk, no memory), answered 503: writes, nearly always',
      labels: { reason },
      value: totals[reason]
    }))
  }
}
