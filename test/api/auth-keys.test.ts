import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { ConfigError, loadConfig } from '../../src/config.js'
import { TokenCache } from '../../src/auth/token-cache.js'
import { appWith, identityProvider, keyPair, pem, seconds, sign, START } from '../support/auth-support.js'
import { signJwt, TEST_SECRET } from '../support/helpers.js'

// Tokens verified by public keys (PEM or an identity provider's JWKS), issuer and audience checks, the cache
// of verified tokens under a moving clock, and floods of bad tokens.

describe('tokens verified by a PEM public key', () => {
  for (const [kind, alg] of [['rsa', 'RS256'], ['ec', 'ES256']] as const) {
    test(`${alg}: only tokens signed by the key's private half, with that algorithm, get in`, async (t) => {
      const { publicKey, privateKey } = keyPair(kind)
      const { status } = await appWith(t, { JWT_PUBLIC_KEY: pem(publicKey) })
      const claims = { workspaceId: randomUUID(), exp: seconds(START) + 3600 }
      assert.equal(await status(await sign(privateKey, alg, claims)), 200)
      const other = keyPair(kind).privateKey
      assert.equal(await status(await sign(other, alg, claims)), 401, 'signed by another key')
      // Algorithm confusion: the public key's PEM used as an HMAC secret.
      assert.equal(await status(signJwt(claims, { secret: pem(publicKey) })), 401, 'HS256 with the public key as secret')
      assert.equal(await status(signJwt(claims, { header: { alg: 'none', typ: 'JWT' } })), 401, 'alg none')
      assert.equal(await status(signJwt(claims, { secret: TEST_SECRET })), 401, 'an HS256 token')
    })
  }

  test('the algorithm follows the key (RS256 for RSA, ES256 for P-256) unless JWT_ALGORITHMS says otherwise', () => {
    assert.deepEqual(loadConfig({ JWT_PUBLIC_KEY: pem(keyPair('rsa').publicKey) }).jwt.algorithms, ['RS256'])
    assert.deepEqual(loadConfig({ JWT_PUBLIC_KEY: pem(keyPair('ec').publicKey) }).jwt.algorithms, ['ES256'])
    assert.deepEqual(loadConfig({ JWT_PUBLIC_KEY: pem(keyPair('rsa').publicKey), JWT_ALGORITHMS: 'PS256,RS256' }).jwt.algorithms, ['PS256', 'RS256'])
  })

  test('settings that would mix key kinds or hold a private key stop the server at start', () => {
    const { publicKey, privateKey } = keyPair('rsa')
    const secret = 'a-secret-of-exactly-32-bytes-xyz'
    const refused: Array<Record<string, string>> = [
      { JWT_SECRET: secret, JWT_PUBLIC_KEY: pem(publicKey) },
      { JWT_SECRET: secret, JWT_JWKS_URL: 'https://idp.example.com/jwks.json' },
      { JWT_PUBLIC_KEY: pem(publicKey), JWT_JWKS_URL: 'https://idp.example.com/jwks.json' },
      { JWT_PUBLIC_KEY: pem(publicKey), JWT_ALGORITHMS: 'HS256' },
      { JWT_SECRET: secret, JWT_ALGORITHMS: 'RS256' },
      { JWT_JWKS_URL: 'https://idp.example.com/jwks.json', JWT_ALGORITHMS: 'none' },
      { JWT_PUBLIC_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      { JWT_PUBLIC_KEY: 'not a key' },
      { JWT_PUBLIC_KEY_FILE: '/nonexistent/key.pem' },
      { JWT_JWKS_URL: 'ftp://idp.example.com/jwks.json' },
      { JWT_JWKS_URL: 'not a url' }
    ]
    for (const env of refused) assert.throws(() => loadConfig(env), ConfigError, JSON.stringify(Object.keys(env)))
  })
})

describe('issuer and audience', () => {
  test('with JWT_ISSUER and JWT_AUDIENCE set, a token must carry both, exactly', async (t) => {
    const { status } = await appWith(t, { JWT_SECRET: TEST_SECRET, JWT_ISSUER: 'https://idp.example.com/', JWT_AUDIENCE: 'records' })
    const base = { workspaceId: randomUUID(), exp: seconds(START) + 3600 }
    assert.equal(await status(signJwt({ ...base, iss: 'https://idp.example.com/', aud: 'records' })), 200)
    assert.equal(await status(signJwt({ ...base, iss: 'https://idp.example.com/', aud: ['other', 'records'] })), 200)
    assert.equal(await status(signJwt({ ...base, aud: 'records' })), 401, 'no iss')
    assert.equal(await status(signJwt({ ...base, iss: 'https://evil.example.com/', aud: 'records' })), 401, 'another iss')
    assert.equal(await status(signJwt({ ...base, iss: 'https://idp.example.com/' })), 401, 'no aud')
    assert.equal(await status(signJwt({ ...base, iss: 'https://idp.example.com/', aud: 'billing' })), 401, 'another aud')
  })
})

describe('the cache of verified tokens', () => {
  test('a cached token stops working when it expires (after the 30 s leeway), and nbf counts with the same leeway', async (t) => {
    const { clock, status } = await appWith(t, { JWT_SECRET: TEST_SECRET })
    const token = signJwt({ workspaceId: randomUUID(), exp: seconds(START) + 10 })
    assert.equal(await status(token), 200)
    assert.equal(await status(token), 200, 'from the cache')
    clock.now = START + 39_000
    assert.equal(await status(token), 200, 'within the leeway')
    clock.now = START + 41_000
    assert.equal(await status(token), 401, 'expired, though cached')
    const early = signJwt({ workspaceId: randomUUID(), nbf: seconds(START) + 100, exp: seconds(START) + 3600 })
    assert.equal(await status(early), 401, 'not yet valid')
    clock.now = START + 71_000
    assert.equal(await status(early), 200, 'valid 30 s before nbf')
  })

  test('a flood of distinct valid tokens keeps the cache within its bound, and every one is still verified', async (t) => {
    const cache = new TokenCache({ maxEntries: 50 })
    const { status } = await appWith(t, { JWT_SECRET: TEST_SECRET }, cache)
    for (let i = 0; i < 200; i++) assert.equal(await status(signJwt({ workspaceId: randomUUID(), exp: seconds(START) + 3600, i })), 200)
    assert.equal(cache.size, 50)
  })

  test('thousands of bad tokens in a row neither fill the cache nor stop a good token', async (t) => {
    const cache = new TokenCache()
    const { status } = await appWith(t, { JWT_SECRET: TEST_SECRET }, cache)
    const good = signJwt({ workspaceId: randomUUID(), exp: seconds(START) + 3600 })
    for (let i = 0; i < 2000; i++) {
      const bad = i % 2 === 0 ? signJwt({ workspaceId: randomUUID(), i }, { secret: 'x'.repeat(40) }) : `${good.slice(0, -4)}${String(i).padStart(4, '0')}`
      assert.equal(await status(bad), 401)
    }
    assert.equal(cache.size, 0)
    assert.equal(await status(good), 200)
  })

  test('a token over 8 KiB is refused before it is parsed, however well signed', async (t) => {
    const { status } = await appWith(t, { JWT_SECRET: TEST_SECRET })
    const huge = signJwt({ workspaceId: randomUUID(), exp: seconds(START) + 3600, pad: 'x'.repeat(9000) })
    assert.equal(await status(huge), 401)
    const large = signJwt({ workspaceId: randomUUID(), exp: seconds(START) + 3600, pad: 'x'.repeat(5000) })
    assert.equal(await status(large), 200, 'a large token under the bound still works')
  })
})

describe('tokens verified by a JWKS URL', () => {
  test('keys are fetched once, fetched again for an unknown kid (rotation), and a dead provider is a 503', async (t) => {
    const idp = await identityProvider(t)
    const a = keyPair('rsa')
    const b = keyPair('ec')
    await idp.publish('a', a.publicKey, 'RS256')
    const { app, status } = await appWith(t, { JWT_JWKS_URL: idp.url, JWT_JWKS_COOLDOWN_MS: '0' })
    const claims = () => ({ workspaceId: randomUUID(), exp: seconds(START) + 3600 })
    assert.equal(await status(await sign(a.privateKey, 'RS256', claims(), 'a')), 200)
    assert.equal(await status(await sign(a.privateKey, 'RS256', claims(), 'a')), 200)
    assert.equal(idp.state.fetches, 1, 'the JWKS is kept between tokens')

    await idp.publish('b', b.publicKey, 'ES256')
    assert.equal(await status(await sign(b.privateKey, 'ES256', claims(), 'b')), 200, 'a new kid is fetched')
    assert.equal(idp.state.fetches, 2)
    assert.equal(await status(await sign(keyPair('rsa').privateKey, 'RS256', claims(), 'a')), 401, 'a known kid, another key')
    assert.equal(await status(signJwt(claims(), { header: { alg: 'HS256', kid: 'a' } })), 401, 'HS256 under a JWKS')

    await idp.stop()
    const res = await app.inject({ method: 'GET', url: '/v1/members', headers: { authorization: `Bearer ${await sign(b.privateKey, 'ES256', claims(), 'c')}` } })
    assert.equal(res.statusCode, 503)
    assert.deepEqual(res.json(), { code: 'UNAVAILABLE', error: 'Service unavailable' })
    assert.equal(await status(await sign(a.privateKey, 'RS256', claims(), 'a')), 200, 'keys already fetched still verify')
  })
})
