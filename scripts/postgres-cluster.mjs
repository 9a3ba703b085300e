// A throwaway PostgreSQL cluster from the machine's server binaries: for the test run, the benchmark and the
// tests that stop and start a server of their own. initdb into a temp dir, pg_ctl on a free port (as the
// postgres user when run as root), stopped and removed by stop().
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

/** The bin directory of the newest PostgreSQL: Debian's versioned folders first, then PATH. */
export function findPostgres () {
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

/**
 * `durable: false` (the test run) turns fsync and synchronous commit off; the benchmark keeps PostgreSQL's
 * defaults. The returned pg_ctl(args) lets a test stop and start the server under the same data directory;
 * pgCtlAsync(args) does the same without blocking the test's event loop (a test timing answers meanwhile).
 */
export async function startCluster (bin, { durable = false } = {}) {
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
  const commandOf = (name, args) => asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, name), ...args]] : [join(bin, name), args]
  const failed = (name, status, output) => {
    const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : ''
    return new Error(`${name} failed (status ${status}):\n${output}\n${serverLog}`)
  }
  const run = (name, args) => {
    const [command, argv] = commandOf(name, args)
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: dir })
    if (result.status !== 0) throw failed(name, result.status, `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`)
    return result.stdout
  }
  const runAsync = (name, args) => new Promise((resolve, reject) => {
    const [command, argv] = commandOf(name, args)
    execFile(command, argv, { encoding: 'utf8', cwd: dir }, (error, stdout, stderr) => {
      if (error) reject(failed(name, error.code, `${stdout}${stderr}${String(error)}`))
      else resolve(stdout)
    })
  })
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
    const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c max_connections=300',
      ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'])].join(' ')
    const pgCtlArgs = (args) => ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', ...args]
    const pgCtl = (...args) => run('pg_ctl', pgCtlArgs(args))
    const pgCtlAsync = async (...args) => await runAsync('pg_ctl', pgCtlArgs(args))
    started = true
    pgCtl('start')
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version, stop, pgCtl, pgCtlAsync }
  } catch (error) {
    stop()
    throw error
  }
}

export async function freePort () {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

export function redact (url) {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')
}
