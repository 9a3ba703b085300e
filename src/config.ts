// The only reader of the environment: read once at startup, validated, frozen.

export type DatabaseConfig =
  | { kind: 'sqlite', path: string, synchronous: 'normal' | 'full' }
  | { kind: 'postgres', url: string }

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
    port: port(env.PORT),
    host: env.HOST || '127.0.0.1',
    database: database(env.DATABASE_URL, env.SQLITE_SYNCHRONOUS),
    dataDir: DATA_DIR,
    jwt: { secret: secret(env.JWT_SECRET), algorithms: algorithms(env.JWT_ALGORITHMS) },
    logLevel: oneOf('LOG_LEVEL', env.LOG_LEVEL || 'info', LOG_LEVELS)
  }
  return Object.freeze(config)
}

function port (value: string | undefined): number {
  if (value === undefined || value === '') return 8080
  const n = Number(value)
  if (!/^\d+$/.test(value) || n > 65535) throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${value}"`)
  return n
}

function database (url: string | undefined, synchronous: string | undefined): DatabaseConfig {
  const sync = oneOf('SQLITE_SYNCHRONOUS', synchronous || 'normal', ['normal', 'full']) as 'normal' | 'full'
  if (url === undefined || url === '') return { kind: 'sqlite', path: `${DATA_DIR}/records.db`, synchronous: sync }
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '')
    if (path === '') throw new ConfigError('DATABASE_URL "file:" needs a path, e.g. file:./data/records.db')
    return { kind: 'sqlite', path, synchronous: sync }
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url }
  throw new ConfigError('DATABASE_URL must start with file: or postgres:// (or be unset for ./data/records.db)')
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
