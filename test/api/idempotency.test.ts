import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test, type TestContext } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { nowSeconds } from '../../src/domain/time.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import type { Store } from '../../src/store/types.js'
import {
  authHeader, buildTestAppWithStore, DAY, newWorkspace, postgresSchema, recordOf, testStores, TEST_SECRET, tokenFor,
  type Response, type TestStore
} from '../support/helpers.js'

// Safe retries (issue 16): Idempotency-Key on every POST, PATCH and DELETE under /v1.

type Method = 'POST' | 'PATCH' | 'DELETE' | 'GET'

/** Requests of one workspace, each with the given Idempotency-Key (none when undefined). */
function keyedApi (app: FastifyInstance, workspaceId: string) {
  return async (method: Method, url: string, key: string | undefined, payload?: unknown): Promise<Response> =>
    await app.inject({
      method,
      url,
      headers: { ...authHeader(workspaceId), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> })
    })
}

function assertReplay (replay: Response, first: Response): void {
  assert.equal(replay.statusCode, first.statusCode, replay.body)
  assert.equal(replay.body, first.body, 'the body is byte for byte the first answer\'s')
  assert.equal(replay.headers['idempotent-replayed'], 'true')
  assert.equal(replay.headers['content-type'], 'application/json; charset=utf-8')
  assert.equal(first.headers['idempotent-replayed'], undefined, 'the first answer is no replay')
}

function assertKeyConflict (res: Response, message: RegExp): void {
  assert.equal(res.statusCode, 409, res.body)
  const body = res.json() as { code: string, error: string, details: Array<{ field: string, message: string }> }
  assert.deepEqual({ code: body.code, error: body.error }, { code: 'CONFLICT', error: 'Conflict' })
  assert.equal(body.details.length, 1)
  assert.equal(body.details[0]?.field, 'Idempotency-Key')
  assert.match(body.details[0]?.message ?? '', message)
  assert.equal(res.headers['idempotent-replayed'], undefined)
}

const USED_ELSEWHERE = /another request/
const IN_FLIGHT = /still running/

async function countOf (send: ReturnType<typeof keyedApi>, resource: 'companies' | 'members' | 'activityTypes'): Promise<number> {
  const path = resource === 'activityTypes' ? 'activity-types' : resource
  const total = `total${resource[0]!.toUpperCase()}${resource.slice(1)}`
  const res = await send('GET', `/v1/${path}`, undefined)
  assert.equal(res.statusCode, 200, res.body)
  return (res.json() as Record<string, number>)[total]!
}

