import type { Clock } from '../../domain/time.js'
import { isId } from '../../domain/uuid.js'
import { newId } from '../ids.js'
import { PURGE_BATCH, purgeAll } from '../idempotency.js'
import { activities } from '../model/resources.js'
import { checkMerge, digestOf, MERGE_UNDO_SECONDS, mergedRow, OWN_COLUMNS, restoredKept, stale, stateOf, toMerge, undoable, type MergeRow, type MergeState } from '../model/merge.js'
import { NO_CHANNEL } from '../model/engagement.js'
import type { ActivityRow, MemberRow } from '../model/records.js'
import type { Member, MergeStore } from '../types.js'
import { statement, transaction, type Db, type Pool } from './database.js'
import type { recordTable } from './record-table.js'

// Member merges on PostgreSQL (the rules: model/merge.ts): a merge or an undo is one transaction. A merge locks
// both members' rows (in id order, as every writer of several members does), an undo its merge's row, then the
// kept member's and the moved activities', so a concurrent write to any of them waits, or is seen.

type MemberTable = Pick<ReturnType<typeof recordTable<MemberRow, MemberRow>>, 'find' | 'writeRow' | 'restoreRow' | 'deleteRow'>

const mergesOf = statement<MergeRow>(`SELECT id, member_id, merged_member_id FROM member_merges
  WHERE workspace_id = $1 AND (member_id = $2 OR merged_member_id = $2)`)
const erase = statement('UPDATE member_merges SET state = NULL WHERE workspace_id = $1 AND id = $2')
const dropAnswers = statement('DELETE FROM idempotency_keys WHERE workspace_id = $1 AND strpos(body, $2) > 0')

/**
 * What an erasure does beyond deleting the member: the merges that hold a copy of it, or of a member merged into it
 * (and so on), keep only their ids; the kept answers of Idempotency-Keys that name any of those members are deleted.
 * Runs inside the member's delete.
 */
export async function eraseCopies (db: Db, workspaceId: string, memberId: string): Promise<void> {
  const erased = new Set([memberId])
  for (const id of erased) {
    for (const merge of await mergesOf(db, workspaceId, id)) {
      await erase(db, workspaceId, merge.id)
      erased.add(merge.member_id).add(merge.merged_member_id)
    }
  }
  for (const id of erased) await dropAnswers(db, workspaceId, id)
}

const activityColumns = activities.columns.map((c) => c === 'created_at' || c === 'updated_at' ? `extract(epoch FROM ${c})::float8 AS ${c}` : c).join(', ')
const activitiesOf = statement<ActivityRow>(`SELECT ${activityColumns} FROM activities WHERE workspace_id = $1 AND member_id = $2
  ORDER BY created_at, id FOR UPDATE`)
const activitiesIn = statement<ActivityRow>(`SELECT ${activityColumns} FROM activities WHERE workspace_id = $1 AND id = ANY($2::uuid[])
  ORDER BY id FOR UPDATE`)
const moveAll = statement('UPDATE activities SET member_id = $3, updated_at = to_timestamp($4) WHERE workspace_id = $1 AND member_id = $2')
const moveBack = statement(`UPDATE activities a SET member_id = $2, updated_at = to_timestamp(m.at)
  FROM unnest($3::uuid[], $4::float8[]) AS m (id, at) WHERE a.workspace_id = $1 AND a.id = ANY($3::uuid[]) AND a.id = m.id`)
const dropDays = statement('DELETE FROM member_activity_days WHERE workspace_id = $1 AND member_id = $2')
const countDays = statement(`INSERT INTO member_activity_days (workspace_id, member_id, day, activity_type_id, channel_id, activities)
  SELECT workspace_id, member_id, floor(extract(epoch FROM created_at) / 86400)::int4, activity_type_id,
    coalesce(channel_id, '${NO_CHANNEL}'::uuid), count(*)
  FROM activities WHERE workspace_id = $1 AND member_id = $2 GROUP BY 1, 2, 3, 4, 5`)
const derive = statement(`UPDATE members m SET activity_count = a.n, first_activity = a.first, last_activity = a.last,
    pulse_until = CASE WHEN m.excluded = 1 THEN m.pulse_until ELSE 0 END
  FROM (SELECT count(*) AS n, min(created_at) AS first, max(created_at) AS last FROM activities WHERE workspace_id = $1 AND member_id = $2) AS a
  WHERE m.workspace_id = $1 AND m.id = $2`)
const insertMerge = statement(`INSERT INTO member_merges (workspace_id, id, member_id, merged_member_id, created_at, state)
  VALUES ($1, $2, $3, $4, $5, $6)`)
const selectMerge = statement<MergeRow>(`SELECT workspace_id, id, member_id, merged_member_id, created_at::float8 AS created_at, state
  FROM member_merges WHERE workspace_id = $1 AND id = $2`)
const lockMerge = statement<MergeRow>(`SELECT workspace_id, id, member_id, merged_member_id, created_at::float8 AS created_at, state
  FROM member_merges WHERE workspace_id = $1 AND id = $2 FOR UPDATE`)
