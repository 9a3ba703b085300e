import assert from 'node:assert/strict'
import { createHmac, generateKeyPairSync, randomUUID, sign as cryptoSign, type KeyObject } from 'node:crypto'
import { describe, test } from 'node:test'
import { ConfigError, loadConfig } from '../../src/config.js'
import { TokenCache } from '../../src/auth/token-cache.js'
import { appWith, keyPair, pem, seconds, sign, START } from '../support/auth-support.js'
import { signJwt, TEST_SECRET } from '../support/helpers.js'

// Hostile tokens: malformed ones, algorithm confusion, bad claims and the leeway edges, each answered 401 in the
// envelope, under an HMAC secret and under a public key alike.

const NOW = seconds(START)
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')

type Signer = (unsigned: string) => string

const hmacSigner = (secret: string | Buffer = TEST_SECRET): Signer => (unsigned) => createHmac('sha256', secret).update(unsigned).digest('base64url')
// RS256 is RSASSA-PKCS1-v1_5 with SHA-256 (node:crypto's default for an RSA key); ES256 wants the raw r||s form.
const keySigner = (key: KeyObject): Signer => (unsigned) =>
  cryptoSign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')

/** A token with exactly this header and payload (raw strings are sent as they are), signed by the signer. */
function rawToken (header: unknown, payload: unknown, signer: Signer = hmacSigner()): string {
  const unsigned = `${b64(header)}.${b64(payload)}`
  return `${unsigned}.${signer(unsigned)}`
}

/** Malformed tokens, each correctly signed for the configured key and algorithm, so only its shape is wrong. */
function malformed (good: string, alg: string, signer: Signer): Array<[string, string]> {
  const [header, payload, signature] = good.split('.') as [string, string, string]
  const claims = { workspaceId: randomUUID(), exp: NOW + 3600 }
  const ok = { alg, typ: 'JWT' }
  const token = (h: unknown, p: unknown) => rawToken(h, p, signer)
  return [
    ['two segments', `${header}.${payload}`],
    ['four segments', `${good}.${signature}`],
    ['three empty segments', '..'],
    ['an empty signature', `${header}.${payload}.`],
    ['a signature cut short', `${header}.${payload}.${signature.slice(0, 10)}`],
    ['a header that is not base64url', `${header}%.${payload}.${signature}`],
    ['standard base64 characters', `${header.slice(0, -1)}+.${payload}/.${signature}=`],
    ['a segment of impossible base64 length', `${header}.${payload}${'x'.repeat((5 - payload.length % 4) % 4)}.${signature}`],
    ['a header that is a JSON string', token(`"${alg}"`, claims)],
    ['a header that is a JSON array', token([ok], claims)],
    ['a header that is not JSON', token(`{alg:${alg}}`, claims)],
    ['a header without alg', token({ typ: 'JWT' }, claims)],
    ['alg as a number', token({ alg: 256 }, claims)],
    ['alg in lower case', token({ alg: alg.toLowerCase() }, claims)],
    ['a critical header extension the service does not know', token({ ...ok, crit: ['exp'], exp: 1 }, claims)],
    ['an unencoded payload (b64: false)', token({ ...ok, b64: false, crit: ['b64'] }, claims)],
    ['a payload that is a JSON array', token(ok, [claims])],
    ['a payload that is a JSON string', token(ok, JSON.stringify(JSON.stringify(claims)))],
    ['a payload that is null', token(ok, 'null')],
    ['a payload that is a number', token(ok, '42')],
    ['a payload that is not JSON', token(ok, `{"workspaceId":"${claims.workspaceId}"`)],
    ['a payload that is not UTF-8', `${b64(ok)}.${Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64url')}.${signature}`]
  ]
}

