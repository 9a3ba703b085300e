import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { ROOT, ensureBuilt, tempDir } from '../support/process-support.js'

// better-sqlite3 up to 12 aborts Node.js 24.19 and later when the garbage collector finalises a statement
// outside a JavaScript context (at exit, or after writes): `Assertion failed: (env) != nullptr`. This runs, on
// whichever Node.js runs the suite (CI runs it on the machine's and on Node.js 24), what provokes it: many
// stores opened, written, read and closed, their statements left to collections the garbage itself starts,
// and a plain exit with statements still unfinalised.
const SCRIPT = `
import { openSqliteStore } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'store', 'sqlite', 'index.js')).href)}
const workspace = '0b5e7a52-9d3c-4a43-8f8e-5a1f0e6d2c11'
for (let round = 0; round < 20; round++) {
  const store = await openSqliteStore(process.argv[2] + '/records-' + round + '.db', { synchronous: 'normal' })
  const member = await store.members.create(workspace, { firstName: 'Ada' + round })
  await store.activities.create(workspace, { memberId: member.id, activityTypeKey: 'post', title: 'hello' })
  await store.members.list(workspace, { page: 1, pageSize: 10, q: 'ada' })
  await store.close()
  // Garbage enough for the collector to run on its own, as it does in a busy server: collections asked for
  // from JavaScript (gc()) finalise inside a JavaScript context and would not show the crash.
  let junk = []
  for (let i = 0; i < 200000; i++) junk.push({ i, text: 'x' + i })
  junk = null
}
const open = await openSqliteStore(process.argv[2] + '/records-last.db', { synchronous: 'normal' })
await open.members.create(workspace, { lastName: 'Left open' })
await open.close()
console.log('done')
`

test('stores opened, written and closed many times, their statements collected, end in a clean exit', (t) => {
  ensureBuilt()
  const dir = tempDir(t)
  // A file, not -e with --input-type=module: that flag would pass to the checkpointer's worker and make its code a module.
  const script = join(dir, 'cycles.mjs')
  writeFileSync(script, SCRIPT)
  const result = spawnSync(process.execPath, [script, dir], { encoding: 'utf8', timeout: 60_000 })
  assert.equal(result.signal, null, `killed by ${result.signal}: ${result.stderr}`)
  assert.equal(result.status, 0, result.stderr)
  assert.equal(result.stdout, 'done\n')
  assert.doesNotMatch(result.stderr, /Assertion failed/)
})
