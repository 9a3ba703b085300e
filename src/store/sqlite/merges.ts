import type { Clock } from '../../domain/time.js'
import { newId } from '../ids.js'
import { PURGE_BATCH, purgeAll } from '../idempotency.js'
import { activities } from '../model/resources.js'
import { checkMerge, digestOf, MERGE_UNDO_SECONDS, mergedRow, OWN_COLUMNS, restoredKept, stale, stateOf, toMerge, undoable, type MergeRow, type MergeState } from '../model/merge.js'
import { NO_CHANNEL } from '../model/engagement.js'
import type { ActivityRow, MemberRow } from '../model/records.js'
import type { Member, MergeStore } from '../types.js'
import { writer, type Db } from './database.js'
import type { recordTable } from './record-table.js'

// Member merges on SQLite (the rules: model/merge.ts): a merge or an undo is one transaction of the writer.

type MemberTable = Pick<ReturnType<typeof recordTable<MemberRow, MemberRow>>, 'find' | 'writeRow' | 'restoreRow' | 'deleteRow'>

/**
 * What an erasure does beyond deleting the member: the merges that hold a copy of it, or of a member merged into it
 * (and so on), keep only their ids; the kept answers of Idempotency-Keys that name any of those members are deleted.
 * Runs inside the member's delete.
 */
export function sqliteErasure (db: Db) {
  const mergesOf = db.prepare(`SELECT id, member_id, merged_member_id FROM member_merges
    WHERE workspace_id = @workspace_id AND (member_id = @member_id OR merged_member_id = @member_id)`)
  const erase = db.prepare('UPDATE member_merges SET state = NULL WHERE workspace_id = ? AND id = ?')
  const dropAnswers = db.prepare('DELETE FROM idempotency_keys WHERE workspace_id = ? AND instr(body, ?) > 0')
  return (workspaceId: string, memberId: string): void => {
    const erased = new Set([memberId])
    for (const id of erased) {
      for (const merge of mergesOf.all({ workspace_id: workspaceId, member_id: id }) as MergeRow[]) {
        erase.run(workspaceId, merge.id)
        erased.add(merge.member_id).add(merge.merged_member_id)
      }
    }
    for (const id of erased) dropAnswers.run(workspaceId, id)
  }
}

