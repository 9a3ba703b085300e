import type { Clock } from '../domain/time.js'
import { isId } from '../domain/uuid.js'
import type { Db, Driver } from './driver.js'
import { newId } from './ids.js'
import { purgeAll } from './idempotency.js'
import { checkMerge, digestOf, MERGE_UNDO_SECONDS, mergedRow, OWN_COLUMNS, restoredKept, stale, stateOf, toMerge, undoable, type MergeRow, type MergeState } from './model/merge.js'
import type { ActivityRow, MemberRow } from './model/records.js'
import type { Member, MergeStore } from './types.js'

// Member merges and their undo (the rules: model/merge.ts), each one transaction. A merge locks both members'
// rows (in id order, as every writer of several members does), an undo its merge's row, then the kept member's
// and the moved activities', so a concurrent write to any of them waits, or is seen (PostgreSQL; SQLite's
// transaction holds the database's write lock).

/** A dialect's statements of merges (each store's sql.ts). */
export interface MergeSql {
  /** The activities of a member ($2), in (created_at, id) order, locked. */
  activitiesOf: string
  /** The activities of these ids ($2), locked. */
  activitiesIn: string
  /** Moves every activity of member $2 to member $3, updated at $4. */
  moveAll: string
  /** Moves activities back to member $2: $3 a JSON array of [id, updated_at]. */
  moveBack: string
  /** A member's ($2) daily counts, from its activities. */
  countDays: string
  /** A member's ($2) derived columns, from its activities; its pulse made stale unless excluded. */
  derive: string
  /** The merge $2, and the same locked. */
  selectMerge: string
  lockMerge: string
  /** 1 when member $2 was merged into after the merge made at $3 with id $4. */
  laterMerge: string
  /** Erases the kept copies of up to PURGE_BATCH merges made before $1. */
  expireBatch: string
}

/** What merges need of the members' table (the dialect's record table, over the transaction). */
export interface MemberRows {
  find: (tx: Db, workspaceId: string, id: string, lock?: boolean) => Promise<MemberRow | undefined>
  writeRow: (tx: Db, next: MemberRow, previous: MemberRow) => Promise<void>
  restoreRow: (tx: Db, row: MemberRow) => Promise<void>
  deleteRow: (tx: Db, row: MemberRow) => Promise<void>
  recordsOf: (tx: Db, rows: readonly MemberRow[], now: number) => Promise<Member[]>
}

export function merges (driver: Driver, sql: MergeSql, clock: Clock, table: MemberRows): MergeStore {
  /** Deletes a member's daily counts. */
  const dropDays = async (tx: Db, workspaceId: string, memberId: string) =>
    await tx.run('DELETE FROM member_activity_days WHERE workspace_id = $1 AND member_id = $2', [workspaceId, memberId])

  /** A member's daily counts and derived columns computed again from its activities; its pulse on the next read. */
  async function recount (tx: Db, workspaceId: string, memberId: string): Promise<void> {
    await dropDays(tx, workspaceId, memberId)
    await tx.run(sql.countDays, [workspaceId, memberId])
    await tx.run(sql.derive, [workspaceId, memberId])
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
      return await driver.transaction(async (tx) => {
        const [kept, merged] = await lockBoth(tx, workspaceId, keptId, mergedId)
        if (kept === undefined) return undefined
        checkMerge(keptId, merged, mergedId)
        const now = clock()
        const moved = (await tx.all<ActivityRow>(sql.activitiesOf, [workspaceId, mergedId]))
          .map((row) => [row.id, row.updated_at, digestOf({ ...row, member_id: keptId, updated_at: now })] as const)
        await tx.run(sql.moveAll, [workspaceId, mergedId, keptId, now])
        await dropDays(tx, workspaceId, mergedId)
        await table.deleteRow(tx, merged)
        const next = mergedRow(kept, merged, now)
        await table.writeRow(tx, next, kept)
        await recount(tx, workspaceId, keptId)
        const state: MergeState = { kept, merged, keptDigest: digestOf(next, OWN_COLUMNS), moved }
        const row: MergeRow = { workspace_id: workspaceId, id: newId(), member_id: keptId, merged_member_id: mergedId, created_at: now, state: JSON.stringify(state) }
        await tx.run(`INSERT INTO member_merges (workspace_id, id, member_id, merged_member_id, created_at, state)
          VALUES ($1, $2, $3, $4, $5, $6)`, [workspaceId, row.id, keptId, mergedId, now, row.state])
        const [member] = await table.recordsOf(tx, [(await table.find(tx, workspaceId, keptId))!], now)
        return { member: member!, merge: toMerge(row) }
      })
    },

    async get (workspaceId, mergeId) {
      if (!isId(workspaceId) || !isId(mergeId)) return undefined
      const [row] = await driver.db.all<MergeRow>(sql.selectMerge, [workspaceId, mergeId])
      return row && toMerge(row)
    },

    async undo (workspaceId, mergeId) {
      if (!isId(workspaceId) || !isId(mergeId)) return undefined
      return await driver.transaction(async (tx): Promise<[Member, Member] | undefined> => {
        const [merge] = await tx.all<MergeRow>(sql.lockMerge, [workspaceId, mergeId])
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
          mergedAgain: (await tx.all(sql.laterMerge, [workspaceId, merge.member_id, merge.created_at, merge.id])).length > 0,
          activities: new Map((await tx.all<ActivityRow>(sql.activitiesIn, [workspaceId, stored?.moved.map(([id]) => id) ?? []])).map((row) => [row.id, row])),
          companyExists: companyId === null ||
            (await tx.all('SELECT 1 FROM companies WHERE workspace_id = $1 AND id = $2', [workspaceId, companyId])).length > 0
        })
        await table.writeRow(tx, restoredKept(kept!, state.kept), kept!)
        await table.restoreRow(tx, stale(state.merged))
        await tx.run(sql.moveBack, [workspaceId, merge.merged_member_id, JSON.stringify(state.moved.map(([id, at]) => [id, at]))])
        await recount(tx, workspaceId, merge.member_id)
        await recount(tx, workspaceId, merge.merged_member_id)
        await tx.run('DELETE FROM member_merges WHERE workspace_id = $1 AND id = $2', [workspaceId, mergeId])
        const rows = [(await table.find(tx, workspaceId, merge.member_id))!, (await table.find(tx, workspaceId, merge.merged_member_id))!]
        return await table.recordsOf(tx, rows, now) as [Member, Member]
      })
    },

    async expire () {
      return await purgeAll(async () => await driver.transaction(async (tx) => await tx.run(sql.expireBatch, [clock() - MERGE_UNDO_SECONDS])))
    }
  }
}
