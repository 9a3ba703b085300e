import { nowSeconds } from '../../domain/time.js'
import type { MemberStore } from '../types.js'
import { checkMember, identity } from '../model/rules.js'
import type { Counters, Db } from './database.js'
import { recordTable } from './record-table.js'
import { toMember } from '../model/records.js'
import { members } from '../model/resources.js'
import type { Boundary } from '../counted-index.js'
import { countedIndex } from './counted-index.js'

export function sqliteMembers (db: Db, counters: Counters, blockSize: number): MemberStore {
  // Other members' activities that point at the removed ones keep no dangling reference.
  const clearReferences = ['reply_to', 'react_to', 'invite_to'].map((column) => db.prepare(`
    UPDATE activities SET ${column} = NULL, updated_at = @now
    WHERE workspace_id = @workspace_id AND ${column} IN (
      SELECT id FROM activities WHERE workspace_id = @workspace_id AND member_id = @member_id)
    AND member_id <> @member_id`))
  const deleteActivities = db.prepare('DELETE FROM activities WHERE workspace_id = ? AND member_id = ?')
  const activityKeys = db.prepare(`SELECT created_at AS at, id FROM activities WHERE workspace_id = ? AND member_id = ?
    ORDER BY created_at, id`)
  const activityIndex = countedIndex(db, counters, 'activities', 'activities', blockSize)
  const companyExists = db.prepare('SELECT 1 FROM companies WHERE workspace_id = ? AND id = ?').pluck()

  return recordTable(db, counters, blockSize, members, toMember, {
    check: (row, previous) => checkMember(identity(row), row.company_id === previous?.company_id ? null : row.company_id,
      (companyId) => companyExists.get(row.workspace_id, companyId) !== undefined),
    // Its activities go with it.
    beforeDelete: (row) => {
      const params = { workspace_id: row.workspace_id, member_id: row.id, now: nowSeconds() }
      for (const statement of clearReferences) statement.run(params)
      const removed = activityKeys.all(row.workspace_id, row.id) as Boundary[]
      counters.add(row.workspace_id, 'activities', -deleteActivities.run(row.workspace_id, row.id).changes)
      activityIndex.removed(row.workspace_id, removed)
    }
  }).operations
}
