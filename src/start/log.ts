import type { DestinationStream } from 'pino'
import pretty from 'pino-pretty'
import type { Config } from '../config.js'

/**
 * Where log lines go: undefined for JSON on stdout (pino's own, fastest destination); with LOG_FORMAT=pretty, a
 * pino-pretty stream in this process that turns each JSON line into a readable one (colours on a terminal).
 * Synchronous, so a line written just before an exit is not lost; each process (every worker too) writes its
 * own whole lines to the stdout they share.
 */
export function logDestination (format: Config['logFormat']): DestinationStream | undefined {
  if (format === 'json') return undefined
  return pretty({ sync: true, translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l', ignore: 'hostname' })
}

const LEVELS = { info: 30, warn: 40, error: 50 }

export type StartLog = (level: keyof typeof LEVELS, msg: string, fields?: Record<string, unknown>) => void

/**
 * Log lines of the moments with no Fastify logger: the supervisor of WORKERS, the start before the app exists.
 * The same shape as pino's (level numbers, time in ms, pid), through the same destination as the app's.
 */
export function startLogger (format: Config['logFormat']): StartLog {
  const out = logDestination(format) ?? process.stdout
  return (level, msg, fields = {}) => {
    out.write(JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, msg, ...fields }) + '\n')
  }
}
