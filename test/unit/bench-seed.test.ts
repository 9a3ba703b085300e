import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { test } from 'node:test'
import { activityCounts, FULL_SCALE, scaled, seedWorkspace } from '../../bench/seed.js'
import { testStores } from '../support/helpers.js'

// The benchmark itself is not part of `npm test`; its seed is, because every figure rests on it.

test('the benchmark seeds the issue\'s skew: 1,000,000 activities, members with 1 to 100,000 each', () => {
  const counts = activityCounts(FULL_SCALE)
  assert.equal(counts.length, 100_000)
  assert.equal(counts.reduce((sum, n) => sum + n, 0), 1_000_000)
  assert.equal(Math.max(...counts), 100_000)
  assert.equal(Math.min(...counts), 1)
  // Members with 1 activity outnumber those the delete benchmark may take: one of them is never deleted.
  assert.equal([...counts].sort((a, b) => a - b)[Math.floor(counts.length * 0.4)], 1)
})

test('the ids the benchmark gets and patches survive every delete it makes', async () => {
  const store = await testStores()[0]!.open()
  try {
    const workspaceId = randomUUID()
    const seeded = await seedWorkspace(store, workspaceId, scaled(0.002))
    assert.equal((await store.activities.list(workspaceId, { page: 1, pageSize: 10 })).total, 2000)
    for (const id of seeded.deletableMemberIds) assert.equal(await store.members.remove(workspaceId, id), true)
    for (const id of [...seeded.memberIds, seeded.busiest.id, seeded.quietest.id]) assert.ok(await store.members.get(workspaceId, id), `member ${id}`)
    assert.equal(seeded.busiest.activities, 200)
    // At this size the 40% that deletes take hold every member with fewer than 4.
    assert.equal(seeded.quietest.activities, 4)
    for (const id of seeded.activityIds) assert.ok(await store.activities.get(workspaceId, id), `activity ${id}`)
    assert.ok(seeded.activityIds.length > 0)
  } finally {
    await store.close()
  }
})
