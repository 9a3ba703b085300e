import type { ActivityPatch } from '../../schemas/activities.js'
import { activityWeight, gainsByMember } from '../../domain/engagement.js'
import { nowSeconds } from '../../domain/time.js'
import { newId } from '../ids.js'
import { checkActivityReferences } from '../model/rules.js'
import { InvalidFieldError, type ActivityInput, type ActivityStore } from '../types.js'
import { writer, type Counters, type Db } from './database.js'
import { recordTable } from './record-table.js'
import { toActivity, type ActivityRow } from '../model/records.js'
import { activities } from '../model/resources.js'
import { ActivityTypeIds } from '../activity-types.js'

export function sqliteActivities (db: Db, counters: Counters, blockSize: number): ActivityStore {
  const types = new ActivityTypeIds()
  const table = recordTable(db, counters, blockSize, activities, toActivity)

  const exists = {
    member: db.prepare('SELECT 1 FROM members WHERE workspace_id = ? AND id = ?').pluck(),
    channel: db.prepare('SELECT 1 FROM channels WHERE workspace_id = ? AND id = ?').pluck(),
    activity: db.prepare('SELECT 1 FROM activities WHERE workspace_id = ? AND id = ?').pluck()
  }
  const selectType = db.prepare('SELECT id FROM activity_types WHERE workspace_id = ? AND key = ?').pluck()
  const insertType = db.prepare('INSERT INTO activity_types (workspace_id, id, key, created_at) VALUES (?, ?, ?, ?)')
  const clearReferences = ['reply_to', 'react_to', 'invite_to'].map((column) => db.prepare(`
    UPDATE activities SET ${column} = NULL, updated_at = ? WHERE workspace_id = ? AND ${column} = ?`))

  // A member's derived fields follow its activities in the same transaction: count and engagement score by
  // atomic increments, first/last activity by min/max over the (workspace_id, member_id, created_at) index.
  const attach = db.prepare(`UPDATE members SET activity_count = activity_count + @n, engagement = engagement + @weight,
      first_activity = min(coalesce(first_activity, @first), @first), last_activity = max(coalesce(last_activity, @last), @last)
    WHERE workspace_id = @workspace_id AND id = @member_id`)
  const detach = db.prepare(`UPDATE members SET activity_count = activity_count - 1,
      engagement = CASE WHEN activity_count = 1 THEN 0 ELSE engagement - @weight END,
      first_activity = (SELECT min(created_at) FROM activities WHERE workspace_id = @workspace_id AND member_id = @member_id),
      last_activity = (SELECT max(created_at) FROM activities WHERE workspace_id = @workspace_id AND member_id = @member_id)
    WHERE workspace_id = @workspace_id AND id = @member_id`)
  /** Each member gains its activities created at `ats` (in the order of `memberIds`); fails as memberId for one that does not exist. */
  const gain = (workspaceId: string, memberIds: readonly string[], ats: readonly number[]): void => {
    for (const [memberId, { n, weight, first, last }] of gainsByMember(memberIds, ats)) {
      if (attach.run({ workspace_id: workspaceId, member_id: memberId, n, weight, first, last }).changes === 0) throw new InvalidFieldError('memberId')
    }
  }
  const lose = (row: ActivityRow) => detach.run({
    workspace_id: row.workspace_id, member_id: row.member_id, weight: activityWeight(row.created_at)
  })

  function checkReferences (workspaceId: string, input: ActivityPatch, self?: string): void {
    if (input.memberId != null && exists.member.get(workspaceId, input.memberId) === undefined) throw new InvalidFieldError('memberId')
    checkActivityReferences(input, self, (kind, id) => exists[kind].get(workspaceId, id) !== undefined)
  }

  // Activity types are per workspace, created on first use of their key.
  function activityTypeId (workspaceId: string, key: string): string {
    const found = types.get(workspaceId, key) ?? selectType.get(workspaceId, key) as string | undefined
    if (found !== undefined) return found
    const id = newId()
    insertType.run(workspaceId, id, key, nowSeconds())
    return id
  }

  /**
   * New activities: each member's counts move once, first (no row changed means no such member: its own check
   * saved), then each input's references are checked and its type found, then the rows go in.
   */
  function insertAll (workspaceId: string, inputs: readonly ActivityInput[]): ActivityRow[] {
    const now = nowSeconds()
    const ats = inputs.map((input) => input.createdAt ?? now)
    gain(workspaceId, inputs.map((input) => input.memberId), ats)
    const extras = inputs.map((input, i) => {
      checkReferences(workspaceId, { ...input, memberId: undefined })
      return { activity_type_id: activityTypeId(workspaceId, input.activityTypeKey), created_at: ats[i], updated_at: now }
    })
    return table.insertRows(workspaceId, inputs, extras)
  }
  const write = writer(db)
  const create = db.transaction((workspaceId: string, input: ActivityInput) => insertAll(workspaceId, [input])[0]!)
  const createMany = db.transaction(insertAll)

  const update = db.transaction((workspaceId: string, id: string, input: ActivityPatch): ActivityRow | undefined => {
    const row = table.find(workspaceId, id)
    if (row === undefined) return undefined
    checkReferences(workspaceId, input, id)
    const extra = input.activityTypeKey === undefined
      ? {}
      : { activity_type_id: activityTypeId(workspaceId, input.activityTypeKey) }
    const next = table.patchRow(row, input, extra)
    if (next.member_id !== row.member_id) {
      lose(row)
      gain(workspaceId, [next.member_id], [next.created_at])
    }
    return next
  })

  const remove = db.transaction((workspaceId: string, id: string): boolean => {
    const row = table.find(workspaceId, id)
    if (row === undefined) return false
    const now = nowSeconds()
    for (const statement of clearReferences) statement.run(now, workspaceId, id)
    table.deleteRow(row)
    lose(row)
    return true
  })

  return {
    get: table.operations.get,
    async create (workspaceId, input) {
      const row = await write(() => create(workspaceId, input))
      types.remember(workspaceId, [row], [input])
      return toActivity(row)
    },
    async createMany (workspaceId, inputs) {
      const rows = await write(() => createMany(workspaceId, inputs))
      types.remember(workspaceId, rows, inputs)
      return rows.map((row) => row.id)
    },
    async update (workspaceId, id, input) {
      const row = await write(() => update(workspaceId, id, input))
      if (row !== undefined) types.remember(workspaceId, [row], [input])
      return row && toActivity(row)
    },
    async remove (workspaceId, id) {
      return await write(() => remove(workspaceId, id))
    },
    list: table.operations.list
  }
}
