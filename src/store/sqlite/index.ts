import type { Store } from '../types.js'
import { sqliteActivities } from './activities.js'
import { sqliteChannels } from './channels.js'
import { sqliteCompanies } from './companies.js'
import { counters, openDatabase, type SqliteOptions } from './database.js'
import { sqliteMembers } from './members.js'

export function openSqliteStore (path: string, options: SqliteOptions): Store {
  const db = openDatabase(path, options)
  const counts = counters(db)
  const ping = db.prepare('SELECT 1').pluck()
  return {
    companies: sqliteCompanies(db, counts),
    members: sqliteMembers(db, counts),
    activities: sqliteActivities(db, counts),
    channels: sqliteChannels(db, counts),
    async ping () {
      ping.get()
    },
    async close () {
      if (db.open) db.close()
    }
  }
}
