import { nowSeconds } from '../../domain/time.js'
import type { ChannelStore } from '../types.js'
import { statement, type Counters, type Pool } from './database.js'
import { Filters, recordTable } from './record-table.js'
import { toChannel } from '../model/records.js'
import { postgresTables } from './columns.js'

export function postgresChannels (pool: Pool, counters: Counters, blockSize: number): ChannelStore {
  // The channel's row lock comes first, so no activity can name it meanwhile (the foreign key check waits for
  // the lock, then fails as channelId).
  const detachActivities = statement(`UPDATE activities SET channel_id = NULL, updated_at = to_timestamp($3)
    WHERE workspace_id = $1 AND channel_id = $2`)

  const table = recordTable(pool, counters, blockSize, {
    ...postgresTables.channels,
    times: [],
    beforeDelete: async (db, row) => { await detachActivities(db, row.workspace_id, row.id, nowSeconds()) },
    toRecord: toChannel
  })

  return {
    ...table.operations,
    async list (workspaceId, query) {
      const filters = new Filters()
      if (query.q !== undefined) filters.add(filters.prefix('name_key', query.q, { bounded: true }))
      if (query.source !== undefined) filters.add(`source = ${filters.param(query.source, 'text')}`, ['createdAt'])
      return await table.list(workspaceId, {
        ...filters,
        none: filters.none,
        orderBy: filters.orderBy('-createdAt', { createdAt: { column: 'channels.created_at' } }),
        counted: 'desc',
        page: query.page,
        pageSize: query.pageSize
      })
    }
  }
}
