// The package's bin, `workspace-records`, as a person or a supervisor runs it: child processes, real files, real
// sockets, and npm itself for `npm start` and `npm run token`.
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { connect, createServer, type AddressInfo, type Server } from 'node:net'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { before, describe, test, type TestContext } from 'node:test'
import { jwtVerify } from 'jose'
import postgres from 'postgres'
import { migrations as postgresMigrations } from '../../src/store/postgres/migrations/index.js'
import { Database } from '../../src/store/sqlite/driver.js'
import { postgresAvailable, postgresSchema } from '../support/helpers.js'
import { call, cli, CLI, ensureBuilt, JWT, logged, ROOT, SECRET, startServer, tempDir, tokenCli } from '../support/process-support.js'

before(ensureBuilt)

const MIGRATIONS = '0001 initial, 0002 counted list index, 0003 bounded name terms, 0004 engagement, 0005 idempotency, 0006 external ids, 0007 company domains, 0008 member keys, 0009 merges, 0010 pulse blocks'
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms))

/** The environment of a person's shell: none of the npm_* variables `npm test` sets for its scripts. */
function shellEnv (env: Record<string, string>): Record<string, string> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'TEST_DATABASE_URL'))
  return { ...clean as Record<string, string>, ...env }
}

/** A port nothing listens on (as far as anyone can know). */
async function closedPort (): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function portOpen (port: number): Promise<boolean> {
  return await new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => { socket.destroy(); resolve(true) })
    socket.once('error', () => resolve(false))
  })
}

function alive (pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until (check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    if (await check()) return
    await sleep(50)
  }
  assert.fail(what)
}

