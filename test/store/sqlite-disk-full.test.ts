import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { describe, test, type TestContext } from 'node:test'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import { StoreFullError, type Store } from '../../src/store/types.js'
import { smallDisk, smallDiskSkip, type SmallDisk } from '../support/small-disk.js'

// SQLite on a disk that fills (test/api/disk-full.test.ts has the HTTP side, on both stores): what only SQLite's
// writer can meet. A statement that spills the page cache to the log meets the full disk before COMMIT does, and
// SQLite then ends the whole transaction itself: the writes around it, in the same group commit or keyed unit,
// must fail with it rather than run outside any transaction; and the checkpointer, which cannot copy the log
// into a file that cannot grow, must let the writer go on.

async function storeOnSmallDisk (t: TestContext, mib: number, logLimitPages?: number): Promise<{ store: Store, disk: SmallDisk }> {
  const disk = smallDisk(mib)
  const store = await openSqliteStore(join(disk.dir, 'records.db'), { synchronous: 'normal', logLimitPages })
  t.after(async () => {
    await store.close()
    disk.unmount()
  })
  return { store, disk }
}

/** Companies whose names take 100 kB each: written together, more than the page cache (16 MiB) holds. */
const large = (tag: string, count: number) => Array.from({ length: count }, (_, i) => ({ name: `${tag} ${i} ${'n'.repeat(100_000)}` }))

const totalOf = async (store: Store, workspaceId: string) => (await store.companies.list(workspaceId, { page: 1, pageSize: 10 })).total

describe('SQLite on a full disk', { skip: smallDiskSkip }, () => {
  test('a group commit whose write spills the page cache on the full disk fails whole, each write with StoreFullError', async (t) => {
    const { store, disk } = await storeOnSmallDisk(t, 64)
    const workspaceId = randomUUID()
    await store.companies.create(workspaceId, { name: 'Before' })
    disk.fill()
    // Asked in one tick: one batch, one transaction, each write in a savepoint.
    const outcomes = await Promise.allSettled([
      store.companies.createMany(workspaceId, large('a', 80)),
      store.companies.createMany(workspaceId, large('b', 80)),
      store.companies.createMany(workspaceId, large('c', 80)),
      store.companies.create(workspaceId, { name: 'Small' }),
      store.members.create(workspaceId, { firstName: 'Small' })
    ])
    for (const outcome of outcomes) {
      assert.equal(outcome.status, 'rejected')
      assert.ok(outcome.reason instanceof StoreFullError, String(outcome.reason))
      assert.equal(outcome.reason.reason, 'disk_full')
    }
    assert.equal(await totalOf(store, workspaceId), 1)
    assert.equal((await store.members.list(workspaceId, { page: 1, pageSize: 10 })).total, 0)
    assert.equal(store.refusing()?.reason, 'disk_full')
    disk.free()
    await store.companies.create(workspaceId, { name: 'After' })
    assert.equal(await totalOf(store, workspaceId), 2)
    assert.equal(store.refusing(), undefined)
  })

  test('a keyed unit whose write meets the full disk fails whole: a write it makes after is refused, not committed alone', async (t) => {
    const { store, disk } = await storeOnSmallDisk(t, 64)
    const workspaceId = randomUUID()
    await store.companies.create(workspaceId, { name: 'Before' })
    disk.fill()
    let first: unknown
    await assert.rejects(store.atomically(async () => {
      try {
        await store.companies.createMany(workspaceId, large('a', 200))
      } catch (error) {
        first = error
      }
      // Room made (synchronously: a unit awaits nothing but the store) before the next write, which would then
      // commit if it ran outside the unit's transaction.
      disk.free()
      await store.companies.create(workspaceId, { name: 'Small' })
    }), StoreFullError)
    assert.ok(first instanceof StoreFullError, String(first))
    assert.equal(await totalOf(store, workspaceId), 1)
    await store.atomically(async () => await store.companies.create(workspaceId, { name: 'After' }))
    assert.equal(await totalOf(store, workspaceId), 2)
  })

  test('checkpoints that fail on the full disk are counted, and never hold the writer', async (t) => {
    // A log limit of 16 pages: the writer is held for a checkpoint at nearly every commit.
    const { store, disk } = await storeOnSmallDisk(t, 4, 16)
    const workspaceId = randomUUID()
    const failed = () => store.metrics?.().find((metric) => metric.name === 'sqlite_checkpoints_failed_total')?.value ?? 0
    await store.companies.create(workspaceId, { name: 'Before' })
    disk.fill()
    let written = 1
    for (let i = 0; failed() === 0 || i < 20; i++) {
      assert.ok(i < 2000, 'checkpoints fail once the disk is full')
      // Each write settles (written or refused) in good time: a held writer that was never let go would not.
      const outcome = await Promise.race([
        store.companies.create(workspaceId, { name: `Company ${i} ${'x'.repeat(2000)}` }).then(() => 'written', (error: unknown) => error),
        new Promise((resolve) => setTimeout(() => resolve('held'), 5000))
      ])
      if (outcome === 'written') written++
      else assert.ok(outcome instanceof StoreFullError, String(outcome))
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    assert.ok(failed() > 0)
    assert.equal(await totalOf(store, workspaceId), written)
    disk.free()
    await store.companies.create(workspaceId, { name: 'After' })
    assert.equal(await totalOf(store, workspaceId), written + 1)
  })
})
