#!/usr/bin/env node
// The test run behind `npm test` (after build, typecheck and lint): node:test over test/**/*.test.ts, with a
// PostgreSQL server for the postgres half of the suite. Node's runner has no global setup (each file runs in
// its own process), so the server is started here, once, and handed to the files as TEST_DATABASE_URL.
//
//   TEST_DATABASE_URL set        -> that server (each store the tests open gets a schema of its own there).
//   else PostgreSQL installed    -> a throwaway cluster: initdb into a temp dir, pg_ctl on a free port (as the
//                                   postgres user when run as root), stopped and removed afterwards.
//   else                         -> SQLite only, said loudly; under CI=true that is a failure instead.
//
// Usage: node scripts/test.mjs [test files...]   (default: every test/**/*.test.ts)
//
// A whole run (no files named) on PostgreSQL then runs ORDINARY_PATH_FILES again with the store's fast paths off
// (TEST_STORE_FAST_PATHS=off, src/store/postgres/fast-paths.ts): the ordinary path of every write must pass them
// alone. `TEST_STORE_FAST_PATHS=off node scripts/test.mjs [files...]` runs any files that way.
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { findPostgres, redact, startCluster } from './postgres-cluster.mjs'

const named = process.argv.length > 2
const files = named
  ? process.argv.slice(2)
  : readdirSync('test', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.test.ts')).sort().map((name) => join('test', name))
// The files of the second pass: creates, puts and bulk writes of every resource with a fast path (members, channels
// through ingestion, activities of known and new types), unique keys' 409s, concurrent writers, and the comparisons
// with SQLite. They run on both stores as always; SQLite's half repeats the first pass's.
const ORDINARY_PATH_FILES = [
  'test/api/members.test.ts',
  'test/api/activities.test.ts',
  'test/api/unique-emails.test.ts',
  'test/api/ingestion.test.ts',
  'test/api/concurrent-writes.test.ts',
  'test/store/postgres-concurrency.test.ts',
  'test/api/postgres-parity.test.ts',
  'test/api/differential.test.ts'
]

const env = { ...process.env }
let cluster
if (!env.TEST_DATABASE_URL) {
  const bin = findPostgres()
  if (bin === undefined) {
    if (env.CI === 'true') {
      console.error('PostgreSQL is required under CI=true: no server binaries in /usr/lib/postgresql/*/bin or on PATH, ' +
        'and TEST_DATABASE_URL is unset. Install Debian\'s postgresql package (see .ci/run).')
      process.exit(1)
    }
  } else {
    cluster = await startCluster(bin)
    env.TEST_DATABASE_URL = cluster.url
  }
}
const skipped = 'PostgreSQL run SKIPPED: no PostgreSQL server binaries found (/usr/lib/postgresql/*/bin or PATH) and ' +
  'TEST_DATABASE_URL is unset, so only the SQLite store was tested. Install postgresql or set TEST_DATABASE_URL.'
if (!env.TEST_DATABASE_URL) console.error(`\n*** ${skipped} ***\n`)
else console.error(`PostgreSQL for the tests: ${redact(env.TEST_DATABASE_URL)}${cluster ? ` (throwaway cluster, ${cluster.version})` : ''}`)

// No test may take longer than this.
const TEST_TIMEOUT_MS = 5 * 60_000
// A test file whose process never ends (a handle left open after a failure: a pool, a child, a timer) would hang
// the whole run: past this the run is stopped and fails, saying so. Not --test-force-exit, which ends each file's
// process before its last results reach the runner on Node.js 22 and later (nodejs/node#64833, open): tests then
// vanish from the report with the run still passing (1 run in 5 of test/unit/engagement.test.ts on Node.js 24).
const RUN_DEADLINE_MS = 30 * 60_000
const tsx = join('node_modules', '.bin', 'tsx')
// Four files at a time, though the machine it was measured on has two cores: many files spend most of their time
// waiting (on PostgreSQL, on child processes that start a server, on sockets). On 2 cores the whole run took 8m20s
// with 4 against 11m52s with 2, back to back on a shared, loaded machine.
const CONCURRENCY = 4
let runner
const stopRunner = (signal) => { try { process.kill(-runner.pid, signal) } catch {} }
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopRunner(signal))

/** Runs node:test over `testFiles` with `runEnv`; resolves to its exit status. */
async function run (testFiles, runEnv) {
  // In a process group of its own, so that the deadline stops the test files' processes with it.
  runner = spawn(tsx, ['--test', `--test-concurrency=${CONCURRENCY}`, `--test-timeout=${TEST_TIMEOUT_MS}`, ...testFiles], { stdio: 'inherit', env: runEnv, detached: true })
  const deadline = setTimeout(() => {
    console.error(`\n*** The tests ran past ${RUN_DEADLINE_MS / 60_000} minutes: a test file's process did not end (a handle left open?). Stopped. ***\n`)
    stopRunner('SIGKILL')
  }, RUN_DEADLINE_MS)
  const status = await new Promise((resolve) => runner.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
  clearTimeout(deadline)
  return status
}

let status = await run(files, env)
if (!named && env.TEST_DATABASE_URL && env.TEST_STORE_FAST_PATHS !== 'off') {
  console.error(`\n=== Again without PostgreSQL's fast paths (TEST_STORE_FAST_PATHS=off): ${ORDINARY_PATH_FILES.join(' ')}\n`)
  const ordinary = await run(ORDINARY_PATH_FILES, { ...env, TEST_STORE_FAST_PATHS: 'off' })
  if (ordinary !== 0) console.error('\n*** The tests failed without PostgreSQL\'s fast paths (TEST_STORE_FAST_PATHS=off) ***\n')
  status ||= ordinary
}
cluster?.stop()
if (!env.TEST_DATABASE_URL) console.error(`\n*** ${skipped} ***\n`)
process.exit(status)
