import type { Clock } from '../../domain/time.js'
import { isId } from '../../domain/uuid.js'
import { ConflictError, InvalidFieldError, type ActivityTypeStore } from '../types.js'
import { toActivityType } from '../model/records.js'
import { activityTypes } from '../model/resources.js'
import { existingIds, statement, transaction, type Counters, type Pool } from './database.js'
import type { PostgresEngagement } from './engagement.js'
import { recordTable } from './record-table.js'
import type { Refresher } from '../refresher.js'

/** The activity types' store, and their table for a workspace's transfer. */
export function postgresActivityTypes (pool: Pool, counters: Counters, clock: Clock, engagement: PostgresEngagement,
  refresher: Refresher) {
  const typeByKey = statement<{ id: string }>('SELECT id FROM activity_types WHERE workspace_id = $1 AND key = $2')
  const channelsFound = existingIds('channels')
  const inUse = statement('SELECT 1 FROM activities WHERE workspace_id = $1 AND activity_type_id = $2 LIMIT 1')

  const table = recordTable(pool, counters, 0, clock, activityTypes, toActivityType, {
    async check (db, [row], previous) {
      if (previous === undefined) {
        // A key taken by a concurrent create fails the unique index instead (mapped below).
        const [existing] = await typeByKey(db, row!.workspace_id, row!.key)
        if (existing !== undefined) throw new ConflictError('key', 'is the key of another activity type', existing.id)
      }
      if (row!.channel_points !== previous?.channel_points) {
        const named = (JSON.parse(row!.channel_points) as Array<{ channelId: string }>).map((entry) => entry.channelId)
        const found = await channelsFound(db, row!.workspace_id, named)
        named.forEach((channelId, i) => { if (!found.has(channelId)) throw new InvalidFieldError(`channelPoints.${i}.channelId`) })
      }
      // Points that change move every pulse that counts them: those members are computed anew.
      if (previous !== undefined && (row!.points !== previous.points || row!.channel_points !== previous.channel_points)) {
        await engagement.typeChanging(db, row!.workspace_id, row!.id, clock())
      }
    },
    async beforeDelete (db, row) {
      if ((await inUse(db, row.workspace_id, row.id)).length > 0) {
        throw new ConflictError('id', 'is the type of activities; delete or change them first')
      }
    }
  })

  const store: ActivityTypeStore = {
    ...table.operations,
    async create (workspaceId, input) {
      try {
        return await table.operations.create(workspaceId, input)
      } catch (error) {
        if ((error as { constraint_name?: string }).constraint_name !== 'activity_types_workspace_id_key_key') throw error
        const [existing] = await typeByKey(pool, workspaceId, input.key)
        throw new ConflictError('key', 'is the key of another activity type', existing?.id)
      }
    },
    async update (workspaceId, id, input) {
      if (!isId(workspaceId) || !isId(id)) return undefined
      const row = await transaction(pool, async (tx) => {
        const row = await table.find(tx, workspaceId, id, true)
        return row && await table.patchRow(tx, row, input)
      })
      // Reads are exact from the commit on (the members it staled are computed on read); their pulses are
      // stored again in the background, in batches, rather than keeping the answer waiting for all of them.
      if (row !== undefined) refresher.kick()
      return row && toActivityType(row)
    },
    async list (workspaceId, request) {
      return await table.operations.list(workspaceId, { ...request, sort: 'key' })
    }
  }
  return { store, table }
}
