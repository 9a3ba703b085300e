// Log lines of the moments with no Fastify logger: the supervisor of WORKERS, the start before the app exists.
// The same JSON shape as pino's (level numbers, time in ms, pid), on stdout.
const LEVELS = { info: 30, warn: 40, error: 50 }

export function startLog (level: keyof typeof LEVELS, msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, msg, ...fields }) + '\n')
}
