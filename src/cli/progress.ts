// Progress on stderr while a command reads or writes many records: a bar redrawn in place on a terminal, plain
// lines otherwise (a log, a CI job). Drawn synchronously when told, never from a timer: a strict import runs in
// one transaction of the store during which the event loop must not turn (Store.atomically).

const REDRAW_MS = 100
const LINE_EVERY_MS = 5000
const BAR_WIDTH = 24

export interface ProgressReporter {
  /** `records` done so far in this phase, up to line `line` of `lines` (unknown: no bar, no ETA). */
  update: (phase: string, records: number, line?: number) => void
  /** Ends the bar's line on a terminal. */
  done: () => void
}

const number = (n: number) => Math.round(n).toLocaleString('en-US')
function seconds (s: number): string {
  const whole = Math.round(s)
  return whole >= 60 ? `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s` : `${whole}s`
}

/**
 * A reporter on `stream`: on a terminal a bar with records/s and the time left; otherwise a line every
 * `lineEvery` records, and at least every 5 seconds.
 */
export function progressReporter (stream: NodeJS.WriteStream, lines: number | undefined, lineEvery: number): ProgressReporter {
  let phase: string | undefined
  let started = 0
  let drawn = 0
  let nextLine = lineEvery
  let open = false

  const describe = (records: number, line: number | undefined, now: number) => {
    const elapsed = (now - started) / 1000
    const rate = elapsed > 0 ? records / elapsed : 0
    const fraction = lines === undefined || line === undefined ? undefined : Math.min(1, line / Math.max(lines, 1))
    const left = fraction === undefined || fraction === 0 ? undefined : elapsed * (1 - fraction) / fraction
    return { rate, fraction, text: `${number(records)} records, ${number(rate)} records/s${left === undefined ? '' : `, ETA ${seconds(left)}`}` }
  }

  return {
    update (now, records, line) {
      const at = Date.now()
      if (now !== phase) {
        if (open) stream.write('\n')
        open = false
        phase = now
        started = at
        drawn = at
        nextLine = lineEvery
      }
      const { fraction, text } = describe(records, line, at)
      if (stream.isTTY) {
        if (at - drawn < REDRAW_MS) return
        const filled = Math.round((fraction ?? 0) * BAR_WIDTH)
        const bar = fraction === undefined ? '' : `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.floor(fraction * 100)}% `
        stream.write(`\r\x1b[K${phase} ${bar}${text}`)
        open = true
      } else {
        if (records < nextLine && at - drawn < LINE_EVERY_MS) return
        while (nextLine <= records) nextLine += lineEvery
        stream.write(`${phase}: ${text}${fraction === undefined ? '' : ` (${Math.floor(fraction * 100)}% of the file)`}\n`)
      }
      drawn = at
    },
    done () {
      if (open) stream.write('\n')
      open = false
    }
  }
}
