import { nowSeconds } from '../../domain/time.js'
import type { ChannelStore } from '../types.js'
import type { Counters, Db } from './database.js'
import { Filters, prefixRange, recordTable } from './record-table.js'
import { toChannel } from '../model/records.js'
import { sqliteTables } from './columns.js'

export function sqliteChannels (db: Db, counters: Counters, blockSize: number): ChannelStore {
  const detachActivities = db.prepare(`UPDATE activities SET channel_id = NULL, updated_at = ?
    WHERE workspace_id = ? AND channel_id = ?`)
  const table = recordTable(db, counters, blockSize, {
    ...sqliteTables.channels,
    // Its activities stay, without a channel.
    beforeDelete: (row) => detachActivities.run(nowSeconds(), row.workspace_id, row.id),
    toRecord: toChannel
  })

  return {
    ...table.operations,
    async list (workspaceId, query) {
      const filters = new Filters()
      if (query.q !== undefined) filters.add(...prefixRange('name_key', 'q', query.q))
      if (query.source !== undefined) filters.add('source = @source', { source: query.source }, ['createdAt'])
      return table.list(workspaceId, {
        ...filters,
        orderBy: filters.orderBy('-createdAt', { createdAt: 'created_at' }),
        counted: 'desc',
        page: query.page,
        pageSize: query.pageSize
      })
    }
  }
}
