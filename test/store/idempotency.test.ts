import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { nowSeconds } from '../../src/domain/time.js'
import { DAY, testStores } from '../support/helpers.js'

// The keyed unit of Store.idempotency, below HTTP: what the routes cannot show (idempotency.test.ts in api/ has the rules).

for (const store of testStores()) {
  describe(`keyed units (${store.name})`, () => {
    test('a failed answer is kept and what its work wrote is rolled back; a throw keeps and writes nothing', async (t) => {
      const opened = await store.open()
      t.after(async () => await opened.close())
      const workspaceId = randomUUID()
      const failed = await opened.idempotency.run(workspaceId, 'a', 'fp', async () => {
        await opened.companies.create(workspaceId, { name: 'Rolled back' })
        return { status: 404, body: '{"code":"NOT_FOUND"}', failed: true }
      })
      assert.deepEqual(failed, { kind: 'executed', answer: { status: 404, body: '{"code":"NOT_FOUND"}' } })
      assert.deepEqual(await opened.idempotency.find(workspaceId, 'a', 'fp'), { kind: 'replayed', answer: { status: 404, body: '{"code":"NOT_FOUND"}' } })
      assert.deepEqual(await opened.idempotency.find(workspaceId, 'a', 'other'), { kind: 'mismatch' })
      await assert.rejects(opened.idempotency.run(workspaceId, 'b', 'fp', async () => {
        await opened.companies.create(workspaceId, { name: 'Rolled back too' })
        throw new Error('a fault')
      }), /a fault/)
      assert.equal(await opened.idempotency.find(workspaceId, 'b', 'fp'), undefined)
      assert.equal((await opened.companies.list(workspaceId, { page: 1, pageSize: 10 })).total, 0)
    })

    test('purge deletes every expired answer, in batches, and nothing unexpired', async (t) => {
      let now = nowSeconds()
      const opened = await store.open({ clock: () => now })
      t.after(async () => await opened.close())
      const workspaceId = randomUUID()
      for (let i = 0; i < 1001; i++) {
        await opened.idempotency.run(workspaceId, `k${i}`, 'fp', async () => ({ status: 201, body: '{}', failed: false }))
      }
      now += DAY
      await opened.idempotency.run(workspaceId, 'fresh', 'fp', async () => ({ status: 201, body: '{}', failed: false }))
      now += 1
      assert.equal(await opened.idempotency.purge(), 1001)
      assert.notEqual(await opened.idempotency.find(workspaceId, 'fresh', 'fp'), undefined)
      assert.equal(await opened.idempotency.purge(), 0)
    })
  })
}

describe('keyed units on SQLite hold the one connection', () => {
  test('a unit whose work awaits real I/O with its transaction open fails, and writes nothing', async (t) => {
    const opened = await testStores()[0]!.open()
    t.after(async () => await opened.close())
    const workspaceId = randomUUID()
    await assert.rejects(opened.idempotency.run(workspaceId, 'slow', 'fp', async () => {
      await opened.companies.create(workspaceId, { name: 'Seen by others too early' })
      await new Promise((resolve) => setTimeout(resolve, 5))
      return { status: 201, body: '{}', failed: false }
    }), /awaited I\/O/)
    assert.equal((await opened.companies.list(workspaceId, { page: 1, pageSize: 10 })).total, 0)
    assert.equal(await opened.idempotency.find(workspaceId, 'slow', 'fp'), undefined)
  })
})
