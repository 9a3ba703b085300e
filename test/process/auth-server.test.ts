// The compiled server with a public key instead of a secret: no development secret, and bad key settings stop it.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, test } from 'node:test'
import { keyPair, pem, sign } from '../support/auth-support.js'
import { signJwt } from '../support/helpers.js'
import { call, ensureBuilt, SERVER, SECRET, startServer, tempDir, tokenCli } from '../support/process-support.js'

describe('the compiled server with a public key', { concurrency: true }, () => {
  before(ensureBuilt)

  test('JWT_PUBLIC_KEY_FILE: no development secret is made or logged, and only the key\'s tokens get in', async (t) => {
    const cwd = tempDir(t)
    const { publicKey, privateKey } = keyPair('ec')
    writeFileSync(join(cwd, 'key.pem'), pem(publicKey))
    const server = await startServer(t, { JWT_PUBLIC_KEY_FILE: join(cwd, 'key.pem') }, cwd)
    const exp = Math.floor(Date.now() / 1000) + 600
    assert.equal((await call(`${server.url}/v1/activities`, await sign(privateKey, 'ES256', { workspaceId: randomUUID(), exp }))).status, 200)
    assert.equal((await call(`${server.url}/v1/activities`, signJwt({ workspaceId: randomUUID(), exp }, { secret: pem(publicKey) }))).status, 401)
    assert.equal(existsSync(join(cwd, 'data', 'jwt-secret')), false)
    assert.equal(server.logs.some((entry) => 'token' in entry), false, server.stdout())
    const cli = await tokenCli(['--workspace', randomUUID()], { JWT_PUBLIC_KEY_FILE: join(cwd, 'key.pem') }, cwd)
    assert.notEqual(cli.code, 0)
    assert.equal(cli.stdout, '')
    assert.match(cli.stderr, /identity provider issues them/)
  })

  test('key settings that do not fit stop the server at start with exit code 2 and a message naming the setting', async (t) => {
    const rsa = pem(keyPair('rsa').publicKey)
    const envs: Array<[Record<string, string>, RegExp]> = [
      [{ JWT_PUBLIC_KEY: rsa, JWT_ALGORITHMS: 'HS256' }, /JWT_ALGORITHMS: "HS256" cannot be verified with JWT_PUBLIC_KEY/],
      [{ JWT_SECRET: SECRET, JWT_ALGORITHMS: 'none' }, /JWT_ALGORITHMS: "none" \(unsigned tokens\) is never accepted/],
      [{ JWT_SECRET: SECRET, JWT_PUBLIC_KEY: rsa }, /set only one of JWT_SECRET, JWT_PUBLIC_KEY/]
    ]
    await Promise.all(envs.map(async ([env, message]) => {
      const cwd = tempDir(t)
      const child = spawn(process.execPath, [SERVER], { cwd, env: { PATH: process.env.PATH ?? '', PORT: '0', ...env } })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
      const code = await new Promise((resolve) => child.on('exit', resolve))
      assert.equal(code, 2, stderr)
      assert.match(stderr, message)
      assert.equal(existsSync(join(cwd, 'data', 'jwt-secret')), false)
    }))
  })
})
