#!/usr/bin/env node
// The test run behind `npm test` (after build, typecheck and lint): node:test over test/*.test.ts, with a
// PostgreSQL server for the postgres half of the suite. Node's runner has no global setup (each file runs in
// its own process), so the server is started here, once, and handed to the files as TEST_DATABASE_URL.
//
//   TEST_DATABASE_URL set        -> that server (each store the tests open gets a schema of its own there).
//   else PostgreSQL installed    -> a throwaway cluster: initdb into a temp dir, pg_ctl on a free port (as the
//                                   postgres user when run as root), stopped and removed afterwards.
//   else                         -> SQLite only, said loudly; under CI=true that is a failure instead.
//
// Usage: node scripts/test.mjs [test files...]   (default: every test/*.test.ts)
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

const files = process.argv.length > 2
  ? process.argv.slice(2)
  : readdirSync('test').filter((name) => name.endsWith('.test.ts')).sort().map((name) => join('test', name))

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

const tsx = join('node_modules', '.bin', 'tsx')
const runner = spawn(tsx, ['--test', '--test-concurrency=2', ...files], { stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => runner.kill(signal))
const status = await new Promise((resolve) => runner.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
cluster?.stop()
if (!env.TEST_DATABASE_URL) console.error(`\n*** ${skipped} ***\n`)
process.exit(status)

/** The bin directory of the newest PostgreSQL: Debian's versioned folders first, then PATH. */
function findPostgres () {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v)).sort((a, b) => Number(b) - Number(a)) : []
  const dirs = [...versions.map((v) => join(root, v, 'bin')), ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)]
  return dirs.find((dir) => ['initdb', 'pg_ctl', 'postgres'].every((name) => isExecutable(join(dir, name))))
}

function isExecutable (path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

async function startCluster (bin) {
  const dir = mkdtempSync(join(tmpdir(), 'records-pg-'))
  const data = join(dir, 'data')
  const log = join(dir, 'server.log')
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }))
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
    chownSync(dir, uid, gid)
  }
  const run = (name, args) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, name), ...args]] : [join(bin, name), args]
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: dir })
    if (result.status !== 0) {
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`
      const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : ''
      throw new Error(`${name} failed (status ${result.status}):\n${output}\n${serverLog}`)
    }
    return result.stdout
  }
  const version = run('postgres', ['--version']).trim()
  let started = false
  const stop = () => {
    if (started) {
      started = false
      try { run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']) } catch (error) { console.error(String(error)) }
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'])
    const port = await freePort()
    // Durability off: the cluster lives for one test run. The socket goes in the temp dir, not /var/run.
    const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off',
      '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=300'].join(' ')
    started = true
    run('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start'])
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version, stop }
  } catch (error) {
    stop()
    throw error
  }
}

async function freePort () {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

function redact (url) {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')
}
