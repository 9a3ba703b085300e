import type { ChannelListQuery } from '../../schemas/channels.js'
import { nowSeconds } from '../../domain/time.js'
import type { ChannelStore } from '../types.js'
import type { Counters, Db } from './database.js'
import { Filters, prefixRange, recordTable } from './record-table.js'
import { toChannel } from '../rows.js'
import { sqliteTables } from './columns.js'

export function sqliteChannels (db: Db, counters: Counters): ChannelStore {
  const table = recordTable(db, counters, {
    ...sqliteTables.channels,
    toRecord: toChannel
  })

  const detachActivities = db.prepare(`UPDATE activities SET channel_id = NULL, updated_at = ?
    WHERE workspace_id = ? AND channel_id = ?`)
  const remove = db.transaction((workspaceId: string, id: string): boolean => {
    const row = table.find(workspaceId, id)
    if (row === undefined) return false
    detachActivities.run(nowSeconds(), workspaceId, id)
    table.deleteRow(row)
    return true
  })

  return {
    get: table.get,
    create: table.create,
    update: table.update,
    async remove (workspaceId, id) {
      return remove.immediate(workspaceId, id)
    },
    async list (workspaceId, query: ChannelListQuery) {
      const filters = new Filters()
      if (query.q !== undefined) filters.add(...prefixRange('name_key', 'q', query.q.toLowerCase()))
      if (query.source !== undefined) filters.add('source = @source', { source: query.source }, ['createdAt'])
      return table.list(workspaceId, {
        ...filters,
        orderBy: filters.orderBy('-createdAt', { createdAt: 'created_at' }),
        page: query.page,
        pageSize: query.pageSize
      })
    }
  }
}
