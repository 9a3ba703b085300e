// The only reader of the environment: read once at startup, validated, frozen.

export type DatabaseConfig =
  | { kind: 'sqlite', path: string, synchronous: 'normal' | 'full' }
  | { kind: 'postgres', url: string, poolSize: number, statementTimeoutMs: number }

export interface Config {
  port: number
  host: string
  database: DatabaseConfig
  /** Where the default SQLite file and the generated development secret live. */
  dataDir: string
  jwt: {
    /** Undefined: the server generates and keeps one in dataDir (development). */
    secret: string | undefined
    algorithms: string[]
  }
  logLevel: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const DATA_DIR = 'data'
const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512']
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

export function loadConfig (env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const config: Config = {
    port: integer('PORT', env.PORT, 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    database: database(env),
    dataDir: DATA_DIR,
    jwt: { secret: secret(env.JWT_SECRET), algorithms: algorithms(env.JWT_ALGORITHMS) },
    logLevel: oneOf('LOG_LEVEL', env.LOG_LEVEL || 'info', LOG_LEVELS)
  }
  return Object.freeze(config)
}

function database (env: Record<string, string | undefined>): DatabaseConfig {
  const url = env.DATABASE_URL
  const sync = oneOf('SQLITE_SYNCHRONOUS', env.SQLITE_SYNCHRONOUS || 'normal', ['normal', 'full']) as 'normal' | 'full'
  // Checked whatever the database, so a typo fails at startup rather than on the day the URL changes.
  const poolSize = integer('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10, 1, 1000)
  const statementTimeoutMs = integer('DATABASE_STATEMENT_TIMEOUT_MS', env.DATABASE_STATEMENT_TIMEOUT_MS, 5000, 0, 2_147_483_647)
  if (url === undefined || url === '') return { kind: 'sqlite', path: `${DATA_DIR}/records.db`, synchronous: sync }
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '')
    if (path === '') throw new ConfigError('DATABASE_URL "file:" needs a path, e.g. file:./data/records.db')
    return { kind: 'sqlite', path, synchronous: sync }
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url, poolSize, statementTimeoutMs }
  throw new ConfigError('DATABASE_URL must start with file: or postgres:// (or be unset for ./data/records.db)')
}

function integer (name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < min || n > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${value}"`)
  return n
}

function secret (value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  if (Buffer.byteLength(value) < 32) throw new ConfigError('JWT_SECRET must be at least 32 bytes long')
  return value
}

function algorithms (value: string | undefined): string[] {
  const names = (value || 'HS256').split(',').map((name) => name.trim()).filter(Boolean)
  for (const name of names) oneOf('JWT_ALGORITHMS', name, HMAC_ALGORITHMS)
  if (names.length === 0) throw new ConfigError(`JWT_ALGORITHMS must name at least one of ${HMAC_ALGORITHMS.join(', ')}`)
  return names
}

function oneOf (name: string, value: string, allowed: string[]): string {
  if (!allowed.includes(value)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${value}"`)
  return value
}
