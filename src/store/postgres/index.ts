import type { Store } from '../types.js'
import { postgresActivities } from './activities.js'
import { admit, connect, counters, statement, type PostgresOptions } from './database.js'
import { postgresMembers } from './members.js'
import { migrate } from './migrate.js'
import { BLOCK_SIZE } from '../counted-index.js'
import { recordTable } from './record-table.js'
import { channels, companies } from '../model/resources.js'
import { toChannel, toCompany } from '../model/records.js'

/** Connects a pool to `url`, brings the schema up to date, and returns the store on that pool. */
export async function openPostgresStore (url: string, options: PostgresOptions): Promise<Store> {
  const pool = connect(url, options)
  try {
    await migrate(pool)
  } catch (error) {
    await pool.end({ timeout: 1 })
    throw error
  }
  admit(pool, options)
  const counts = counters()
  const blockSize = options.listBlockSize ?? BLOCK_SIZE
  return {
    companies: recordTable(pool, counts, blockSize, companies, toCompany).operations,
    members: postgresMembers(pool, counts, blockSize),
    activities: postgresActivities(pool, counts, blockSize),
    channels: recordTable(pool, counts, blockSize, channels, toChannel).operations,
    async ping () {
      await statement('SELECT 1')(pool)
    },
    async close () {
      // In-flight queries get a few seconds to finish; then their connections are closed.
      await pool.end({ timeout: 5 })
    }
  }
}
