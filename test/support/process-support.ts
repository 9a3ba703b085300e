// Running the compiled server and token CLI as production does: child processes, real sockets, real files.
import assert from 'node:assert/strict'
import { execFile, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { TestContext } from 'node:test'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const SERVER = join(ROOT, 'dist', 'server.js')
/** The package's bin, `workspace-records <command>`. */
export const CLI = join(ROOT, 'dist', 'cli', 'index.js')
export const SECRET = 'server-test-secret-of-at-least-32-bytes'
// Generous: on a loaded machine (two test files at once on two cores) a start has taken over 10 s. A server that
// dies is reported at once, whatever this is.
const START_TIMEOUT_MS = 30_000
export const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

/** `npm test` builds first; when this file runs alone, build if dist/ is missing or older than src/. */
export function ensureBuilt (): void {
  const newest = (dir: string): number => Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
    entry.isDirectory() ? newest(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs))
  const built = [SERVER, CLI].every(existsSync) ? Math.min(statSync(SERVER).mtimeMs, statSync(CLI).mtimeMs) : 0
  if (built < newest(join(ROOT, 'src'))) {
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
      { cwd: ROOT, stdio: 'inherit' })
  }
}

export function tempDir (t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'records-server-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export interface Running {
  url: string
  logs: Array<Record<string, unknown>>
  stdout: () => string
  stderr: () => string
  /** Resolves with the exit code (null when killed by a signal) and signal. */
  exit: Promise<{ code: number | null, signal: NodeJS.Signals | null }>
  kill: (signal: NodeJS.Signals) => void
}

/**
 * Starts `node dist/server.js` (or `args`, e.g. the CLI's serve) with only the given environment, and waits for its
 * "Server listening at" line.
 */
export async function startServer (t: TestContext, env: Record<string, string>, cwd = ROOT, args = [SERVER]): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const exit = new Promise<{ code: number | null, signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })))
  t.after(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') })
  const logs: Array<Record<string, unknown>> = []
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  // A server that dies before it listens fails the test at once, with everything it printed.
  const output = () => `\n--- stdout ---\n${stdout}--- stderr ---\n${stderr}`
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in ${START_TIMEOUT_MS / 1000} s:${output()}`)), START_TIMEOUT_MS)
    createInterface({ input: child.stdout }).on('line', (line) => {
      stdout += line + '\n'
      const entry = parseLogLine(line)
      if (entry === undefined) return
      logs.push(entry)
      const listening = /^Server listening at (http:\/\/\S+)$/.exec(String(entry.msg))
      if (listening !== null) {
        clearTimeout(timer)
        resolve(listening[1]!)
      }
    })
    // 'close', not 'exit': by then everything the server printed has been read.
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`the server exited with ${code ?? signal} before it listened:${output()}`))
    })
  })
  return { url, logs, stdout: () => stdout, stderr: () => stderr, exit, kill: (signal) => child.kill(signal) }
}

/** A log line as an object; a line that is not JSON (a crash's own output) is kept in stdout only. */
function parseLogLine (line: string): Record<string, unknown> | undefined {
  try {
    const entry: unknown = JSON.parse(line)
    return typeof entry === 'object' && entry !== null ? entry as Record<string, unknown> : undefined
  } catch {
    return undefined
  }
}

/** The first log entry that matches, waiting up to 5 s for it to be written. */
export async function logged (server: Running, match: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    const entry = server.logs.find(match)
    if (entry !== undefined) return entry
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  assert.fail(`no such log line in:\n${server.stdout()}`)
}

/** Runs `workspace-records token` with only the given environment. */
export async function tokenCli (args: string[], env: Record<string, string>, cwd = ROOT) {
  return await cli(['token', ...args], env, cwd)
}

/** Runs `workspace-records <args>` with only the given environment. */
export async function cli (args: string[], env: Record<string, string>, cwd = ROOT) {
  return await new Promise<{ code: number, stdout: string, stderr: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number((error as { code?: number }).code), stdout, stderr })
    })
  })
}

export async function call (url: string, token: string | undefined, method = 'GET', body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' })
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: res.status, body: await res.json() as Record<string, any> }
}