describe('workspace-records', { concurrency: true }, () => {
  test('every command has --help with examples; usage errors exit 2 with one line on stderr, failures 1', async (t) => {
    const cwd = tempDir(t)
    for (const command of ['serve', 'migrate', 'token', 'import', 'export', 'seed-demo', 'backup']) {
      const help = await cli([command, '--help'], {}, cwd)
      assert.equal(help.code, 0, help.stderr)
      assert.match(help.stdout, new RegExp(`^Usage: workspace-records ${command}`))
      assert.match(help.stdout, /Examples:\n {2}\$ /)
    }
    const top = await cli(['--help'], {}, cwd)
    assert.match(top.stdout, /serve[\s\S]*migrate[\s\S]*token[\s\S]*import[\s\S]*export[\s\S]*seed-demo[\s\S]*backup/)
    assert.equal((await cli(['--version'], {}, cwd)).stdout, `${VERSION}\n`)

    for (const [args, env, stderr] of [
      [['token', '--bogus'], {}, /^error: unknown option '--bogus'\n$/],
      [['token', '--workspace', 'nope'], {}, /^error: --workspace must be a uuid, got "nope"\n$/],
      [['token', '--workspace', randomUUID(), '--ttl', 'soon'], {}, /^error: --ttl must be a time span/],
      [['token'], { JWT_SECRET: SECRET }, /^error: --workspace <uuid> is required when JWT_SECRET is set\n$/],
      [['backup'], {}, /^error: missing required argument 'path'\n$/],
      [['migrate'], { PORT: 'eighty' }, /^configuration error: PORT must be an integer from 0 to 65535, got "eighty"\n$/],
      [['serv'], {}, /^error: unknown command 'serv'\n\(Did you mean serve\?\)\n$/]
    ] as const) {
      const run = await cli([...args], env, cwd)
      assert.deepEqual([run.code, run.stdout], [2, ''], args.join(' '))
      assert.match(run.stderr, stderr)
    }
    const none = await cli([], {}, cwd)
    assert.equal(none.code, 2)
    assert.match(none.stderr, /^Usage: workspace-records/)

    // A failure that is not the user's: exit 1, one line; with DEBUG, the stack follows.
    const failed = await cli(['backup', join(cwd, 'no-such-dir', 'b.db')], { DATABASE_URL: `file:${join(cwd, 'x.db')}` }, cwd)
    assert.equal(failed.code, 2, 'no database yet is a usage error')
    assert.equal((await cli(['migrate'], { DATABASE_URL: `file:${join(cwd, 'x.db')}` }, cwd)).code, 0)
    for (const debug of [false, true]) {
      const run = await cli(['backup', join(cwd, 'no-such-dir', 'b.db')], { DATABASE_URL: `file:${join(cwd, 'x.db')}`, ...(debug ? { DEBUG: '1' } : {}) }, cwd)
      assert.equal(run.code, 1, run.stderr)
      assert.equal(run.stdout, '')
      const lines = run.stderr.trimEnd().split('\n')
      assert.match(lines[0]!, /^backup failed: /)
      if (debug) assert.match(lines[1]!, /Error/)
      else assert.equal(lines.length, 1, run.stderr)
    }
  })

  test('migrate says which migrations it applied to which database, then that it is up to date', async (t) => {
    const cwd = tempDir(t)
    const first = await cli(['migrate'], {}, cwd)
    assert.deepEqual(first, { code: 0, stdout: `sqlite data/records.db: applied ${MIGRATIONS}\n`, stderr: '' })
    const again = await cli(['migrate'], {}, cwd)
    assert.deepEqual(again, { code: 0, stdout: 'sqlite data/records.db: up to date (latest 0010 pulse blocks)\n', stderr: '' })
  })

  test('migrate on PostgreSQL names the database without its password', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const url = new URL(schema.url)
    // The test cluster trusts local connections: a password in the URL is accepted, and must not be shown.
    const password = url.password === '' ? 'not-to-be-shown' : url.password
    url.password = password
    const shown = new URL(url)
    shown.password = '***'
    const first = await cli(['migrate'], { DATABASE_URL: url.toString() }, tempDir(t))
    assert.equal(first.code, 0, first.stderr)
    assert.equal(first.stdout, `postgres ${shown.toString()}: applied 0001 initial, 0002 counted list index, 0003 bounded index keys, 0004 engagement, 0005 idempotency, 0006 external ids, 0007 company domains, 0008 member keys, 0009 merges, 0010 pulse blocks, 0011 pulse move generic plan, 0012 pulse block keys, 0013 keys taken\n`)
    const again = await cli(['migrate'], { DATABASE_URL: url.toString() }, tempDir(t))
    assert.equal(again.stdout, `postgres ${shown.toString()}: up to date (latest 0013 keys taken)\n`)
    assert.equal(`${first.stdout}${first.stderr}${again.stdout}${again.stderr}`.includes(password), false)
  })

  test('npm run --silent token -- --workspace prints the token alone on stdout, and nothing on stderr', async (t) => {
    const workspaceId = randomUUID()
    const run = spawnSync('npm', ['run', '--silent', 'token', '--', '--workspace', workspaceId], { cwd: ROOT, env: shellEnv({ JWT_SECRET: SECRET }), encoding: 'utf8' })
    assert.equal(run.status, 0, run.stderr)
    assert.match(run.stdout, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\n$/)
    assert.equal(run.stderr, '')
    const { payload } = await jwtVerify(run.stdout.trim(), new TextEncoder().encode(SECRET))
    assert.equal(payload.workspaceId, workspaceId)
  })

  test('.env in the working directory is read, and the real environment wins over it', async (t) => {
    const cwd = tempDir(t)
    const fileSecret = 'a-secret-from-the-dot-env-file-0123456789'
    writeFileSync(join(cwd, '.env'), `# a comment\nJWT_SECRET="${fileSecret}"\nDATABASE_URL=file:./from-env-file.db\n`)
    const migrated = await cli(['migrate'], { DATABASE_URL: 'file:./from-environment.db' }, cwd)
    assert.equal(migrated.stdout, `sqlite ./from-environment.db: applied ${MIGRATIONS}\n`)
    const fromFile = await cli(['migrate'], {}, cwd)
    assert.equal(fromFile.stdout, `sqlite ./from-env-file.db: applied ${MIGRATIONS}\n`)
    const token = await tokenCli(['--workspace', randomUUID()], {}, cwd)
    assert.equal(token.code, 0, token.stderr)
    await jwtVerify(token.stdout.trim(), new TextEncoder().encode(fileSecret))
  })

  test('the start log says version, store and where its data is, the migrations applied, and the docs and API URLs', async (t) => {
    const cwd = tempDir(t)
    const isStart = (entry: Record<string, unknown>) => entry.version !== undefined
    const first = await startServer(t, { JWT_SECRET: SECRET }, cwd, [CLI, 'serve'])
    const line = await logged(first, isStart)
    assert.deepEqual({ ...line, time: 0, pid: 0, hostname: '' }, {
      level: 30,
      time: 0,
      pid: 0,
      hostname: '',
      version: VERSION,
      store: 'sqlite',
      data: 'data/records.db',
      migrationsApplied: MIGRATIONS.split(', '),
      api: `${first.url}/v1`,
      docs: `${first.url}/docs`,
      msg: `workspace-records ${VERSION} serving ${first.url}/v1 (reference: ${first.url}/docs) on sqlite data/records.db, applied migrations ${MIGRATIONS}`
    })
    assert.equal((await fetch(String(line.docs))).status, 200)
    first.kill('SIGTERM')
    assert.equal((await first.exit).code, 0)
    const second = await startServer(t, { JWT_SECRET: SECRET }, cwd, [CLI, 'serve'])
    const again = await logged(second, isStart)
    assert.deepEqual(again.migrationsApplied, [])
    assert.match(String(again.msg), /, schema up to date$/)
    assert.equal(second.logs.filter(isStart).length, 1)
  })

  test('backup copies the SQLite database while the server writes to it; it refuses the live file and PostgreSQL', async (t) => {
    const cwd = tempDir(t)
    const env = { DATABASE_URL: `file:${join(cwd, 'records.db')}`, JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '0' }
    const server = await startServer(t, env, cwd, [CLI, 'serve'])
    const token = (await tokenCli(['--workspace', randomUUID()], env)).stdout.trim()
    let acknowledged = 0
    const writing = { on: true }
    const writer = (async () => {
      while (writing.on) {
        const res = await call(`${server.url}/v1/members`, token, 'POST', { firstName: `M${acknowledged}` })
        assert.equal(res.status, 201)
        acknowledged++
      }
    })()
    await until(() => acknowledged >= 50, '50 members written')
    const before = acknowledged
    const target = join(cwd, 'backup.db')
    const backup = await cli(['backup', target], env, cwd)
    const after = acknowledged
    writing.on = false
    await writer
    assert.equal(backup.code, 0, backup.stderr)
    assert.match(backup.stdout, new RegExp(`^backed up sqlite ${join(cwd, 'records.db')} to ${target} \\(\\d+ pages\\)\\n$`))
    const copy = new Database(target, { readonly: true })
    t.after(() => copy.close())
    assert.equal(copy.pragma('integrity_check', { simple: true }), 'ok')
    const members = copy.prepare('SELECT count(*) FROM members').pluck().get() as number
    assert.ok(members >= before && members <= after + 1, `${before} <= ${members} <= ${after + 1}`)

    const live = await cli(['backup', join(cwd, 'records.db')], env, cwd)
    assert.deepEqual([live.code, live.stderr], [2, 'error: the backup must not overwrite the database it copies\n'])
    const pg = await cli(['backup', target], { DATABASE_URL: 'postgres://app:secret@127.0.0.1:1/records' }, cwd)
    assert.equal(pg.code, 2)
    assert.match(pg.stderr, /^error: backup copies a SQLite database, and DATABASE_URL is PostgreSQL: back it up with pg_dump/)
  })

  test('development: one token for one workspace, printed at the terminal only, never into the log; WORKERS=2 prints it once', {
    skip: spawnSync('script', ['--version']).status !== 0 && 'no script(1) to give the server a terminal'
  }, async (t) => {
    const cwd = tempDir(t)
    for (const workers of ['1', '2']) {
      const port = await closedPort()
      const log = join(cwd, `log-${workers}.jsonl`)
      // script(1) gives the server a terminal on stderr; its log (stdout) goes to a file, as a collector takes it.
      const child = spawn('script', ['-qec', `${process.execPath} ${CLI} serve > ${log}`, '/dev/null'], {
        cwd, env: { PATH: process.env.PATH ?? '', PORT: String(port), WORKERS: workers, RATE_LIMIT_PER_MINUTE: '0' }, stdio: ['pipe', 'pipe', 'pipe']
      })
      t.after(() => { if (child.exitCode === null) child.kill('SIGKILL') })
      let terminal = ''
      child.stdout.on('data', (chunk: Buffer) => { terminal += chunk.toString() })
      await until(() => /Try: curl/.test(terminal), `a token at the terminal:\n${terminal}`, 30_000)
      const tokens = terminal.match(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g) ?? []
      // The token line and the curl line hold the same token; the terminal shows one token.
      assert.equal(new Set(tokens).size, 1, terminal)
      const token = tokens[0]!
      assert.match(token, JWT)
      const workspaceId = readFileSync(join(cwd, 'data', 'dev-workspace'), 'utf8').trim()
      assert.match(terminal, new RegExp(`Development token for workspace ${workspaceId}`))
      assert.equal((await call(`http://127.0.0.1:${port}/v1/activities`, token)).status, 200)
      const lines = readFileSync(log, 'utf8')
      assert.equal(lines.includes(token.split('.')[2]!), false, 'the log holds no token')
      assert.doesNotMatch(lines, /eyJ[A-Za-z0-9_-]+\.eyJ/)
      const entries = lines.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
      assert.equal(entries.filter((entry) => entry.tokenCommand !== undefined).length, 1, lines)
      assert.equal(entries.filter((entry) => entry.version !== undefined).length, 1, lines)
      // The process that wrote the start line is the one to stop: the supervisor with WORKERS=2.
      process.kill(Number(entries.find((entry) => entry.version !== undefined)!.pid), 'SIGTERM')
      await new Promise((resolve) => child.on('exit', resolve))
    }
  })
})

