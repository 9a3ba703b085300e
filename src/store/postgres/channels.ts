import type { Channel } from '../../schemas/channels.js'
import { toWireTime } from '../../domain/time.js'
import type { ChannelStore } from '../types.js'
import type { Counters, Pool } from './database.js'
import { recordTable, type BaseRow } from './record-table.js'

interface ChannelRow extends BaseRow {
  external_id: string | null
  name: string
  source: string
}

function toChannel (row: ChannelRow): Channel {
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    source: row.source,
    workspaceId: row.workspace_id,
    createdAt: toWireTime(row.created_at),
    updatedAt: toWireTime(row.updated_at)
  }
}

export function postgresChannels (pool: Pool, counters: Counters): ChannelStore {
  const table = recordTable(pool, counters, {
    table: 'channels',
    counter: 'channels',
    columns: ['workspace_id', 'id', 'external_id', 'name', 'source', 'created_at', 'updated_at'],
    times: [],
    fields: {
      name: ['name'],
      externalId: ['external_id'],
      source: ['source', (value) => value ?? 'Api']
    },
    initial: {},
    toRecord: toChannel
  })
  return { get: table.get, create: table.create, update: table.update }
}