export function sqliteMerges (db: Db, clock: Clock, table: MemberTable, recordsOf: (rows: readonly MemberRow[], now: number) => Member[]): MergeStore {
  const activityColumns = activities.columns.join(', ')
  const activitiesOf = db.prepare(`SELECT ${activityColumns} FROM activities WHERE workspace_id = ? AND member_id = ? ORDER BY created_at, id`)
  const activitiesIn = db.prepare(`SELECT ${activityColumns} FROM activities WHERE workspace_id = ? AND id IN (SELECT value FROM json_each(?))`)
  const moveAll = db.prepare('UPDATE activities SET member_id = ?, updated_at = ? WHERE workspace_id = ? AND member_id = ?')
  const moveBack = db.prepare('UPDATE activities SET member_id = ?, updated_at = ? WHERE workspace_id = ? AND id = ?')
  const dropDays = db.prepare('DELETE FROM member_activity_days WHERE workspace_id = ? AND member_id = ?')
  const countDays = db.prepare(`INSERT INTO member_activity_days (workspace_id, member_id, day, activity_type_id, channel_id, activities)
    SELECT workspace_id, member_id, created_at / 86400, activity_type_id, coalesce(channel_id, '${NO_CHANNEL}'), count(*)
    FROM activities WHERE workspace_id = ? AND member_id = ? GROUP BY 3, 4, 5`)
  const derive = db.prepare(`UPDATE members SET (activity_count, first_activity, last_activity) = (
      SELECT count(*), min(created_at), max(created_at) FROM activities WHERE workspace_id = @workspace_id AND member_id = @id),
      pulse_until = CASE WHEN excluded = 1 THEN pulse_until ELSE 0 END
    WHERE workspace_id = @workspace_id AND id = @id`)
  const insertMerge = db.prepare(`INSERT INTO member_merges (workspace_id, id, member_id, merged_member_id, created_at, state)
    VALUES (@workspace_id, @id, @member_id, @merged_member_id, @created_at, @state)`)
  const selectMerge = db.prepare('SELECT * FROM member_merges WHERE workspace_id = ? AND id = ?')
  const laterMerge = db.prepare(`SELECT 1 FROM member_merges WHERE workspace_id = @workspace_id AND member_id = @member_id
    AND (created_at, id) > (@created_at, @id)`).pluck()
  const companyExists = db.prepare('SELECT 1 FROM companies WHERE workspace_id = ? AND id = ?').pluck()
  const deleteMerge = db.prepare('DELETE FROM member_merges WHERE workspace_id = ? AND id = ?')
  const expireBatch = db.prepare(`UPDATE member_merges SET state = NULL WHERE rowid IN (
    SELECT rowid FROM member_merges WHERE state IS NOT NULL AND created_at < ? LIMIT ${PURGE_BATCH})`)

  /** A member's daily counts and derived columns computed again from its activities; its pulse on the next read. */
  function recount (workspaceId: string, memberId: string): void {
    dropDays.run(workspaceId, memberId)
    countDays.run(workspaceId, memberId)
    derive.run({ workspace_id: workspaceId, id: memberId })
  }

  const merge = db.transaction((workspaceId: string, keptId: string, mergedId: string) => {
    const kept = table.find(workspaceId, keptId)
    if (kept === undefined) return undefined
    const merged = table.find(workspaceId, mergedId)
    checkMerge(keptId, merged, mergedId)
    const now = clock()
    const moved = (activitiesOf.all(workspaceId, mergedId) as ActivityRow[])
      .map((row) => [row.id, row.updated_at, digestOf({ ...row, member_id: keptId, updated_at: now })] as const)
    moveAll.run(keptId, now, workspaceId, mergedId)
    dropDays.run(workspaceId, mergedId)
    table.deleteRow(merged)
    const next = mergedRow(kept, merged, now)
    table.writeRow(next, kept)
    recount(workspaceId, keptId)
    const state: MergeState = { kept, merged, keptDigest: digestOf(next, OWN_COLUMNS), moved }
    const row: MergeRow = { workspace_id: workspaceId, id: newId(), member_id: keptId, merged_member_id: mergedId, created_at: now, state: JSON.stringify(state) }
    insertMerge.run(row)
    return { member: recordsOf([table.find(workspaceId, keptId)!], now)[0]!, merge: toMerge(row) }
  })

  const undo = db.transaction((workspaceId: string, mergeId: string): [Member, Member] | undefined => {
    const merge = selectMerge.get(workspaceId, mergeId) as MergeRow | undefined
    if (merge === undefined) return undefined
    const now = clock()
    const stored = stateOf(merge)
    const ids = stored?.moved.map(([id]) => id) ?? []
    const kept = table.find(workspaceId, merge.member_id)
    const state = undoable({
      merge,
      state: stored,
      now,
      kept,
      mergedAgain: laterMerge.get({ workspace_id: workspaceId, member_id: merge.member_id, created_at: merge.created_at, id: merge.id }) !== undefined,
      activities: new Map((activitiesIn.all(workspaceId, JSON.stringify(ids)) as ActivityRow[]).map((row) => [row.id, row])),
      companyExists: stored?.merged.company_id == null || companyExists.get(workspaceId, stored.merged.company_id) !== undefined
    })
    table.writeRow(restoredKept(kept!, state.kept), kept!)
    table.restoreRow(stale(state.merged))
    for (const [id, updatedAt] of state.moved) moveBack.run(merge.merged_member_id, updatedAt, workspaceId, id)
    recount(workspaceId, merge.member_id)
    recount(workspaceId, merge.merged_member_id)
    deleteMerge.run(workspaceId, mergeId)
    const rows = [table.find(workspaceId, merge.member_id)!, table.find(workspaceId, merge.merged_member_id)!]
    return recordsOf(rows, now) as [Member, Member]
  })

  const write = writer(db)

  return {
    async merge (workspaceId, memberId, mergedMemberId) {
      return await write(() => merge(workspaceId, memberId, mergedMemberId))
    },
    async get (workspaceId, mergeId) {
      const row = selectMerge.get(workspaceId, mergeId) as MergeRow | undefined
      return row && toMerge(row)
    },
    async undo (workspaceId, mergeId) {
      return await write(() => undo(workspaceId, mergeId))
    },
    async expire () {
      return await purgeAll(async () => await write(() => expireBatch.run(clock() - MERGE_UNDO_SECONDS).changes))
    }
  }
}
