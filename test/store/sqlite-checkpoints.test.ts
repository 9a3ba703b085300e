import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { Database } from '../../src/store/sqlite/driver.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import { startCheckpointer } from '../../src/store/sqlite/checkpointer.js'

// Checkpoints run on a thread of their own (src/store/sqlite/checkpointer.ts): committed writes reach the
// database file without any further commit, which with SQLite's default (a checkpoint inside the commit that
// takes the log past 1,000 pages) a log this small would never do; and under a steady stream of writes the log
// starts over near its limit, where checkpoints alone would let it grow until commits checkpoint themselves.

/** Members of the workspace in the database file alone, read from a copy of it without its log. */
function membersInFile (path: string, workspaceId: string): number {
  const copy = `${path}.copy`
  copyFileSync(path, copy)
  try {
    const db = new Database(copy, { readonly: true })
    try {
      return db.prepare('SELECT count(*) FROM members WHERE workspace_id = ?').pluck().get(workspaceId) as number
    } finally {
      db.close()
    }
  } catch {
    return -1 // copied in the middle of a checkpoint: try again
  } finally {
    rmSync(copy, { force: true })
  }
}

test('committed writes reach the database file without another commit, and closing leaves no log', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'records-checkpoint-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'records.db')
  const store = await openSqliteStore(path, { synchronous: 'normal' })
  const workspaceId = randomUUID()
  await store.members.createMany(workspaceId, Array.from({ length: 500 }, (_, i) => ({ firstName: `M${i}` })))
  let found = 0
  for (const deadline = Date.now() + 5000; found !== 500 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    found = membersInFile(path, workspaceId)
  }
  assert.equal(found, 500)
  await store.close()
  assert.equal(existsSync(`${path}-wal`), false)
})

test('under a steady stream of writes the log starts over near its limit', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'records-checkpoint-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'records.db')
  // 4,096 pages (16 MiB); commits would checkpoint themselves past 16,384. The log passes the limit by what is
  // written between two of the worker's reports (50 ms) and during the held checkpoint.
  const store = await openSqliteStore(path, { synchronous: 'normal', logLimitPages: 4096 })
  t.after(async () => await store.close())
  const workspaceId = randomUUID()
  const until = Date.now() + 2500
  await Promise.all(Array.from({ length: 16 }, async (_, writer) => {
    for (let i = 0; Date.now() < until; i++) {
      await store.members.create(workspaceId, { firstName: `W${writer}`, lastName: `L${i}`, jobTitle: 'x'.repeat(1000) })
    }
  }))
  // The log file keeps the largest size the log reached (4 KiB pages and a header each).
  const pages = statSync(`${path}-wal`).size / 4120
  assert.ok(pages < 12_288, `the log reached ${Math.round(pages)} pages`)
})

test('a checkpointer stopped before its thread could open the file (gone meanwhile) stops cleanly, and commits checkpoint themselves', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'records-checkpoint-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const db = new Database(join(dir, 'records.db'))
  t.after(() => db.close())
  db.pragma('journal_mode = WAL')
  // The thread starts after this returns; the file it is given is not there (a test's directory removed first).
  const checkpointer = startCheckpointer(db, join(dir, 'gone', 'records.db'))
  await checkpointer.stop()
  assert.equal(checkpointer.ready(), undefined)
  assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), 1000)
})
