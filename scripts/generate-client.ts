// Writes src/client/openapi.ts, the typed client's types, from the OpenAPI document the app serves now:
// `npm run client:generate` after any change to a route or its schemas (test/client.test.ts fails until then).
// The app is built as production builds it, on an in-memory SQLite store; it never listens.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { openSqliteStore } from '../src/store/sqlite/index.js'

export const CLIENT_TYPES_PATH = fileURLToPath(new URL('../src/client/openapi.ts', import.meta.url))

const HEADER = `// Generated from GET /openapi.json by \`npm run client:generate\` (scripts/generate-client.ts, openapi-typescript).
// Do not edit: change the route schemas and run the script again.

`

/** GET /openapi.json of the app as production builds it. */
async function liveDocument (): Promise<OpenAPI3> {
  const store = await openSqliteStore(':memory:', { synchronous: 'normal' })
  try {
    // No request is authenticated: the key is there only because buildApp needs one.
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), store, jwtSecret: 'x'.repeat(32) })
    try {
      return (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenAPI3
    } finally {
      await app.close()
    }
  } finally {
    await store.close()
  }
}

/** The text src/client/openapi.ts must have. */
export async function clientTypes (): Promise<string> {
  return HEADER + astToString(await openapiTS(await liveDocument(), { silent: true })) + '\n'
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CLIENT_TYPES_PATH, await clientTypes())
  console.log(`wrote ${CLIENT_TYPES_PATH}`)
}
