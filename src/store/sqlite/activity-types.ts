import type { Clock } from '../../domain/time.js'
import { ConflictError, InvalidFieldError, type ActivityTypeStore } from '../types.js'
import { toActivityType, type ActivityTypeRow } from '../model/records.js'
import { activityTypes } from '../model/resources.js'
import { writer, type Counters, type Db } from './database.js'
import type { SqliteEngagement } from './engagement.js'
import { recordTable } from './record-table.js'
import type { Refresher } from '../refresher.js'

/** The activity types' store, and their table for a workspace's transfer. */
export function sqliteActivityTypes (db: Db, counters: Counters, clock: Clock, engagement: SqliteEngagement, refresher: Refresher) {
  const typeByKey = db.prepare('SELECT id FROM activity_types WHERE workspace_id = ? AND key = ?').pluck()
  const channelExists = db.prepare('SELECT 1 FROM channels WHERE workspace_id = ? AND id = ?').pluck()
  const inUse = db.prepare('SELECT 1 FROM activities WHERE workspace_id = ? AND activity_type_id = ? LIMIT 1').pluck()

  const table = recordTable(db, counters, 0, clock, activityTypes, toActivityType, {
    check (row, previous) {
      if (previous === undefined) {
        const existing = typeByKey.get(row.workspace_id, row.key) as string | undefined
        if (existing !== undefined) throw new ConflictError('key', 'is the key of another activity type', existing)
      }
      if (row.channel_points !== previous?.channel_points) {
        JSON.parse(row.channel_points).forEach(({ channelId }: { channelId: string }, i: number) => {
          if (channelExists.get(row.workspace_id, channelId) === undefined) throw new InvalidFieldError(`channelPoints.${i}.channelId`)
        })
      }
      // Points that change move every pulse that counts them: those members are computed anew.
      if (previous !== undefined && (row.points !== previous.points || row.channel_points !== previous.channel_points)) {
        engagement.typeChanging(row.workspace_id, row.id, clock())
      }
    },
    beforeDelete (row) {
      if (inUse.get(row.workspace_id, row.id) !== undefined) throw new ConflictError('id', 'is the type of activities; delete or change them first')
    }
  })
  const write = writer(db)
  const update = db.transaction((workspaceId: string, id: string, input: object) => {
    const row = table.find(workspaceId, id)
    return row && table.patchRow(row, input)
  })

  const store: ActivityTypeStore = {
    ...table.operations,
    async update (workspaceId, id, input) {
      const row = await write(() => update(workspaceId, id, input)) as ActivityTypeRow | undefined
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
