import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import Database from 'better-sqlite3'
import { openSqliteStore } from '../src/store/sqlite/index.js'

// Checkpoints run on a thread of their own (src/store/sqlite/checkpointer.ts): committed writes reach the
// database file without any further commit, which with SQLite's default (a checkpoint inside the commit that
// takes the log past 1,000 pages) a log this small would never do.

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
  const store = openSqliteStore(path, { synchronous: 'normal' })
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