/** Claims that are wrong though the signature is right. */
function badClaims (): Array<[string, Record<string, unknown>]> {
  const workspaceId = randomUUID()
  const exp = NOW + 3600
  return [
    ['no workspaceId', { sub: 'user-1', exp }],
    ['workspaceId empty', { workspaceId: '', exp }],
    ['workspaceId a number', { workspaceId: 12345, exp }],
    ['workspaceId null', { workspaceId: null, exp }],
    ['workspaceId an object', { workspaceId: { id: workspaceId }, exp }],
    ['workspaceId a list', { workspaceId: [workspaceId], exp }],
    ['workspaceId not a uuid', { workspaceId: 'workspace-1', exp }],
    ['workspaceId a uuid in braces', { workspaceId: `{${workspaceId}}`, exp }],
    ['workspaceId a uuid with a newline', { workspaceId: `${workspaceId}\n`, exp }],
    ['exp a string', { workspaceId, exp: String(exp) }],
    ['nbf a string', { workspaceId, exp, nbf: 'now' }],
    ['iat not a number', { workspaceId, exp, iat: [NOW] }]
  ]
}

describe('malformed tokens', () => {
  test('under an HMAC secret, every malformed token is a 401', async (t) => {
    const { status } = await appWith(t, { JWT_SECRET: TEST_SECRET })
    const good = signJwt({ workspaceId: randomUUID(), exp: NOW + 3600 })
    assert.equal(await status(good), 200)
    assert.equal(await status(rawToken({ alg: 'HS256' }, { workspaceId: randomUUID() })), 200, 'the test signer signs good tokens')
    for (const [kind, token] of malformed(good, 'HS256', hmacSigner())) assert.equal(await status(token), 401, kind)
  })

  test('under an RS256 public key, every malformed token is a 401', async (t) => {
    const { publicKey, privateKey } = keyPair('rsa')
    const { status } = await appWith(t, { JWT_PUBLIC_KEY: pem(publicKey) })
    const good = await sign(privateKey, 'RS256', { workspaceId: randomUUID(), exp: NOW + 3600 })
    assert.equal(await status(good), 200)
    assert.equal(await status(rawToken({ alg: 'RS256' }, { workspaceId: randomUUID() }, keySigner(privateKey))), 200, 'the test signer signs good tokens')
    for (const [kind, token] of malformed(good, 'RS256', keySigner(privateKey))) assert.equal(await status(token), 401, kind)
  })

  test('missing, non-string or non-uuid workspaceId and ill-typed time claims are a 401, under a secret and a public key', async (t) => {
    const { publicKey, privateKey } = keyPair('ec')
    const hs = await appWith(t, { JWT_SECRET: TEST_SECRET })
    const es = await appWith(t, { JWT_PUBLIC_KEY: pem(publicKey) })
    for (const [kind, claims] of badClaims()) {
      assert.equal(await hs.status(signJwt(claims)), 401, `HS256: ${kind}`)
      assert.equal(await es.status(await sign(privateKey, 'ES256', claims)), 401, `ES256: ${kind}`)
    }
  })
})