describe('signals', { concurrency: true }, () => {
  /** Starts a command that serves (npm start, or the bin) and waits until it listens; `pid` is the process a supervisor signals. */
  async function serving (t: TestContext, command: string, args: string[]) {
    const cwd = tempDir(t)
    const env = shellEnv({ PORT: '0', LOG_LEVEL: 'info', WORKERS: '1', JWT_SECRET: SECRET, DATABASE_URL: `file:${join(cwd, 'records.db')}` })
    const child = spawn(command, args, { cwd: command === 'npm' ? ROOT : cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    t.after(() => { if (child.exitCode === null) child.kill('SIGKILL') })
    const exit = new Promise<{ code: number | null, signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
    const logs: Array<Record<string, unknown>> = []
    let stdout = ''
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        stdout += line + '\n'
        try { logs.push(JSON.parse(line) as Record<string, unknown>) } catch {}
        const found = /^Server listening at (http:\/\/\S+)$/.exec(String(logs.at(-1)?.msg))
        if (found !== null) resolve(found[1]!)
      })
      child.on('exit', () => reject(new Error(`exited before listening:\n${stdout}${stderr}`)))
    })
    return { logs, stdout: () => stdout, exit, port: Number(new URL(url).port), pid: child.pid! }
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    for (const [name, command, args] of [['npm start', 'npm', ['start']], ['workspace-records serve', CLI, ['serve']]] as const) {
      test(`${signal} to the ${name} process stops the server gracefully: exit 0, the port closed, no process left`, async (t) => {
        const server = await serving(t, command === CLI ? process.execPath : command, command === CLI ? [CLI, ...args] : [...args])
        const { port, pid } = server
        const nodePid = Number(server.logs.find((entry) => typeof entry.pid === 'number')!.pid)
        assert.equal(await portOpen(port), true)
        process.kill(pid, signal)
        assert.deepEqual(await server.exit, { code: 0, signal: null })
        await until(() => !alive(nodePid), `the server process ${nodePid} is gone`)
        assert.equal(await portOpen(port), false)
        assert.ok(server.logs.some((entry) => entry.msg === 'shutting down: finishing in-flight requests' && entry.signal === signal), server.stdout())
      })
    }
  }
})

