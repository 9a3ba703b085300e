import type { Command } from 'commander'
import { loadConfig } from '../config.js'
import { describeDatabase, migrationLabel, openDatabase } from '../start/database.js'
import { appliedMigrations } from '../store/maintenance.js'

export function migrateCommand (program: Command): void {
  program.command('migrate')
    .description('bring the database\'s schema up to date, say which migrations were applied to which database, and exit')
    .addHelpText('after', `
The database is DATABASE_URL's (SQLite ./data/records.db when unset); a password in the URL is never printed.
The server applies pending migrations at start too: run this first to migrate as a step of its own (a deploy job).
An unreachable PostgreSQL is retried for DATABASE_CONNECT_TIMEOUT_SECONDS (30 by default).

Examples:
  $ workspace-records migrate
  sqlite data/records.db: applied 0001 initial, 0002 counted list index, 0003 bounded name terms
  $ DATABASE_URL=postgres://app:secret@db/records npm run migrate
  postgres postgres://app:***@db/records: up to date (latest 0003 bounded index keys)`)
    .action(migrate)
}

async function migrate (): Promise<void> {
  const config = loadConfig()
  const { store, data } = describeDatabase(config.database)
  const opened = await openDatabase(config.database, (retry) =>
    process.stderr.write(`cannot reach the database yet (${retry.error}): trying again in ${(retry.inMs / 1000).toFixed(1)} s\n`))
  await opened.store.close()
  if (opened.migrations.length > 0) {
    process.stdout.write(`${store} ${data}: applied ${opened.migrations.join(', ')}\n`)
    return
  }
  const latest = (await appliedMigrations(config.database)).at(-1)
  process.stdout.write(`${store} ${data}: up to date${latest === undefined ? '' : ` (latest ${migrationLabel(latest)})`}\n`)
}
