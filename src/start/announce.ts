import { readFileSync } from 'node:fs'
import type { Config } from '../config.js'
import { developmentWorkspace, signToken } from '../auth/tokens.js'
import { describeDatabase } from './database.js'

/** The package's version, from its package.json (two levels up from src/start and from dist/start alike). */
export const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

/**
 * The start's log line: what a person needs to use the service and to know where its data is. `address` is the
 * URL the server listens at, `migrations` those this start applied.
 */
export function startLine (config: Readonly<Config>, address: string, migrations: string[]) {
  const { store, data } = describeDatabase(config.database)
  const fields = { version: VERSION, store, data, migrationsApplied: migrations, api: `${address}/v1`, docs: `${address}/docs` }
  const schema = migrations.length === 0 ? 'schema up to date' : `applied migrations ${migrations.join(', ')}`
  return { fields, msg: `workspace-records ${VERSION} serving ${fields.api} (reference: ${fields.docs}) on ${store} ${data}, ${schema}` }
}

/** A listening address as a URL: an IPv6 address in brackets. */
export function urlOf (host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}

/**
 * With no key configured: the development workspace, the log line about it (which never holds a token), and what
 * to tell the person at the terminal: a token for that workspace and a first call. The token goes to stderr and
 * only when stderr is a terminal, so it reaches no log collector (a container's stderr is logged as well).
 */
export async function developmentAccess (config: Readonly<Config>, secret: string, address: string) {
  const workspaceId = developmentWorkspace(config.dataDir)
  const log = {
    fields: { workspaceId, tokenCommand: 'npm run token' },
    msg: `no JWT key is configured: development mode, tokens are signed with the secret in ${config.dataDir}/jwt-secret; ` +
      `\`npm run token\` (or \`workspace-records token\`) prints a token for the development workspace ${workspaceId}`
  }
  if (process.stderr.isTTY !== true) return { log, terminal: undefined }
  const token = await signToken(secret, {
    workspaceId, ttl: '24h', algorithm: config.jwt.algorithms[0]!, issuer: config.jwt.issuer, audience: config.jwt.audience
  })
  const terminal = `\nDevelopment token for workspace ${workspaceId} (valid 24 h; \`npm run token\` prints a fresh one):\n\n` +
    `${token}\n\nTry: curl -H 'Authorization: Bearer ${token}' ${address}/v1/activities\n` +
    `API reference: ${address}/docs\n\n`
  return { log, terminal }
}
