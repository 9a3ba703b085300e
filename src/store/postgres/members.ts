import { nowSeconds } from '../../domain/time.js'
import type { MemberStore } from '../types.js'
import { checkMember, identity } from '../model/rules.js'
import { existingIds, statement, type Counters, type Pool } from './database.js'
import { recordTable } from './record-table.js'
import { toMember } from '../model/records.js'
import { members } from '../model/resources.js'
import { byKey } from '../counted-index.js'
import { countedIndex } from './counted-index.js'

export function postgresMembers (pool: Pool, counters: Counters, blockSize: number): MemberStore {
  const deleteActivities = statement<{ id: string, at: number }>(`DELETE FROM activities WHERE workspace_id = $1 AND member_id = $2
    RETURNING id, extract(epoch FROM created_at)::float8 AS at`)
  const activityIndex = countedIndex(pool, counters, 'activities', 'activities', blockSize)
  // Other members' activities that pointed at the removed ones keep no dangling reference. This runs after the
  // delete (the references are deferred foreign keys, checked at commit), so a reference another transaction
  // committed meanwhile is cleared too: the delete waited for it, and this statement sees it.
  const clearReferences = statement(`UPDATE activities SET
      reply_to = CASE WHEN reply_to = ANY($2::uuid[]) THEN NULL ELSE reply_to END,
      react_to = CASE WHEN react_to = ANY($2::uuid[]) THEN NULL ELSE react_to END,
      invite_to = CASE WHEN invite_to = ANY($2::uuid[]) THEN NULL ELSE invite_to END,
      updated_at = to_timestamp($3)
    WHERE workspace_id = $1 AND (reply_to = ANY($2::uuid[]) OR react_to = ANY($2::uuid[]) OR invite_to = ANY($2::uuid[]))`)
  // A company deleted after this look-up fails the foreign key at the write instead (mapped to companyId).
  const companiesFound = existingIds('companies')

  return recordTable(pool, counters, blockSize, members, toMember, {
    // By the rule both stores apply, in input order, the companies the rows name looked up first, together.
    check: async (db, rows, previous) => {
      const named = (row: typeof rows[number]) => row.company_id === previous?.company_id ? null : row.company_id
      const found = await companiesFound(db, rows[0]!.workspace_id, rows.map(named))
      for (const row of rows) checkMember(identity(row), named(row), (companyId) => found.has(companyId))
    },
    // Its activities go with it. The member's row lock is taken first (remove reads it FOR UPDATE), as every
    // write that touches its activities takes it first.
    beforeDelete: async (db, row) => {
      const removed = (await deleteActivities(db, row.workspace_id, row.id)).sort(byKey)
      if (removed.length > 0) await clearReferences(db, row.workspace_id, removed.map((activity) => activity.id), nowSeconds())
      await activityIndex.changed(db, row.workspace_id, removed, -1)
      await counters.add(db, row.workspace_id, 'activities', -removed.length)
    }
  }).operations
}