for (const store of testStores()) {
  describe(`Idempotency-Key (${store.name})`, () => {
    test('a retry gets the kept answer byte for byte, with Idempotent-Replayed, and writes nothing again', async (t) => {
      const { app } = await buildTestAppWithStore(t, store)
      const send = keyedApi(app, newWorkspace())
      const key = randomUUID()
      const first = await send('POST', '/v1/companies', key, { name: 'Acme', industry: 'Software' })
      const company = recordOf<{ id: string }>(first, 201, 'company')
      for (let i = 0; i < 3; i++) assertReplay(await send('POST', '/v1/companies', key, { name: 'Acme', industry: 'Software' }), first)
      // The same fields in another order are the same request.
      assertReplay(await send('POST', '/v1/companies', key, { industry: 'Software', name: 'Acme' }), first)
      assert.equal(await countOf(send, 'companies'), 1)

      const patchKey = randomUUID()
      const patched = await send('PATCH', `/v1/companies/${company.id}`, patchKey, { industry: 'Hardware' })
      assert.equal(patched.statusCode, 200, patched.body)
      assert.equal(recordOf<{ industry: string }>(patched, 200, 'company').industry, 'Hardware')
      assert.equal((await send('PATCH', `/v1/companies/${company.id}`, undefined, { industry: 'Services' })).statusCode, 200)
      assertReplay(await send('PATCH', `/v1/companies/${company.id}`, patchKey, { industry: 'Hardware' }), patched)
      const now = await send('GET', `/v1/companies/${company.id}`, undefined)
      assert.equal(recordOf<{ industry: string }>(now, 200, 'company').industry, 'Services', 'the replay changed nothing')

      const deleteKey = randomUUID()
      const deleted = await send('DELETE', `/v1/companies/${company.id}`, deleteKey)
      assert.deepEqual(deleted.json(), { success: true })
      assertReplay(await send('DELETE', `/v1/companies/${company.id}`, deleteKey), deleted)
      assert.equal((await send('DELETE', `/v1/companies/${company.id}`, undefined)).statusCode, 404, 'without the key, it is gone')
    })

    test('the key with another body, path or method is a 409 that executes nothing', async (t) => {
      const { app } = await buildTestAppWithStore(t, store)
      const send = keyedApi(app, newWorkspace())
      const key = randomUUID()
      const first = await send('POST', '/v1/members', key, { firstName: 'Ada' })
      const member = recordOf<{ id: string }>(first, 201, 'member')
      assertKeyConflict(await send('POST', '/v1/members', key, { firstName: 'Grace' }), USED_ELSEWHERE)
      assertKeyConflict(await send('POST', '/v1/members', key, { firstName: 'Ada', lastName: 'Lovelace' }), USED_ELSEWHERE)
      assertKeyConflict(await send('POST', '/v1/companies', key, { firstName: 'Ada' }), USED_ELSEWHERE)
      assertKeyConflict(await send('POST', '/v1/members?x=1', key, { firstName: 'Ada' }), USED_ELSEWHERE)
      assertKeyConflict(await send('PATCH', `/v1/members/${member.id}`, key, { firstName: 'Ada' }), USED_ELSEWHERE)
      assertKeyConflict(await send('DELETE', `/v1/members/${member.id}`, key), USED_ELSEWHERE)
      // Not kept: the request it was first used for still replays.
      assertReplay(await send('POST', '/v1/members', key, { firstName: 'Ada' }), first)
      assert.equal(await countOf(send, 'members'), 1)
      assert.equal(recordOf<{ firstName: string }>(await send('GET', `/v1/members/${member.id}`, undefined), 200, 'member').firstName, 'Ada')
    })

    test('a key that is not 1 to 255 visible ASCII characters is a 400 naming the header', async (t) => {
      const { app } = await buildTestAppWithStore(t, store)
      const send = keyedApi(app, newWorkspace())
      for (const key of ['', 'k'.repeat(256), 'a b', 'clé', 'tab\there']) {
        const res = await send('POST', '/v1/companies', key, { name: 'Acme' })
        assert.equal(res.statusCode, 400, `${JSON.stringify(key)}: ${res.body}`)
        assert.deepEqual(res.json(), {
          code: 'BAD_REQUEST',
          error: 'Invalid request',
          details: [{ field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters (0x21 to 0x7E)' }]
        })
      }
      assert.equal(await countOf(send, 'companies'), 0)
      const longest = '!~'.repeat(127) + 'x'
      assert.equal((await send('POST', '/v1/companies', longest, { name: 'Acme' })).statusCode, 201)
      assert.equal((await send('POST', '/v1/companies', longest, { name: 'Acme' })).headers['idempotent-replayed'], 'true')
      // Reads take no key: one there is ignored, whatever it is.
      assert.equal((await send('GET', '/v1/companies', 'a b')).statusCode, 200)
    })

    test('requests arriving while the first with their key runs are refused as in flight, and it runs once', async (t) => {
      const { app } = await buildTestAppWithStore(t, store)
      const send = keyedApi(app, newWorkspace())
      const member = recordOf<{ id: string }>(await send('POST', '/v1/members', undefined, { firstName: 'Ada' }), 201, 'member')
      const key = randomUUID()
      const body = { memberId: member.id, activityTypeKey: 'message', title: 'Hello' }
      const answers = await Promise.all(Array.from({ length: 8 }, async () => await send('POST', '/v1/activities', key, body)))
      const executed = answers.filter((res) => res.statusCode === 201 && res.headers['idempotent-replayed'] === undefined)
      assert.equal(executed.length, 1, answers.map((res) => `${res.statusCode} ${res.body}`).join('\n'))
      const inFlight = answers.filter((res) => res.statusCode === 409)
      assert.ok(inFlight.length > 0, 'some arrived while the first ran')
      for (const res of inFlight) assertKeyConflict(res, IN_FLIGHT)
      for (const res of answers) if (res.statusCode === 201 && res !== executed[0]) assertReplay(res, executed[0]!)
      assertReplay(await send('POST', '/v1/activities', key, body), executed[0]!)
      const activities = await send('GET', `/v1/activities?memberId=${member.id}`, undefined)
      assert.equal((activities.json() as { totalActivities: number }).totalActivities, 1)
    })

    test('a refused request is kept: the same retry gets the same 400 or 404, another body with the key a 409', async (t) => {
      const { app } = await buildTestAppWithStore(t, store)
      const send = keyedApi(app, newWorkspace())
      // Refused by the validator: nothing ran.
      const key = randomUUID()
      const invalid = await send('POST', '/v1/companies', key, { name: '' })
      assert.equal(invalid.statusCode, 400)
      assertReplay(await send('POST', '/v1/companies', key, { name: '' }), invalid)
      assertKeyConflict(await send('POST', '/v1/companies', key, { name: 'Acme' }), USED_ELSEWHERE)
      assert.equal(await countOf(send, 'companies'), 0)

      // Refused by the handler: a reference to no record (its writes, the new activity type, rolled back).
      const member = recordOf<{ id: string }>(await send('POST', '/v1/members', undefined, { firstName: 'Ada' }), 201, 'member')
      const refKey = randomUUID()
      const badReference = { memberId: member.id, channelId: randomUUID(), activityTypeKey: 'brand-new-type' }
      const refused = await send('POST', '/v1/activities', refKey, badReference)
      assert.equal(refused.statusCode, 400, refused.body)
      assert.equal((refused.json() as { details: Array<{ field: string }> }).details[0]?.field, 'channelId')
      assertReplay(await send('POST', '/v1/activities', refKey, badReference), refused)
      assert.equal(await countOf(send, 'activityTypes'), 0, 'the refused request wrote nothing')

      // A 404: a malformed id (refused before the handler) and an unknown one (by the handler).
      for (const id of ['not-a-uuid', randomUUID()]) {
        const notFoundKey = randomUUID()
        const missing = await send('PATCH', `/v1/companies/${id}`, notFoundKey, { name: 'X' })
        assert.equal(missing.statusCode, 404)
        assertReplay(await send('PATCH', `/v1/companies/${id}`, notFoundKey, { name: 'X' }), missing)
      }

      // A conflict of the data (not of the key) is an answer too.
      assert.equal((await send('POST', '/v1/activity-types', undefined, { key: 'message' })).statusCode, 201)
      const conflictKey = randomUUID()
      const conflict = await send('POST', '/v1/activity-types', conflictKey, { key: 'message' })
      assert.equal(conflict.statusCode, 409)
      assert.equal((conflict.json() as { details: Array<{ field: string }> }).details[0]?.field, 'key')
      assertReplay(await send('POST', '/v1/activity-types', conflictKey, { key: 'message' }), conflict)
    })

    test('a 401 is not kept: the retry with a good token executes', async (t) => {
      const { app } = await buildTestAppWithStore(t, store)
      const workspaceId = newWorkspace()
      const key = randomUUID()
      const post = async (token: string) => await app.inject({
        method: 'POST', url: '/v1/companies', payload: { name: 'Acme' }, headers: { authorization: `Bearer ${token}`, 'idempotency-key': key }
      })
      assert.equal((await post(`${tokenFor(workspaceId)}x`)).statusCode, 401)
      const created = await post(tokenFor(workspaceId))
      assert.equal(created.statusCode, 201)
      assert.equal(created.headers['idempotent-replayed'], undefined)
      assertReplay(await post(tokenFor(workspaceId)), created)
    })

    test('a 429 is not kept: the retry once the bucket refills executes', async (t) => {
      const clock = { now: 0 }
      const opened = await store.open()
      const app = await buildApp({
        config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_BURST: '1' }),
        store: opened,
        clock: () => clock.now
      })
      t.after(async () => {
        await app.close()
        await opened.close()
      })
      const send = keyedApi(app, newWorkspace())
      assert.equal((await send('POST', '/v1/companies', undefined, { name: 'First' })).statusCode, 201)
      const key = randomUUID()
      assert.equal((await send('POST', '/v1/companies', key, { name: 'Acme' })).statusCode, 429)
      clock.now += 1000
      const created = await send('POST', '/v1/companies', key, { name: 'Acme' })
      assert.equal(created.statusCode, 201, created.body)
      assert.equal(created.headers['idempotent-replayed'], undefined)
    })

    test('a 5xx is not kept, and what it wrote is rolled back: the retry executes', async (t) => {
      const opened = await store.open()
      let failNext = true
      // The member is written, then the request fails: a 500 (no input reaches one; a fault is made here).
      const faulty: Store = {
        ...opened,
        members: {
          ...opened.members,
          async create (workspaceId, input) {
            const member = await opened.members.create(workspaceId, input)
            if (failNext) {
              failNext = false
              throw new Error('a fault after the write')
            }
            return member
          }
        }
      }
      const app = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), store: faulty })
      t.after(async () => {
        await app.close()
        await opened.close()
      })
      const send = keyedApi(app, newWorkspace())
      const key = randomUUID()
      const failed = await send('POST', '/v1/members', key, { firstName: 'Ada' })
      assert.equal(failed.statusCode, 500)
      assert.equal(await countOf(send, 'members'), 0, 'the failed request\'s write was rolled back with it')
      const created = await send('POST', '/v1/members', key, { firstName: 'Ada' })
      assert.equal(created.statusCode, 201, created.body)
      assert.equal(created.headers['idempotent-replayed'], undefined)
      assert.equal(await countOf(send, 'members'), 1)
    })

    test('a kept answer expires after 24 hours: the retry executes again, and purge removes expired answers', async (t) => {
      let now = nowSeconds()
      const { app, store: opened } = await buildTestAppWithStore(t, store, { clock: () => now })
      const send = keyedApi(app, newWorkspace())
      const key = randomUUID()
      const first = await send('POST', '/v1/companies', key, { name: 'Acme' })
      assert.equal(first.statusCode, 201)
      now += DAY
      assertReplay(await send('POST', '/v1/companies', key, { name: 'Acme' }), first)
      assert.equal(await opened.idempotency.purge(), 0, 'nothing has expired yet')
      now += 1
      const again = await send('POST', '/v1/companies', key, { name: 'Acme' })
      assert.equal(again.statusCode, 201)
      assert.equal(again.headers['idempotent-replayed'], undefined)
      assert.notEqual(again.body, first.body)
      assert.equal(await countOf(send, 'companies'), 2)
      assertReplay(await send('POST', '/v1/companies', key, { name: 'Acme' }), again)

      const other = randomUUID()
      assert.equal((await send('POST', '/v1/companies', other, { name: 'Initech' })).statusCode, 201)
      now += DAY + 1
      assert.equal(await opened.idempotency.purge(), 2)
      assert.equal(await opened.idempotency.purge(), 0)
      assert.equal(await opened.idempotency.find(newWorkspace(), other, ''), undefined)
    })

    test('keys are per workspace: the same key in another workspace is another request', async (t) => {
      const { app } = await buildTestAppWithStore(t, store)
      const key = randomUUID()
      for (const workspaceId of [newWorkspace(), newWorkspace()]) {
        const send = keyedApi(app, workspaceId)
        const res = await send('POST', '/v1/companies', key, { name: 'Acme' })
        assert.equal(res.statusCode, 201)
        assert.equal(res.headers['idempotent-replayed'], undefined)
        assert.equal(await countOf(send, 'companies'), 1)
      }
    })

    test('kept answers survive a restart', async (t) => {
      const database = await reopenable(t, store)
      const workspaceId = newWorkspace()
      const key = randomUUID()
      let first: Response | undefined
      for (let run = 0; run < 2; run++) {
        const opened = await database.open()
        const app = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), store: opened })
        try {
          const res = await keyedApi(app, workspaceId)('POST', '/v1/companies', key, { name: 'Acme' })
          if (first === undefined) first = res
          else assertReplay(res, first)
          assert.equal(await countOf(keyedApi(app, workspaceId), 'companies'), 1)
        } finally {
          await app.close()
          await opened.close()
        }
      }
    })
  })
}

/** A database of `store` that can be opened, closed and opened again (a restart). */
async function reopenable (t: TestContext, store: TestStore): Promise<{ open: () => Promise<Store> }> {
  if (store.name === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'records-idempotency-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    return { open: async () => await openSqliteStore(join(dir, 'records.db'), { synchronous: 'normal' }) }
  }
  const schema = await postgresSchema()
  t.after(async () => await schema.drop())
  return { open: async () => await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 10_000 }) }
}
