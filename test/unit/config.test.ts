import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, environment, loadConfig } from '../../src/config.js'

const SECRET = 'a-secret-of-exactly-32-bytes-xyz'

describe('loadConfig', () => {
  test('fills in the defaults for an empty environment, and freezes the result', () => {
    const config = loadConfig({})
    assert.deepEqual(config, {
      port: 8080,
      host: '127.0.0.1',
      database: { kind: 'sqlite', path: 'data/records.db', synchronous: 'normal' },
      dataDir: 'data',
      jwt: {
        secret: undefined,
        publicKey: undefined,
        jwksUrl: undefined,
        jwksCooldownMs: 30_000,
        algorithms: ['HS256'],
        issuer: undefined,
        audience: undefined
      },
      logLevel: 'info',
      logFormat: 'json',
      metrics: { token: undefined, port: undefined },
      rateLimit: { perMinute: 6000, burst: 1000 },
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      connectionTimeoutMs: 60_000,
      workers: 1
    })
    assert.ok(Object.isFrozen(config))
  })

  test('empty values count as unset', () => {
    const config = loadConfig({ PORT: '', HOST: '', DATABASE_URL: '', JWT_SECRET: '', LOG_LEVEL: '' })
    assert.deepEqual([config.port, config.host, config.database.kind, config.jwt.secret, config.logLevel],
      [8080, '127.0.0.1', 'sqlite', undefined, 'info'])
  })

  test('LOG_FORMAT is json or pretty; anything else is a configuration error', () => {
    assert.equal(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat, 'pretty')
    assert.equal(loadConfig({ LOG_FORMAT: 'json' }).logFormat, 'json')
    assert.equal(loadConfig({ LOG_FORMAT: '' }).logFormat, 'json')
    for (const LOG_FORMAT of ['Pretty', 'text', 'pino-pretty']) {
      assert.throws(() => loadConfig({ LOG_FORMAT }), /LOG_FORMAT must be one of json, pretty/)
    }
  })

  test('metrics: METRICS_TOKEN of at least 16 printable characters, METRICS_PORT a port other than PORT', () => {
    assert.equal(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metrics.token, 'x'.repeat(16))
    assert.deepEqual(loadConfig({ METRICS_PORT: '9091', METRICS_TOKEN: '' }).metrics, { token: undefined, port: 9091 })
    for (const METRICS_TOKEN of ['x'.repeat(15), 'with a space in it!', 'tab\there-is-long-enough', 'é'.repeat(20)]) {
      assert.throws(() => loadConfig({ METRICS_TOKEN }), /METRICS_TOKEN must be/, METRICS_TOKEN)
    }
    for (const METRICS_PORT of ['65536', '-1', 'x', '9091 ']) {
      assert.throws(() => loadConfig({ METRICS_PORT }), /METRICS_PORT must be an integer/, METRICS_PORT)
    }
    assert.throws(() => loadConfig({ METRICS_PORT: '8080' }), /METRICS_PORT must differ from PORT/)
    assert.throws(() => loadConfig({ METRICS_PORT: '3000', PORT: '3000' }), /METRICS_PORT must differ from PORT/)
  })

  test('reads PORT and HOST', () => {
    assert.equal(loadConfig({ PORT: '0' }).port, 0)
    assert.equal(loadConfig({ PORT: '3000' }).port, 3000)
    assert.equal(loadConfig({ PORT: '65535' }).port, 65535)
    assert.equal(loadConfig({ HOST: '0.0.0.0' }).host, '0.0.0.0')
  })

  test('rejects a PORT that is not an integer from 0 to 65535', () => {
    for (const PORT of ['65536', '-1', '80.5', 'http', ' 80', '8080 ', '0x50', '1e3', '99999999999999999999']) {
      assert.throws(() => loadConfig({ PORT }), ConfigError, `PORT=${PORT}`)
      assert.throws(() => loadConfig({ PORT }), /PORT/)
    }
  })

  test('takes a JWT_SECRET of at least 32 bytes and rejects a shorter one', () => {
    assert.equal(loadConfig({ JWT_SECRET: SECRET }).jwt.secret, SECRET)
    // Bytes, not characters: 16 two-byte characters are enough.
    assert.equal(loadConfig({ JWT_SECRET: 'é'.repeat(16) }).jwt.secret, 'é'.repeat(16))
    for (const JWT_SECRET of [SECRET.slice(1), 'short', 'é'.repeat(15) + 'x']) {
      assert.throws(() => loadConfig({ JWT_SECRET }), ConfigError, JWT_SECRET)
      assert.throws(() => loadConfig({ JWT_SECRET }), /JWT_SECRET/)
    }
  })

  test('DATABASE_URL file:<path> selects SQLite at that path', () => {
    assert.deepEqual(loadConfig({ DATABASE_URL: 'file:/tmp/records.db' }).database,
      { kind: 'sqlite', path: '/tmp/records.db', synchronous: 'normal' })
    assert.deepEqual(loadConfig({ DATABASE_URL: 'file:./data/x.db' }).database,
      { kind: 'sqlite', path: './data/x.db', synchronous: 'normal' })
    assert.deepEqual(loadConfig({ DATABASE_URL: 'file:///var/lib/records.db' }).database,
      { kind: 'sqlite', path: '/var/lib/records.db', synchronous: 'normal' })
    assert.deepEqual(loadConfig({ DATABASE_URL: 'file:x.db', SQLITE_SYNCHRONOUS: 'full' }).database,
      { kind: 'sqlite', path: 'x.db', synchronous: 'full' })
    assert.throws(() => loadConfig({ DATABASE_URL: 'file:' }), ConfigError)
    assert.throws(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' }), ConfigError)
  })

  test('DATABASE_URL postgres:// selects PostgreSQL', () => {
    for (const url of ['postgres://user@localhost:5432/records', 'postgresql://user:pw@db.internal/records?sslmode=require']) {
      const { database } = loadConfig({ DATABASE_URL: url })
      assert.equal(database.kind, 'postgres')
      assert.equal(database.kind === 'postgres' && database.url, url)
    }
  })

  test('DATABASE_CONNECT_TIMEOUT_SECONDS bounds the retries at start: 30 s by default, 0 tries once', () => {
    const timeout = (env: Record<string, string>) => {
      const { database } = loadConfig({ DATABASE_URL: 'postgres://user@localhost/records', ...env })
      return database.kind === 'postgres' ? database.connectTimeoutSeconds : undefined
    }
    assert.equal(timeout({}), 30)
    assert.equal(timeout({ DATABASE_CONNECT_TIMEOUT_SECONDS: '0' }), 0)
    assert.equal(timeout({ DATABASE_CONNECT_TIMEOUT_SECONDS: '120' }), 120)
    for (const DATABASE_CONNECT_TIMEOUT_SECONDS of ['-1', '1.5', 'soon', '86401']) {
      assert.throws(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_SECONDS }), /DATABASE_CONNECT_TIMEOUT_SECONDS must be an integer from 0 to 86400/)
    }
  })

  test('DATABASE_ACQUIRE_TIMEOUT_MS bounds the wait for a connection: 2 s by default, 0.1 s at least', () => {
    const timeout = (env: Record<string, string>) => {
      const { database } = loadConfig({ DATABASE_URL: 'postgres://user@localhost/records', ...env })
      return database.kind === 'postgres' ? database.acquireTimeoutMs : undefined
    }
    assert.equal(timeout({}), 2000)
    assert.equal(timeout({ DATABASE_ACQUIRE_TIMEOUT_MS: '500' }), 500)
    for (const DATABASE_ACQUIRE_TIMEOUT_MS of ['0', '99', '1.5', 'soon', '3600001']) {
      assert.throws(() => loadConfig({ DATABASE_ACQUIRE_TIMEOUT_MS }), /DATABASE_ACQUIRE_TIMEOUT_MS must be an integer from 100 to 3600000/)
    }
  })

  test('STORE_FAST_PATHS turns PostgreSQL\'s fast paths on (the default) or off, and nothing else', () => {
    const fast = (env: Record<string, string>) => {
      const { database } = loadConfig({ DATABASE_URL: 'postgres://user@localhost/records', ...env })
      return database.kind === 'postgres' ? database.fastPaths : undefined
    }
    assert.equal(fast({}), true)
    assert.equal(fast({ STORE_FAST_PATHS: 'on' }), true)
    assert.equal(fast({ STORE_FAST_PATHS: 'off' }), false)
    // Checked whatever the database, as the other database settings.
    for (const STORE_FAST_PATHS of ['OFF', 'false', '0', 'no']) {
      assert.throws(() => loadConfig({ STORE_FAST_PATHS }), /STORE_FAST_PATHS must be one of on, off/)
    }
  })

  test('the environment is the .env file of the working directory under the real environment, or the real one alone', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'config-env-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    assert.equal(environment(dir), process.env)
    const name = `CONFIG_TEST_${process.pid}`
    writeFileSync(join(dir, '.env'), `# settings\n${name}_FILE_ONLY=from-file\n${name}_BOTH="from file"\nexport ${name}_EXPORTED=yes\n`)
    process.env[`${name}_BOTH`] = 'from the environment'
    t.after(() => { delete process.env[`${name}_BOTH`] })
    const env = environment(dir)
    assert.deepEqual([env[`${name}_FILE_ONLY`], env[`${name}_BOTH`], env[`${name}_EXPORTED`]], ['from-file', 'from the environment', 'yes'])
    assert.equal(process.env[`${name}_FILE_ONLY`], undefined, 'the process environment is left as it was')
  })

  test('DATABASE_URL of any other scheme is rejected', () => {
    for (const DATABASE_URL of ['mysql://user@localhost/records', 'sqlite:records.db', 'records.db', '/tmp/records.db',
      'http://localhost:5432', 'postgres:/records']) {
      assert.throws(() => loadConfig({ DATABASE_URL }), ConfigError, DATABASE_URL)
      assert.throws(() => loadConfig({ DATABASE_URL }), /DATABASE_URL/)
    }
  })

  test('LOG_LEVEL takes the pino levels and rejects others', () => {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
      assert.equal(loadConfig({ LOG_LEVEL: level }).logLevel, level)
    }
    for (const LOG_LEVEL of ['verbose', 'INFO', 'warning']) {
      assert.throws(() => loadConfig({ LOG_LEVEL }), ConfigError, LOG_LEVEL)
    }
  })

  test('JWT_ALGORITHMS takes HMAC algorithms only', () => {
    assert.deepEqual(loadConfig({ JWT_ALGORITHMS: 'HS256, HS512' }).jwt.algorithms, ['HS256', 'HS512'])
    for (const JWT_ALGORITHMS of ['none', 'RS256', 'HS256,none', ' , ']) {
      assert.throws(() => loadConfig({ JWT_ALGORITHMS }), ConfigError, JWT_ALGORITHMS)
    }
  })
})