describe('PostgreSQL not reachable at start', { concurrency: true }, () => {
  test('the server retries with backoff, logging each retry without the password, then exits 1 with one line', async (t) => {
    const port = await closedPort()
    const started = Date.now()
    const run = await cli(['serve'], { DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/records`, DATABASE_CONNECT_TIMEOUT_SECONDS: '2', JWT_SECRET: SECRET }, tempDir(t))
    const took = Date.now() - started
    assert.equal(run.code, 1, run.stderr)
    assert.ok(took >= 2000 && took < 15_000, `${took} ms`)
    assert.equal(run.stderr, `serve failed: cannot reach PostgreSQL at postgres://app:***@127.0.0.1:${port}/records after trying for 2 s ` +
      `(DATABASE_CONNECT_TIMEOUT_SECONDS): connect ECONNREFUSED 127.0.0.1:${port}\n`)
    const retries = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    assert.ok(retries.length >= 2, run.stdout)
    assert.deepEqual(retries.slice(0, 2).map((entry) => [entry.level, entry.msg, entry.attempt, entry.inMs]),
      [[40, 'cannot reach the database yet: trying again', 1, 500], [40, 'cannot reach the database yet: trying again', 2, 1000]])
    assert.equal(run.stdout.includes('hunter2'), false)

    const once = await cli(['serve'], { DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/records`, DATABASE_CONNECT_TIMEOUT_SECONDS: '0', JWT_SECRET: SECRET }, tempDir(t))
    assert.deepEqual([once.code, once.stdout], [1, ''])
    assert.match(once.stderr, /^serve failed: cannot reach PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:\d+\/records: /)
  })

  test('a server started before PostgreSQL comes up starts when it does', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const real = new URL(schema.url)
    const port = await closedPort()
    const url = new URL(schema.url)
    url.hostname = '127.0.0.1'
    url.port = String(port)
    const child = spawn(process.execPath, [CLI, 'serve'], {
      cwd: tempDir(t), env: { PATH: process.env.PATH ?? '', PORT: '0', DATABASE_URL: url.toString(), JWT_SECRET: SECRET }, stdio: ['ignore', 'pipe', 'inherit']
    })
    t.after(() => { if (child.exitCode === null) child.kill('SIGKILL') })
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve))
    const lines: Array<Record<string, unknown>> = []
    createInterface({ input: child.stdout }).on('line', (line) => lines.push(JSON.parse(line) as Record<string, unknown>))
    await until(() => lines.filter((entry) => entry.msg === 'cannot reach the database yet: trying again').length >= 2, 'two retries', 30_000)
    // PostgreSQL "comes up": a proxy to the real one opens on the port the server is trying.
    const proxy: Server = createServer((client) => {
      const upstream = connect(Number(real.port || 5432), real.hostname)
      client.pipe(upstream).pipe(client)
      client.on('error', () => upstream.destroy())
      upstream.on('error', () => client.destroy())
    })
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve))
    t.after(() => proxy.close())
    await until(() => lines.some((entry) => entry.version !== undefined), 'the start line', 30_000)
    const line = lines.find((entry) => entry.version !== undefined)!
    assert.equal(line.store, 'postgres')
    assert.deepEqual(await call(`${String(line.api).replace(/\/v1$/, '')}/readyz`, undefined), { status: 200, body: { status: 'ok' } })
    child.kill('SIGTERM')
    assert.equal(await exit, 0)
    const sql = postgres(schema.url, { max: 1, onnotice: () => {} })
    t.after(async () => await sql.end())
    assert.equal((await sql`SELECT count(*)::int AS n FROM schema_migrations`)[0]!.n, postgresMigrations.length)
  })
})