describe('algorithm confusion', () => {
  test('with an RSA public key, no HMAC token gets in, whatever secret made it and whatever alg it names', async (t) => {
    const { publicKey, privateKey } = keyPair('rsa')
    const { status } = await appWith(t, { JWT_PUBLIC_KEY: pem(publicKey) })
    const claims = { workspaceId: randomUUID(), exp: NOW + 3600 }
    const der = publicKey.export({ type: 'spki', format: 'der' })
    const jwkModulus = Buffer.from(String(publicKey.export({ format: 'jwk' }).n), 'base64url')
    for (const [kind, secret] of [['PEM', pem(publicKey)], ['DER', der], ['JWK modulus', jwkModulus]] as const) {
      assert.equal(await status(rawToken({ alg: 'HS256', typ: 'JWT' }, claims, hmacSigner(secret))), 401, `HS256 with the ${kind} as secret`)
      // The classic attack: alg says RS256, the signature is an HMAC keyed with the public key.
      assert.equal(await status(rawToken({ alg: 'RS256', typ: 'JWT' }, claims, hmacSigner(secret))), 401, `RS256 header, HMAC with the ${kind}`)
    }
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      assert.equal(await status(`${b64({ alg, typ: 'JWT' })}.${b64(claims)}.`), 401, `alg ${alg}`)
      assert.equal(await status(`${b64({ alg, typ: 'JWT' })}.${b64(claims)}.${b64('x')}`), 401, `alg ${alg} with a signature`)
    }
    assert.equal(await status(signJwt(claims)), 401, 'an HS256 token of the test secret')
    assert.equal(await status(await sign(privateKey, 'PS256', claims)), 401, 'PS256 is the same key but not a configured algorithm')
    assert.equal(await status(await sign(keyPair('ec').privateKey, 'ES256', claims)), 401, 'ES256 from another key')
    assert.equal(await status(await sign(privateKey, 'RS256', claims)), 200)
  })

  test('with an HMAC secret, no asymmetric token gets in, even one whose signature is an HMAC with the secret', async (t) => {
    const { status } = await appWith(t, { JWT_SECRET: TEST_SECRET })
    const claims = { workspaceId: randomUUID(), exp: NOW + 3600 }
    assert.equal(await status(await sign(keyPair('rsa').privateKey, 'RS256', claims)), 401, 'RS256 from some key')
    assert.equal(await status(rawToken({ alg: 'RS256', typ: 'JWT' }, claims)), 401, 'RS256 header, HMAC with the secret')
    assert.equal(await status(rawToken({ alg: 'HS512', typ: 'JWT' }, claims)), 401, 'HS512 signature computed as HS256')
    assert.equal(await status(`${b64({ alg: 'none' })}.${b64(claims)}.`), 401, 'alg none')
    assert.equal(await status(rawToken({ alg: 'HS256', typ: 'JWT' }, claims)), 200)
  })

  test('a token signed by another key of the same kind is a 401, for RS256, PS256, ES256 and EdDSA', async (t) => {
    const cases: Array<[KeyObject, KeyObject, KeyObject, string, Record<string, string>]> = []
    for (const [kind, alg, extra] of [['rsa', 'RS256', {}], ['rsa', 'PS256', { JWT_ALGORITHMS: 'PS256' }], ['ec', 'ES256', {}], ['ed25519', 'EdDSA', {}]] as const) {
      const { publicKey, privateKey } = keyPair(kind)
      cases.push([publicKey, privateKey, keyPair(kind).privateKey, alg, extra])
    }
    for (const [publicKey, privateKey, other, alg, extra] of cases) {
      const { status } = await appWith(t, { JWT_PUBLIC_KEY: pem(publicKey), ...extra })
      const claims = { workspaceId: randomUUID(), exp: NOW + 3600 }
      assert.equal(await status(await sign(privateKey, alg, claims)), 200, alg)
      assert.equal(await status(await sign(other, alg, claims)), 401, `${alg}, another key`)
      const [header, , signature] = (await sign(privateKey, alg, claims)).split('.')
      assert.equal(await status(`${header}.${b64({ ...claims, workspaceId: randomUUID() })}.${signature}`), 401, `${alg}, payload changed after signing`)
    }
  })

  test('JWT_ALGORITHMS must fit the key, and unusable keys stop the server at start with a clear message', () => {
    const rsa = pem(keyPair('rsa').publicKey)
    const p256 = pem(keyPair('ec').publicKey)
    assert.deepEqual(loadConfig({ JWT_PUBLIC_KEY: pem(keyPair('ed25519').publicKey) }).jwt.algorithms, ['EdDSA'])
    assert.deepEqual(loadConfig({ JWT_PUBLIC_KEY: pem(generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey) }).jwt.algorithms, ['ES384'])
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ JWT_PUBLIC_KEY: rsa, JWT_ALGORITHMS: 'ES256' }, /JWT_ALGORITHMS: "ES256" cannot be verified with JWT_PUBLIC_KEY/],
      [{ JWT_PUBLIC_KEY: p256, JWT_ALGORITHMS: 'ES384' }, /"ES384" cannot be verified/],
      [{ JWT_PUBLIC_KEY: p256, JWT_ALGORITHMS: 'RS256' }, /"RS256" cannot be verified/],
      [{ JWT_PUBLIC_KEY: rsa, JWT_ALGORITHMS: 'HS256' }, /"HS256" cannot be verified with JWT_PUBLIC_KEY/],
      [{ JWT_SECRET: TEST_SECRET, JWT_ALGORITHMS: 'HS256,RS256' }, /"RS256" cannot be verified with JWT_SECRET/],
      [{ JWT_JWKS_URL: 'https://idp.example.com/jwks.json', JWT_ALGORITHMS: 'HS256' }, /"HS256" cannot be verified with JWT_JWKS_URL/],
      [{ JWT_PUBLIC_KEY: rsa, JWT_ALGORITHMS: 'RS256,none' }, /"none" \(unsigned tokens\) is never accepted/],
      [{ JWT_ALGORITHMS: 'None' }, /never accepted/],
      [{ JWT_PUBLIC_KEY: pem(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey) }, /at least 2048 bits/],
      [{ JWT_PUBLIC_KEY: pem(generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey) }, /P-256, P-384 or P-521, got secp256k1/],
      [{ JWT_PUBLIC_KEY: pem(generateKeyPairSync('x25519').publicKey) }, /a x25519 key cannot verify JWTs/]
    ]
    for (const [env, message] of refused) assert.throws(() => loadConfig(env), (error) => error instanceof ConfigError && message.test(error.message), message.source)
  })
})

