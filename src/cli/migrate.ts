// npm run migrate: brings the schema of DATABASE_URL (SQLite or PostgreSQL) up to date, then exits.
// Opening a store applies its pending migrations, so this opens one and closes it; the server does the same at start.
import { ConfigError, loadConfig } from '../config.js'
import { openStore } from '../store/index.js'

async function main (): Promise<void> {
  const config = loadConfig()
  const store = await openStore(config.database)
  await store.close()
  process.stdout.write('schema is up to date\n')
}

main().catch((error: unknown) => {
  const prefix = error instanceof ConfigError ? 'configuration error' : 'migration failed'
  process.stderr.write(`${prefix}: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
