// The README as a newcomer uses it: `npm start` in the package's directory (a copy here, so the server keeps its
// ./data/ and development key apart from the repository's), then the quick start block pasted into bash in a
// second terminal; and the typed client example, typechecked and run against a server.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { before, describe, test, type TestContext } from 'node:test'
import ts from 'typescript'
import { postgresAvailable, postgresSchema } from '../support/helpers.js'
import { call, ensureBuilt, ROOT, SECRET, startServer, tempDir, tokenCli } from '../support/process-support.js'

const README = readFileSync(join(ROOT, 'README.md'), 'utf8')
const START_TIMEOUT_MS = 30_000

/** The fenced block of `lang` right after the one `<!-- name ... -->` comment of the README. */
function markedBlock (name: string, lang: string): string {
  const pattern = new RegExp(`<!-- ${name}\\b[^>]*-->\\s*\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\`\\n`, 'g')
  const blocks = [...README.matchAll(pattern)].map((match) => match[1]!)
  assert.equal(blocks.length, 1, `README.md has exactly one \`\`\`${lang} block right after <!-- ${name} -->`)
  return blocks[0]!
}

/** What a clone holds at its top, as far as `npm start` and `npm run token` are concerned, in a directory of its own. */
function packageCopy (t: TestContext): string {
  const dir = tempDir(t)
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'))
  for (const link of ['dist', 'node_modules']) symlinkSync(join(ROOT, link), join(dir, link))
  return dir
}

/** Only what a person's shell would have: no test settings (JWT_SECRET, DATABASE_URL...) leak into the README's run. */
function shellEnv (extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...extra }
}

/** `npm start` in `dir`, in a process group of its own so that the whole of it (npm, sh, node) is stopped after. */
async function npmStart (t: TestContext, dir: string, env: Record<string, string>): Promise<string> {
  const child = spawn('npm', ['start'], { cwd: dir, env: shellEnv({ PORT: '0', ...env }), detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  t.after(async () => {
    const group = (signal: NodeJS.Signals) => { try { process.kill(-child.pid!, signal) } catch {} }
    group('SIGTERM')
    const killer = setTimeout(() => group('SIGKILL'), 10_000)
    await exited
    clearTimeout(killer)
  })
  let output = ''
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  return await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not listen in ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS)
    createInterface({ input: child.stdout }).on('line', (line) => {
      output += line + '\n'
      const listening = /Server listening at (http:\/\/[^\s"]+)/.exec(line)
      if (listening !== null) {
        clearTimeout(timer)
        resolve(listening[1]!)
      }
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`npm start exited with ${code ?? signal} before it listened:\n${output}`))
    })
  })
}

async function run (file: string, args: string[], options: { cwd: string, env: Record<string, string> }) {
  return await new Promise<{ code: number, stdout: string, stderr: string }>((resolve) => {
    execFile(file, args, { ...options, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number((error as { code?: number }).code ?? 1), stdout, stderr })
    })
  })
}

type Json = Record<string, any>

/** Runs the quick start against a server `npm start` serves from a copy of the package, and checks what it made. */
async function quickStart (t: TestContext, env: Record<string, string>): Promise<void> {
  const dir = packageCopy(t)
  const url = await npmStart(t, dir, env)
  // set -euo pipefail: a failed call (curl --fail-with-body), an unset variable or a failed step stops the run.
  const script = `set -euo pipefail\n${markedBlock('quickstart', 'sh')}\n`
  const result = await run('bash', ['-c', script], { cwd: dir, env: shellEnv({ BASE_URL: url }) })
  const shown = `\n--- stdout ---\n${result.stdout}--- stderr ---\n${result.stderr}`
  assert.equal(result.code, 0, `the quick start failed:${shown}`)

  // Every answer it prints is one JSON line; it ends with the lists, which show what it made.
  const answers = result.stdout.trim().split('\n').map((line) => {
    try { return JSON.parse(line) as Json } catch { return assert.fail(`not a JSON answer: ${line}${shown}`) }
  })
  const activity = answers.find((answer) => answer.activity !== undefined)?.activity as Json | undefined
  assert.ok(activity !== undefined, `the quick start prints the activity it creates${shown}`)
  const [activities, members] = answers.slice(-2) as [Json, Json]
  assert.deepEqual(activities.activities, [activity], `the activity list shows the activity${shown}`)
  assert.equal(activities.totalActivities, 1)
  assert.equal(members.totalMembers, 1, `the member list shows the member${shown}`)
  const member = members.members[0] as Json
  assert.equal(member.id, activity.memberId)
  assert.notEqual(member.companyId, null, 'the member is attached to a company')
  assert.equal(member.lastActivity, activity.createdAt, 'the member\'s derived fields count the activity')

  // The company and the channel exist in the same workspace, for a token made as the README says.
  const token = await tokenCli(['--workspace', member.workspaceId], {}, dir)
  assert.equal(token.code, 0, token.stderr)
  const company = await call(`${url}/v1/companies/${member.companyId}`, token.stdout.trim())
  assert.equal(company.status, 200)
  assert.notEqual(activity.channelId, null, 'the activity is in a channel')
  const channel = await call(`${url}/v1/channels/${activity.channelId}`, token.stdout.trim())
  assert.equal(channel.status, 200)
}

