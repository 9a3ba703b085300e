// The only reader of the environment: read once at startup, validated, frozen.
import { createPublicKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'dotenv'

export type DatabaseConfig =
  | { kind: 'sqlite', path: string, synchronous: 'normal' | 'full' }
  | {
    kind: 'postgres'
    url: string
    poolSize: number
    queueLimit: number
    statementTimeoutMs: number
    /** Most time an operation waits for a connection before a 503 (the database away, or every connection busy). */
    acquireTimeoutMs?: number
    /** How long a start keeps retrying a database it cannot reach; 0 (or unset) tries once. */
    connectTimeoutSeconds?: number
    /** The fast paths of writes (src/store/postgres/fast-paths.ts); off, every write takes its ordinary steps. */
    fastPaths: boolean
  }

export interface Config {
  port: number
  host: string
  database: DatabaseConfig
  /** Where the default SQLite file and the generated development secret live. */
  dataDir: string
  jwt: {
    /** Undefined with no public key or JWKS either: the server generates and keeps one in dataDir (development). */
    secret: string | undefined
    /** PEM of the public key that verifies tokens (RS*, PS*, ES*, EdDSA). */
    publicKey: string | undefined
    jwksUrl: string | undefined
    jwksCooldownMs: number
    algorithms: string[]
    issuer: string | undefined
    audience: string | undefined
  }
  logLevel: string
  /** `json`: one JSON object a line (for log collectors); `pretty`: readable lines for a person at a terminal. */
  logFormat: 'json' | 'pretty'
  /** GET /metrics: off unless a token or a port of its own is given (docs/observability.md). */
  metrics: {
    /** Scrapers send it as a bearer token; required wherever metrics are served when set. */
    token: string | undefined
    /** Metrics are served on this port instead of the API's. */
    port: number | undefined
  }
  rateLimit: {
    /** Requests a minute per workspace; 0 turns limiting off. */
    perMinute: number
    burst: number
  }
  /** Most time to receive a whole request / its headers; how long an idle keep-alive connection stays open. */
  requestTimeoutMs: number
  headersTimeoutMs: number
  keepAliveTimeoutMs: number
  /** A connection on which no byte moves either way for this long is closed (a client that stopped reading). */
  connectionTimeoutMs: number
  /** Processes serving the port (node:cluster); 1 serves in this process. */
  workers: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const DATA_DIR = 'data'
const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512']
const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/**
 * The process's environment over the `.env` file of the working directory, when there is one: a variable set in
 * the real environment wins over the file's. Read here, once, so no other code reads either.
 */
export function environment (cwd = process.cwd()): Record<string, string | undefined> {
  let text: string
  try {
    text = readFileSync(join(cwd, '.env'), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return process.env
    throw new ConfigError(`.env cannot be read: ${(error as Error).message}`)
  }
  return { ...parse(text), ...process.env }
}

/** DEBUG set (to anything but 0 or false): a failing command also prints the error's stack. */
export function debugEnabled (env: Record<string, string | undefined> = process.env): boolean {
  return env.DEBUG !== undefined && !['', '0', 'false'].includes(env.DEBUG)
}

export function loadConfig (env: Record<string, string | undefined> = environment()): Readonly<Config> {
  const config: Config = {
    port: integer('PORT', env.PORT, 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    database: database(env),
    dataDir: DATA_DIR,
    jwt: jwt(env),
    logLevel: oneOf('LOG_LEVEL', env.LOG_LEVEL || 'info', LOG_LEVELS),
    logFormat: oneOf('LOG_FORMAT', env.LOG_FORMAT || 'json', ['json', 'pretty']) as 'json' | 'pretty',
    metrics: metrics(env),
    rateLimit: {
      perMinute: integer('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 6000, 0, 100_000_000),
      burst: integer('RATE_LIMIT_BURST', env.RATE_LIMIT_BURST, 1000, 1, 100_000_000)
    },
    ...timeouts(env),
    workers: integer('WORKERS', env.WORKERS, 1, 1, 256)
  }
  return Object.freeze(config)
}

function database (env: Record<string, string | undefined>): DatabaseConfig {
  const url = env.DATABASE_URL
  const sync = oneOf('SQLITE_SYNCHRONOUS', env.SQLITE_SYNCHRONOUS || 'normal', ['normal', 'full']) as 'normal' | 'full'
  // Checked whatever the database, so a typo fails at startup rather than on the day the URL changes.
  const poolSize = integer('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10, 1, 1000)
  const queueLimit = integer('DATABASE_QUEUE_LIMIT', env.DATABASE_QUEUE_LIMIT, 1000, 0, 1_000_000)
  const statementTimeoutMs = integer('DATABASE_STATEMENT_TIMEOUT_MS', env.DATABASE_STATEMENT_TIMEOUT_MS, 5000, 0, 2_147_483_647)
  const acquireTimeoutMs = integer('DATABASE_ACQUIRE_TIMEOUT_MS', env.DATABASE_ACQUIRE_TIMEOUT_MS, 2000, 100, 3_600_000)
  const connectTimeoutSeconds = integer('DATABASE_CONNECT_TIMEOUT_SECONDS', env.DATABASE_CONNECT_TIMEOUT_SECONDS, 30, 0, 86_400)
  const fastPaths = oneOf('STORE_FAST_PATHS', env.STORE_FAST_PATHS || 'on', ['on', 'off']) === 'on'
  if (url === undefined || url === '') return { kind: 'sqlite', path: `${DATA_DIR}/records.db`, synchronous: sync }
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '')
    if (path === '') throw new ConfigError('DATABASE_URL "file:" needs a path, e.g. file:./data/records.db')
    return { kind: 'sqlite', path, synchronous: sync }
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url, poolSize, queueLimit, statementTimeoutMs, acquireTimeoutMs, connectTimeoutSeconds, fastPaths }
  throw new ConfigError('DATABASE_URL must start with file: or postgres:// (or be unset for ./data/records.db)')
}

function metrics (env: Record<string, string | undefined>): Config['metrics'] {
  const token = env.METRICS_TOKEN || undefined
  // It travels in a header: visible ASCII only; long enough that guessing it is hopeless.
  if (token !== undefined && !/^[\x21-\x7e]{16,}$/.test(token)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters, printable ASCII without spaces')
  }
  const port = env.METRICS_PORT === undefined || env.METRICS_PORT === '' ? undefined : integer('METRICS_PORT', env.METRICS_PORT, 0, 0, 65535)
  if (port !== undefined && port !== 0 && String(port) === (env.PORT || '8080')) throw new ConfigError('METRICS_PORT must differ from PORT')
  return { token, port }
}

function timeouts (env: Record<string, string | undefined>) {
  const requestTimeoutMs = integer('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000, 1000, 3_600_000)
  // Node refuses a headers timeout longer than the request timeout; the default follows a shorter request timeout.
  const headersTimeoutMs = integer('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, Math.min(10_000, requestTimeoutMs), 1000, requestTimeoutMs)
  return {
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: integer('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 72_000, 1000, 3_600_000),
    connectionTimeoutMs: integer('CONNECTION_TIMEOUT_MS', env.CONNECTION_TIMEOUT_MS, 60_000, 1000, 3_600_000)
  }
}

function integer (name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < min || n > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${value}"`)
  return n
}

function jwt (env: Record<string, string | undefined>): Config['jwt'] {
  const publicKey = pem(env)
  const jwksUrl = url('JWT_JWKS_URL', env.JWT_JWKS_URL)
  const sources = [env.JWT_SECRET ? 'JWT_SECRET' : '', publicKey ? 'JWT_PUBLIC_KEY' : '', jwksUrl ? 'JWT_JWKS_URL' : ''].filter(Boolean)
  // One source of keys, so which key verified a token is never in doubt (and HMAC with a public key as the
  // secret, the classic algorithm confusion, cannot be configured).
  if (sources.length > 1) throw new ConfigError(`set only one of ${sources.join(', ')}`)
  // Each kind of key verifies only its own algorithms: HMAC names with a secret, and with a public key only the
  // algorithms of that key's type, so a token's header can never pick a way of using the key it was not made for.
  // A JWKS may hold keys of either common kind; its keys' own kty (and alg, when given) must agree with the token's.
  const [allowed, fallback] = publicKey !== undefined
    ? publicKeyAlgorithms(publicKey)
    : jwksUrl !== undefined ? [ASYMMETRIC_ALGORITHMS, 'RS256,ES256'] : [HMAC_ALGORITHMS, 'HS256']
  const source = sources[0] ?? 'the development secret'
  return {
    secret: secret(env.JWT_SECRET),
    publicKey,
    jwksUrl,
    jwksCooldownMs: integer('JWT_JWKS_COOLDOWN_MS', env.JWT_JWKS_COOLDOWN_MS, 30_000, 0, 3_600_000),
    algorithms: algorithms(env.JWT_ALGORITHMS, allowed, fallback, source),
    issuer: env.JWT_ISSUER || undefined,
    audience: env.JWT_AUDIENCE || undefined
  }
}

function secret (value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  if (Buffer.byteLength(value) < 32) throw new ConfigError('JWT_SECRET must be at least 32 bytes long')
  return value
}

/** JWT_PUBLIC_KEY (the PEM itself) or JWT_PUBLIC_KEY_FILE (a path to it), checked to be a public key. */
function pem (env: Record<string, string | undefined>): string | undefined {
  if (env.JWT_PUBLIC_KEY && env.JWT_PUBLIC_KEY_FILE) throw new ConfigError('set JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE, not both')
  let text = env.JWT_PUBLIC_KEY || undefined
  if (env.JWT_PUBLIC_KEY_FILE) {
    try {
      text = readFileSync(env.JWT_PUBLIC_KEY_FILE, 'utf8')
    } catch {
      throw new ConfigError(`JWT_PUBLIC_KEY_FILE cannot be read: ${env.JWT_PUBLIC_KEY_FILE}`)
    }
  }
  if (text === undefined) return undefined
  // Node derives a public key from a private one; the service must not hold signing keys at all.
  if (text.includes('PRIVATE KEY')) throw new ConfigError('JWT_PUBLIC_KEY holds a private key: give the public key only')
  let type: string
  try {
    type = createPublicKey(text).type
  } catch {
    throw new ConfigError('JWT_PUBLIC_KEY is not a PEM public key (-----BEGIN PUBLIC KEY-----)')
  }
  if (type !== 'public') throw new ConfigError('JWT_PUBLIC_KEY must be a public key')
  return text
}

/** The algorithms a PEM public key can verify, and the one it implies when JWT_ALGORITHMS is unset. */
function publicKeyAlgorithms (pem: string): [string[], string] {
  const key = createPublicKey(pem)
  const details = key.asymmetricKeyDetails
  switch (key.asymmetricKeyType) {
    case 'rsa':
    case 'rsa-pss': {
      // jose refuses RSA keys under 2048 bits on every token; said here once instead.
      if ((details?.modulusLength ?? 0) < 2048) throw new ConfigError('JWT_PUBLIC_KEY: an RSA key must have at least 2048 bits')
      const pss = ['PS256', 'PS384', 'PS512']
      return key.asymmetricKeyType === 'rsa' ? [['RS256', 'RS384', 'RS512', ...pss], 'RS256'] : [pss, 'PS256']
    }
    case 'ec': {
      const alg = EC_CURVES[details?.namedCurve ?? '']
      if (alg === undefined) throw new ConfigError(`JWT_PUBLIC_KEY: EC keys must be on P-256, P-384 or P-521, got ${details?.namedCurve ?? 'unknown'}`)
      return [[alg], alg]
    }
    case 'ed25519': return [['EdDSA'], 'EdDSA']
    default: throw new ConfigError(`JWT_PUBLIC_KEY: a ${key.asymmetricKeyType ?? 'unknown'} key cannot verify JWTs; use RSA, EC or Ed25519`)
  }
}

const EC_CURVES: Record<string, string> = { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' }

function url (name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  let parsed: URL
  try {
    parsed = new URL(value)
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`)
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`)
  return value
}

function algorithms (value: string | undefined, allowed: string[], fallback: string, source: string): string[] {
  const names = (value || fallback).split(',').map((name) => name.trim()).filter(Boolean)
  for (const name of names) {
    if (name.toLowerCase() === 'none') throw new ConfigError('JWT_ALGORITHMS: "none" (unsigned tokens) is never accepted')
    if (!allowed.includes(name)) throw new ConfigError(`JWT_ALGORITHMS: "${name}" cannot be verified with ${source}; allowed: ${allowed.join(', ')}`)
  }
  if (names.length === 0) throw new ConfigError(`JWT_ALGORITHMS must name at least one of ${allowed.join(', ')}`)
  return names
}

function oneOf (name: string, value: string, allowed: string[]): string {
  if (!allowed.includes(value)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${value}"`)
  return value
}
