import type { Store } from '../types.js'
import { sqliteActivities } from './activities.js'
import { startCheckpointer } from './checkpointer.js'
import { counters, gateCommits, openDatabase, type SqliteOptions } from './database.js'
import { sqliteMembers } from './members.js'
import { BLOCK_SIZE } from '../counted-index.js'
import { recordTable } from './record-table.js'
import { channels, companies } from '../model/resources.js'
import { toChannel, toCompany } from '../model/records.js'

export function openSqliteStore (path: string, options: SqliteOptions): Store {
  const db = openDatabase(path, options)
  const counts = counters(db)
  const blockSize = options.listBlockSize ?? BLOCK_SIZE
  const ping = db.prepare('SELECT 1').pluck()
  const checkpointer = path === ':memory:' ? undefined : startCheckpointer(db, path, options.logLimitPages)
  if (checkpointer !== undefined) gateCommits(db, checkpointer.ready)
  return {
    companies: recordTable(db, counts, blockSize, companies, toCompany).operations,
    members: sqliteMembers(db, counts, blockSize),
    activities: sqliteActivities(db, counts, blockSize),
    channels: recordTable(db, counts, blockSize, channels, toChannel).operations,
    async ping () {
      ping.get()
    },
    async close () {
      await checkpointer?.stop()
      if (db.open) db.close()
    }
  }
}
