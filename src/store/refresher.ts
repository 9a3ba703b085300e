// Stored pulses go stale as time passes (an activity leaves the 90-day window) or as points change; reads stay
// exact without them (model/engagement.ts), but lists by pulse are cheapest when few are stale. This stores
// them again every little while, in the background, in batches. Expired Idempotency-Keys are purged the same way.
import { AsyncResource } from 'node:async_hooks'

const INTERVAL_MS = 15_000

export interface Refresher {
  /** Starts a round now (a change of points just staled many members), unless one is running. */
  kick: () => void
  stop: () => Promise<void>
}

export function startRefresher (refresh: () => Promise<unknown>, intervalMs = INTERVAL_MS): Refresher {
  let running: Promise<unknown> | undefined
  // A failed round (a database away for a moment) is tried again at the next tick; reads never needed it.
  // A round runs in the context of the store's opening, never in that of the request that kicked it: inside an
  // Idempotency-Key's unit it would otherwise join the unit's transaction (sqlite/database.ts, postgres/database.ts).
  const kick = AsyncResource.bind(() => { running ??= refresh().catch(() => {}).finally(() => { running = undefined }) })
  const timer = setInterval(kick, intervalMs)
  timer.unref()
  return {
    kick,
    async stop () {
      clearInterval(timer)
      await running
    }
  }
}
