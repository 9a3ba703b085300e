import { existsSync, realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { loadConfig } from '../config.js'
import { backupSqlite } from '../store/maintenance.js'
import { UsageError } from './usage-error.js'

export function backupCommand (program: Command): void {
  program.command('backup')
    .description('copy the SQLite database, consistently, while the service runs')
    .argument('<path>', 'where to write the copy (a backup already there is replaced once the new one is complete)')
    .addHelpText('after', `
Uses SQLite's online backup: the service goes on reading and writing meanwhile, and the copy is the database as
of one moment. Restore by stopping the service and putting the copy in place of the database file (and deleting
its -wal and -shm files). Keep ./data/jwt-secret as well when tokens are signed with the development secret.
On PostgreSQL this command refuses: use pg_dump (docs/running.md).

Examples:
  $ workspace-records backup backups/records-$(date +%F).db
  $ DATABASE_URL=file:/var/lib/records/records.db workspace-records backup /mnt/backup/records.db`)
    .action(backup)
}

async function backup (path: string): Promise<void> {
  const { database } = loadConfig()
  if (database.kind !== 'sqlite') {
    throw new UsageError('backup copies a SQLite database, and DATABASE_URL is PostgreSQL: back it up with pg_dump, e.g. ' +
      'pg_dump --format=custom --file=records.dump "$DATABASE_URL" (docs/running.md)')
  }
  if (!existsSync(database.path)) throw new UsageError(`there is no SQLite database at ${database.path} (DATABASE_URL)`)
  const live = realpathSync(database.path)
  const target = existsSync(path) ? realpathSync(path) : resolve(path)
  if ([live, `${live}-wal`, `${live}-shm`].includes(target)) throw new UsageError('the backup must not overwrite the database it copies')
  const { pages } = await backupSqlite(database.path, path)
  process.stdout.write(`backed up sqlite ${database.path} to ${path} (${pages} pages)\n`)
}