const laterMerge = statement(`SELECT 1 FROM member_merges WHERE workspace_id = $1 AND member_id = $2
  AND (created_at, id) > ($3::bigint, $4::uuid) LIMIT 1`)
const companyExists = statement('SELECT 1 FROM companies WHERE workspace_id = $1 AND id = $2')
const deleteMerge = statement('DELETE FROM member_merges WHERE workspace_id = $1 AND id = $2')
const expireBatch = statement<{ n: number }>(`WITH gone AS (UPDATE member_merges SET state = NULL WHERE (workspace_id, id) IN (
    SELECT workspace_id, id FROM member_merges WHERE state IS NOT NULL AND created_at < $1 LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)
  RETURNING 1) SELECT count(*)::int AS n FROM gone`)

export function postgresMerges (pool: Pool, clock: Clock, table: MemberTable,
  recordsOf: (db: Db, rows: readonly MemberRow[], now: number) => Promise<Member[]>): MergeStore {
  /** A member's daily counts and derived columns computed again from its activities; its pulse on the next read. */
  async function recount (db: Db, workspaceId: string, memberId: string): Promise<void> {
    await dropDays(db, workspaceId, memberId)
    await countDays(db, workspaceId, memberId)
    await derive(db, workspaceId, memberId)
  }

  /** The two members' rows, locked in id order. */
  async function lockBoth (tx: Db, workspaceId: string, a: string, b: string): Promise<[MemberRow | undefined, MemberRow | undefined]> {
    if (a > b) return (await lockBoth(tx, workspaceId, b, a)).reverse() as [MemberRow | undefined, MemberRow | undefined]
    const first = await table.find(tx, workspaceId, a, true)
    return [first, a === b ? first : await table.find(tx, workspaceId, b, true)]
  }

  return {
    async merge (workspaceId, keptId, mergedId) {
      if (!isId(workspaceId) || !isId(keptId)) return undefined
      return await transaction(pool, async (tx) => {
        const [kept, merged] = await lockBoth(tx, workspaceId, keptId, mergedId)
        if (kept === undefined) return undefined
        checkMerge(keptId, merged, mergedId)
        const now = clock()
        const moved = (await activitiesOf(tx, workspaceId, mergedId))
          .map((row) => [row.id, row.updated_at, digestOf({ ...row, member_id: keptId, updated_at: now })] as const)
        await moveAll(tx, workspaceId, mergedId, keptId, now)
        await dropDays(tx, workspaceId, mergedId)
        await table.deleteRow(tx, merged)
        const next = mergedRow(kept, merged, now)
        await table.writeRow(tx, next, kept)
        await recount(tx, workspaceId, keptId)
        const state: MergeState = { kept, merged, keptDigest: digestOf(next, OWN_COLUMNS), moved }
        const row: MergeRow = { workspace_id: workspaceId, id: newId(), member_id: keptId, merged_member_id: mergedId, created_at: now, state: JSON.stringify(state) }
        await insertMerge(tx, workspaceId, row.id, keptId, mergedId, now, row.state)
        const [member] = await recordsOf(tx, [(await table.find(tx, workspaceId, keptId))!], now)
        return { member: member!, merge: toMerge(row) }
      })
    },

    async get (workspaceId, mergeId) {
      if (!isId(workspaceId) || !isId(mergeId)) return undefined
      const [row] = await selectMerge(pool, workspaceId, mergeId)
      return row && toMerge(row)
    },

    async undo (workspaceId, mergeId) {
      if (!isId(workspaceId) || !isId(mergeId)) return undefined
      return await transaction(pool, async (tx): Promise<[Member, Member] | undefined> => {
        const [merge] = await lockMerge(tx, workspaceId, mergeId)
        if (merge === undefined) return undefined
        const now = clock()
        const stored = stateOf(merge)
        const kept = await table.find(tx, workspaceId, merge.member_id, true)
        const companyId = stored?.merged.company_id ?? null
        const state = undoable({
          merge,
          state: stored,
          now,
          kept,
          mergedAgain: (await laterMerge(tx, workspaceId, merge.member_id, merge.created_at, merge.id)).length > 0,
          activities: new Map((await activitiesIn(tx, workspaceId, stored?.moved.map(([id]) => id) ?? [])).map((row) => [row.id, row])),
          companyExists: companyId === null || (await companyExists(tx, workspaceId, companyId)).length > 0
        })
        await table.writeRow(tx, restoredKept(kept!, state.kept), kept!)
        await table.restoreRow(tx, stale(state.merged))
        await moveBack(tx, workspaceId, merge.merged_member_id, state.moved.map(([id]) => id), state.moved.map(([, at]) => at))
        await recount(tx, workspaceId, merge.member_id)
        await recount(tx, workspaceId, merge.merged_member_id)
        await deleteMerge(tx, workspaceId, mergeId)
        const rows = [(await table.find(tx, workspaceId, merge.member_id))!, (await table.find(tx, workspaceId, merge.merged_member_id))!]
        return await recordsOf(tx, rows, now) as [Member, Member]
      })
    },

    async expire () {
      return await purgeAll(async () => (await transaction(pool, async (tx) => await expireBatch(tx, clock() - MERGE_UNDO_SECONDS)))[0]?.n ?? 0)
    }
  }
}
