// Stored pulses go stale as time passes (an activity leaves the 90-day window) or as points change; reads stay
// exact without them (model/engagement.ts), but lists by pulse are cheapest when few are stale. This stores
// them again every little while, in the background, in batches.

const INTERVAL_MS = 15_000

export interface Refresher {
  /** Starts a round now (a change of points just staled many members), unless one is running. */
  kick: () => void
  stop: () => Promise<void>
}

export function startRefresher (refresh: () => Promise<unknown>): Refresher {
  let running: Promise<unknown> | undefined
  // A failed round (a database away for a moment) is tried again at the next tick; reads never needed it.
  const kick = () => { running ??= refresh().catch(() => {}).finally(() => { running = undefined }) }
  const timer = setInterval(kick, INTERVAL_MS)
  timer.unref()
  return {
    kick,
    async stop () {
      clearInterval(timer)
      await running
    }
  }
}