/** Runs the ingestion block after the quick start, in its shell: a re-delivery and a keyed retry. */
async function ingestion (t: TestContext, env: Record<string, string>): Promise<void> {
  const dir = packageCopy(t)
  const url = await npmStart(t, dir, env)
  const script = `set -euo pipefail\n${markedBlock('quickstart', 'sh')}\n${markedBlock('ingestion', 'sh')}\n`
  const result = await run('bash', ['-c', script], { cwd: dir, env: shellEnv({ BASE_URL: url }) })
  const shown = `\n--- stdout ---\n${result.stdout}--- stderr ---\n${result.stderr}`
  assert.equal(result.code, 0, `the ingestion block failed:${shown}`)
  const [first, again, created, replayed] = result.stdout.trim().split('\n').slice(-4).map((line) => JSON.parse(line) as Json)
  assert.equal(again!.activity.id, first!.activity.id, `a re-delivery answers the same activity${shown}`)
  assert.deepEqual(again, first, 'and changes nothing')
  assert.deepEqual(replayed, created, `a keyed retry answers the kept answer${shown}`)
  const token = await tokenCli(['--workspace', first!.activity.workspaceId], {}, dir)
  const activities = await call(`${url}/v1/activities?externalId=msg-1`, token.stdout.trim())
  assert.equal((activities.body as Json).totalActivities, 1, 'one activity for the event')
  const member = await call(`${url}/v1/members/${first!.activity.memberId}`, token.stdout.trim())
  assert.equal((member.body as Json).member.primaryEmail, 'grace@acme.example', 'the member named by email was made')
  const companies = await call(`${url}/v1/companies?q=initech`, token.stdout.trim())
  assert.equal((companies.body as Json).totalCompanies, 1, 'one company for the keyed request and its retry')
}

describe('the README', () => {
  before(ensureBuilt)

  test('its quick start runs as written against npm start (SQLite, the default)', async (t) => {
    await quickStart(t, {})
  })

  test('its quick start runs as written against npm start on PostgreSQL', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    await quickStart(t, { DATABASE_URL: schema.url })
  })

  test('its ingestion example runs after the quick start: a re-delivery and a keyed retry write once', async (t) => {
    await ingestion(t, {})
  })

  test('its typed client example typechecks and runs', async (t) => {
    // Inside the package, so that `workspace-records/client` resolves to it as for a user of the package.
    const dir = mkdtempSync(join(ROOT, '.readme-example-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    const file = join(dir, 'example.ts')
    writeFileSync(file, markedBlock('client-example', 'ts') + '\n')

    const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, ROOT)
    const program = ts.createProgram([file], { ...config.options, noEmit: true })
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.formatDiagnostic(diagnostic, {
      getCanonicalFileName: (name) => name, getCurrentDirectory: () => ROOT, getNewLine: () => '\n'
    }))
    assert.deepEqual(problems, [], 'the example typechecks')

    const data = tempDir(t)
    const server = await startServer(t, { DATABASE_URL: `file:${join(data, 'records.db')}`, JWT_SECRET: SECRET })
    const token = await tokenCli(['--workspace', crypto.randomUUID()], { JWT_SECRET: SECRET })
    const result = await run(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, env: shellEnv({ BASE_URL: server.url, TOKEN: token.stdout.trim() }) })
    assert.equal(result.code, 0, `the example failed:\n${result.stdout}${result.stderr}`)
    assert.match(result.stdout, /[0-9a-f]{8}-[0-9a-f-]{27}/, 'it prints the id of the company it made')
  })
})
