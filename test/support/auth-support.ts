// Shared by the auth-* suites: key pairs, signing, an app whose wall clock the test moves, and a local identity
// provider serving a JWKS the test can change, break or take down.
import assert from 'node:assert/strict'
import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestContext } from 'node:test'
import { exportJWK, SignJWT } from 'jose'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import type { TokenCache } from '../../src/auth/token-cache.js'
import { testStores } from './helpers.js'

const [sqlite] = testStores()

/** The tests' wall clock starts on a whole second, so leeway edges can be hit exactly. */
export const START = Date.UTC(2026, 0, 1)
export const seconds = (ms: number) => Math.floor(ms / 1000)

export type KeyKind = 'rsa' | 'ec' | 'ed25519'

export function keyPair (kind: KeyKind) {
  switch (kind) {
    case 'rsa': return generateKeyPairSync('rsa', { modulusLength: 2048 })
    case 'ec': return generateKeyPairSync('ec', { namedCurve: 'P-256' })
    case 'ed25519': return generateKeyPairSync('ed25519')
  }
}

export const pem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString()

export async function sign (key: KeyObject, alg: string, claims: Record<string, unknown>, kid?: string): Promise<string> {
  return await new SignJWT(claims).setProtectedHeader({ alg, ...(kid === undefined ? {} : { kid }) }).sign(key)
}

/**
 * An app with the given settings and a wall clock the test moves (`clock.now`, ms since the epoch).
 * `status(token)` sends it as a bearer token and returns the status, checking that any failure is in the envelope.
 */
export async function appWith (t: TestContext, env: Record<string, string>, cache?: TokenCache) {
  const clock = { now: START }
  const store = await sqlite!.open()
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', ...env }),
    store,
    wallClock: () => clock.now,
    ...(cache === undefined ? {} : { tokenCache: cache })
  })
  t.after(async () => {
    await app.close()
    await store.close()
  })
  const send = async (token: string) => await app.inject({ method: 'GET', url: '/v1/members', headers: { authorization: `Bearer ${token}` } })
  const status = async (token: string) => {
    const res = await send(token)
    if (res.statusCode !== 200) assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'error'])
    return res.statusCode
  }
  return { app, clock, send, status }
}

/** How the identity provider answers: with its key set, or in one of the ways a real one fails. */
export type ProviderMode = 'ok' | 'status 500' | 'status 404' | 'redirect' | 'not JSON' | 'not a key set' | 'private key'

/** A local identity provider serving a JWKS that the test can change, break or take down. */
export async function identityProvider (t: TestContext) {
  const state = { keys: [] as object[], fetches: 0, mode: 'ok' as ProviderMode, privateJwk: {} as object }
  const answers: Record<ProviderMode, (res: ServerResponse) => void> = {
    ok: (res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: state.keys })),
    'status 500': (res) => res.writeHead(500).end('{"error":"internal"}'),
    'status 404': (res) => res.writeHead(404).end(),
    redirect: (res) => res.writeHead(302, { location: 'http://127.0.0.1:1/jwks.json' }).end(),
    'not JSON': (res) => res.setHeader('content-type', 'application/json').end('<html>maintenance</html>'),
    'not a key set': (res) => res.setHeader('content-type', 'application/json').end('{"keys":"none"}'),
    'private key': (res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [state.privateJwk] }))
  }
  const server = createServer((_req, res) => {
    state.fetches++
    answers[state.mode](res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`
  const stop = async () => await new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections() })
  t.after(async () => { if (server.listening) await stop() })
  const publish = async (kid: string, key: KeyObject, alg: string) => state.keys.push({ ...await exportJWK(key), kid, alg, use: 'sig' })
  return { url, state, stop, publish }
}