describe('exp and nbf at the edges of the 30 s leeway', () => {
  test('exp is good until 30 s after it, nbf from 30 s before it, to the second', async (t) => {
    const { status } = await appWith(t, { JWT_SECRET: TEST_SECRET })
    const token = (claims: Record<string, number>) => signJwt({ workspaceId: randomUUID(), ...claims })
    assert.equal(await status(token({ exp: NOW - 29 })), 200, 'expired 29 s ago')
    assert.equal(await status(token({ exp: NOW - 30 })), 401, 'expired 30 s ago')
    assert.equal(await status(token({ exp: NOW + 3600, nbf: NOW + 30 })), 200, 'valid in 30 s')
    assert.equal(await status(token({ exp: NOW + 3600, nbf: NOW + 31 })), 401, 'valid in 31 s')
  })

  test('a cached token stops at the same instant as an uncached one, and a clock that steps back re-verifies', async (t) => {
    const cache = new TokenCache()
    const { clock, status } = await appWith(t, { JWT_SECRET: TEST_SECRET }, cache)
    const cached = signJwt({ workspaceId: randomUUID(), exp: NOW + 10 })
    assert.equal(await status(cached), 200)
    assert.equal(cache.size, 1)
    clock.now = START + 39_999
    assert.equal(await status(cached), 200, 'the last millisecond of the leeway')
    clock.now = START + 40_000
    assert.equal(await status(cached), 401, 'exp + 30 s, though cached')
    assert.equal(await status(signJwt({ workspaceId: randomUUID(), exp: NOW + 10 })), 401, 'the same rule uncached')

    const early = signJwt({ workspaceId: randomUUID(), nbf: NOW + 40, exp: NOW + 3600 })
    clock.now = START + 10_000
    assert.equal(await status(early), 200, 'within the nbf leeway')
    clock.now = START + 9_000
    assert.equal(await status(early), 401, 'the clock stepped back: verified again, not valid yet')
  })
})

describe('floods', () => {
  test('hundreds of hostile tokens against a public key neither fill the cache nor stop a good token', async (t) => {
    const { publicKey, privateKey } = keyPair('ec')
    const other = keyPair('ec').privateKey
    const cache = new TokenCache()
    const { status } = await appWith(t, { JWT_PUBLIC_KEY: pem(publicKey) }, cache)
    const good = await sign(privateKey, 'ES256', { workspaceId: randomUUID(), exp: NOW + 3600 })
    assert.equal(await status(rawToken({ alg: 'ES256' }, { workspaceId: randomUUID() }, keySigner(privateKey))), 200, 'the test signer signs good tokens')
    const kinds = malformed(good, 'ES256', keySigner(privateKey)).map(([, token]) => token)
    for (let i = 0; i < 400; i++) {
      const claims = { workspaceId: randomUUID(), exp: NOW + 3600, i }
      const bad = [
        () => rawToken({ alg: 'HS256' }, claims, hmacSigner(pem(publicKey))),
        () => `${b64({ alg: 'none' })}.${b64(claims)}.`,
        async () => await sign(other, 'ES256', claims),
        () => kinds[i % kinds.length]!
      ][i % 4]!
      assert.equal(await status(await bad()), 401)
    }
    assert.equal(cache.size, 1, 'only the control token')
    assert.equal(await status(good), 200)
    assert.equal(cache.size, 2)
  })
})
