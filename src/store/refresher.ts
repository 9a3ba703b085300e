// Stored pulses go stale as time passes (an activity leaves the 90-day window) or as points change; reads stay
// exact without them (model/engagement.ts), but lists by pulse are cheapest when few are stale. This stores
// them again every little while, in the background, in batches.

const INTERVAL_MS = 15_000

export function startRefresher (refresh: () => Promise<unknown>): { stop: () => Promise<void> } {
  let running: Promise<unknown> | undefined
  const timer = setInterval(() => {
    // A failed round (a database away for a moment) is tried again at the next tick; reads never needed it.
    running ??= refresh().catch(() => {}).finally(() => { running = undefined })
  }, INTERVAL_MS)
  timer.unref()
  return {
    async stop () {
      clearInterval(timer)
      await running
    }
  }
}
