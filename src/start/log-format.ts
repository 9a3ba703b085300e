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
