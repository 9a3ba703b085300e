import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { exportJWK } from 'jose'
import { appWith, identityProvider, keyPair, seconds, sign, START, type ProviderMode } from '../support/auth-support.js'
import { signJwt } from '../support/helpers.js'

// Tokens verified by the keys of an identity provider's JWKS, served by a local HTTP server the test controls:
// its failures are the service's 503, never the caller's 401; rotated keys apply; unknown kids cannot hammer it.

const claims = () => ({ workspaceId: randomUUID(), exp: seconds(START) + 3600 })
const UNAVAILABLE = { code: 'UNAVAILABLE', error: 'Service unavailable' }

describe('tokens verified by a JWKS URL', () => {
  test('an identity provider that fails in any way is a 503 in the envelope, and service resumes when it recovers', async (t) => {
    const idp = await identityProvider(t)
    const a = keyPair('rsa')
    await idp.publish('a', a.publicKey, 'RS256')
    const { send, status } = await appWith(t, { JWT_JWKS_URL: idp.url, JWT_JWKS_COOLDOWN_MS: '0' })
    const failures: ProviderMode[] = ['status 500', 'status 404', 'redirect', 'not JSON', 'not a key set']
    for (const mode of failures) {
      idp.state.mode = mode
      // Nothing fetched yet, so every token needs the key set: the first fetch of each mode fails.
      const res = await send(await sign(a.privateKey, 'RS256', claims(), 'a'))
      assert.equal(res.statusCode, 503, `${mode}: ${res.body}`)
      assert.deepEqual(res.json(), UNAVAILABLE, mode)
    }
    assert.equal(idp.state.fetches, failures.length)

    idp.state.mode = 'ok'
    assert.equal(await status(await sign(a.privateKey, 'RS256', claims(), 'a')), 200, 'the provider is back')
    assert.equal(await status(await sign(a.privateKey, 'RS256', claims(), 'unknown')), 401, 'an unknown kid from a healthy provider')

    // Keys already held keep verifying while the provider fails; a kid it would have to be asked about is a 503.
    idp.state.mode = 'status 500'
    assert.equal(await status(await sign(a.privateKey, 'RS256', claims(), 'a')), 200)
    assert.equal(await status(await sign(a.privateKey, 'RS256', claims(), 'b')), 503)
    await idp.stop()
    assert.equal(await status(await sign(a.privateKey, 'RS256', claims(), 'b')), 503, 'connection refused')
    assert.equal(await status(await sign(a.privateKey, 'RS256', claims(), 'a')), 200)
  })

  test('a JWKS that holds a private key is the provider\'s fault: 503', async (t) => {
    const idp = await identityProvider(t)
    const a = keyPair('rsa')
    idp.state.privateJwk = { ...await exportJWK(a.privateKey), kid: 'a', alg: 'RS256' }
    idp.state.mode = 'private key'
    const { send } = await appWith(t, { JWT_JWKS_URL: idp.url })
    const res = await send(await sign(a.privateKey, 'RS256', claims(), 'a'))
    assert.equal(res.statusCode, 503)
    assert.deepEqual(res.json(), UNAVAILABLE)
  })

  test('a key rotated out of the JWKS stops verifying even cached tokens within 60 s', async (t) => {
    const idp = await identityProvider(t)
    const [a, b] = [keyPair('ec'), keyPair('ec')]
    await idp.publish('a', a.publicKey, 'ES256')
    const { clock, status } = await appWith(t, { JWT_JWKS_URL: idp.url, JWT_JWKS_COOLDOWN_MS: '0' })
    const old = await sign(a.privateKey, 'ES256', claims(), 'a')
    assert.equal(await status(old), 200)

    idp.state.keys = []
    await idp.publish('b', b.publicKey, 'ES256')
    assert.equal(await status(await sign(b.privateKey, 'ES256', claims(), 'b')), 200, 'the new kid is fetched; the key set no longer holds a')
    clock.now = START + 59_000
    assert.equal(await status(old), 200, 'still cached')
    clock.now = START + 61_000
    assert.equal(await status(old), 401, 'verified again against the rotated key set')
    assert.equal(await status(await sign(a.privateKey, 'ES256', claims(), 'a')), 401, 'and new tokens of the old key too')
  })

  test('a flood of unknown kids fetches the JWKS at most once per cooldown, and good tokens keep working', async (t) => {
    const idp = await identityProvider(t)
    const a = keyPair('ec')
    await idp.publish('a', a.publicKey, 'ES256')
    const { status } = await appWith(t, { JWT_JWKS_URL: idp.url })
    assert.equal(await status(await sign(a.privateKey, 'ES256', claims(), 'a')), 200)
    for (let i = 0; i < 200; i++) assert.equal(await status(await sign(a.privateKey, 'ES256', claims(), randomUUID())), 401)
    assert.equal(idp.state.fetches, 1, 'within the 30 s cooldown of the first fetch')
    assert.equal(await status(await sign(a.privateKey, 'ES256', claims(), 'a')), 200)
  })

  test('an HMAC key in the JWKS is never used, and issuer and audience are checked as with any key', async (t) => {
    const idp = await identityProvider(t)
    const a = keyPair('rsa')
    await idp.publish('a', a.publicKey, 'RS256')
    const secret = 'a-shared-secret-of-at-least-32-bytes'
    idp.state.keys.push({ kty: 'oct', k: Buffer.from(secret).toString('base64url'), kid: 'h', alg: 'HS256', use: 'sig' })
    const { status } = await appWith(t, { JWT_JWKS_URL: idp.url, JWT_ISSUER: 'https://idp.example.com/', JWT_AUDIENCE: 'records' })
    const good = { ...claims(), iss: 'https://idp.example.com/', aud: 'records' }
    assert.equal(await status(await sign(a.privateKey, 'RS256', good, 'a')), 200)
    assert.equal(await status(signJwt(good, { secret, header: { alg: 'HS256', kid: 'h' } })), 401, 'HS256 with the JWKS oct key')
    assert.equal(await status(await sign(a.privateKey, 'RS256', { ...good, aud: 'billing' }, 'a')), 401, 'another audience')
    assert.equal(await status(await sign(a.privateKey, 'RS256', { ...good, iss: 'https://evil.example.com/' }, 'a')), 401, 'another issuer')
    assert.equal(await status(await sign(a.privateKey, 'RS256', { ...good, iss: undefined }, 'a')), 401, 'no issuer')
  })
})
