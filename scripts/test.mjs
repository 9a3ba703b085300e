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
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { findPostgres, redact, startCluster } from './postgres-cluster.mjs'

const files = process.argv.length > 2
  ? process.argv.slice(2)
  : readdirSync('test', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.test.ts')).sort().map((name) => join('test', name))

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
// In a process group of its own, so that the deadline stops the test files' processes with it.
const runner = spawn(tsx, ['--test', `--test-concurrency=${CONCURRENCY}`, `--test-timeout=${TEST_TIMEOUT_MS}`, ...files], { stdio: 'inherit', env, detached: true })
const stopRunner = (signal) => { try { process.kill(-runner.pid, signal) } catch {} }
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopRunner(signal))
const deadline = setTimeout(() => {
  console.error(`\n*** The tests ran past ${RUN_DEADLINE_MS / 60_000} minutes: a test file's process did not end (a handle left open?). Stopped. ***\n`)
  stopRunner('SIGKILL')
}, RUN_DEADLINE_MS)
const status = await new Promise((resolve) => runner.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
clearTimeout(deadline)
cluster?.stop()
if (!env.TEST_DATABASE_URL) console.error(`\n*** ${skipped} ***\n`)
process.exit(status)
