import { levelOf } from '../../domain/engagement.js'
import type { Clock } from '../../domain/time.js'
import type { MemberListFilter, MemberStore } from '../types.js'
import { checkMember, identity } from '../model/rules.js'
import { beforeEachCommit, type Counters, type Db } from './database.js'
import { recordTable } from './record-table.js'
import { toMember, type MemberRow } from '../model/records.js'
import type { MergeRow } from '../model/merge.js'
import { members } from '../model/resources.js'
import type { Boundary } from '../counted-index.js'
import { countedIndex } from './counted-index.js'
import { exactWindow, isByPulse, mergedPage, pulseList } from '../model/engagement.js'
import type { SqliteEngagement } from './engagement.js'
import { DUPLICATES_LIMIT, strongestFirst, type KeyMatch } from '../../domain/identity.js'
import { companyKeys, duplicatesOf, keysOfRow } from '../model/duplicates.js'
import { sqlitePulseBlocks } from './pulse-blocks.js'
import { exactOfStored, isWholePulseOrder } from '../model/pulse-order.js'
import { batchDomains, batchEmails, judgeMembers, mayBeIndependentMembers, outcomesOf, updatedIds, writtenOf } from '../model/member-bulk.js'
import type { sqliteIdentity } from './identity.js'

/** What a bulk write of members needs of the companies (sqlite/identity.ts memberBatch). */
type MemberBatchCompanies = ReturnType<ReturnType<typeof sqliteIdentity>['memberBatch']>

/**
 * The first members of one identity key (workspace, kind, key, the member asked about), newest first: a range of
 * the key's index, walked backwards (test/store/member-keys.test.ts checks the plan).
 */
export const KEY_MATCHES = `SELECT member_id AS memberId, created_at AS createdAt FROM member_keys
  WHERE workspace_id = ? AND kind = ? AND key = ? AND member_id <> ? ORDER BY created_at DESC, member_id DESC LIMIT ${DUPLICATES_LIMIT}`

/** The members' store, and their table for the activities' writes that name a member by email. */
export function sqliteMembers (db: Db, counters: Counters, blockSize: number, clock: Clock, engagement: SqliteEngagement,
  attachCompany: (row: MemberRow, previous: MemberRow | undefined, input: object) => void, eraseCompany: (row: MemberRow) => void,
  companies: MemberBatchCompanies) {
  // Other members' activities that point at the removed ones keep no dangling reference.
  const clearReferences = ['reply_to', 'react_to', 'invite_to'].map((column) => db.prepare(`
    UPDATE activities SET ${column} = NULL, updated_at = @now
    WHERE workspace_id = @workspace_id AND ${column} IN (
      SELECT id FROM activities WHERE workspace_id = @workspace_id AND member_id = @member_id)
    AND member_id <> @member_id`))
  const deleteActivities = db.prepare('DELETE FROM activities WHERE workspace_id = ? AND member_id = ?')
  const deleteDays = db.prepare('DELETE FROM member_activity_days WHERE workspace_id = ? AND member_id = ?')
  const activityKeys = db.prepare(`SELECT created_at AS at, id FROM activities WHERE workspace_id = ? AND member_id = ?
    ORDER BY created_at, id`)
  const activityIndex = countedIndex(db, counters, 'activities', 'activities', blockSize)
  const companyExists = db.prepare('SELECT 1 FROM companies WHERE workspace_id = ? AND id = ?').pluck()
  const keyMatches = db.prepare(KEY_MATCHES)
  const clearCompanyKeys = db.prepare('DELETE FROM member_keys WHERE workspace_id = ? AND kind = \'nameAndCompany\' AND key >= ? AND key < ?')
  const erase = sqliteErasure(db)
  const pulseBlocks = sqlitePulseBlocks(db, blockSize, members.columns.join(', '))
  beforeEachCommit(db, pulseBlocks.onCommit)

  const table = recordTable(db, counters, blockSize, clock, members, (row) => row, {
    check: (row, previous) => checkMember(identity(row), row.company_id === previous?.company_id ? null : row.company_id,
      (companyId) => companyExists.get(row.workspace_id, companyId) !== undefined),
    // The company of its email's domain (docs/identity.md).
    complete: attachCompany,
    // A batch of new distinct emails, or of re-imports, judged for all at once (model/member-bulk.ts).
    putBatch: (workspaceId, inputs) => {
      if (!mayBeIndependentMembers(inputs)) return undefined
      const holders = table.holders(workspaceId, batchEmails(inputs))
      const batch = judgeMembers(workspaceId, inputs, {
        holders,
        rows: table.findMany(workspaceId, updatedIds(inputs, holders)),
        companies: companies.companiesOf(workspaceId, batchDomains(inputs)),
        settings: companies.settings(workspaceId)
      }, clock())
      if (batch === undefined) return undefined
      companies.make(workspaceId, batch)
      table.writeChecked(workspaceId, writtenOf(batch))
      return outcomesOf(batch)
    },
    // Its activities go with it, and every copy of its data (an erasure).
    beforeDelete: (row) => {
      erase(row.workspace_id, row.id)
      const params = { workspace_id: row.workspace_id, member_id: row.id, now: clock() }
      for (const statement of clearReferences) statement.run(params)
      const removed = activityKeys.all(row.workspace_id, row.id) as Boundary[]
      counters.add(row.workspace_id, 'activities', -deleteActivities.run(row.workspace_id, row.id).changes)
      deleteDays.run(row.workspace_id, row.id)
      activityIndex.removed(row.workspace_id, removed)
      eraseCompany(row)
    }
  })

  /** The records of rows at `now`: each pulse exact (computed for a stale row), each level on the workspace's thresholds. */
  function recordsOf (rows: readonly MemberRow[], now: number) {
    if (rows.length === 0) return []
    const thresholds = engagement.thresholds(rows[0]!.workspace_id)
    return rows.map((row) => {
      const pulse = engagement.pulseAt(row, now)
      return toMember(row, pulse, levelOf(pulse, thresholds))
    })
  }

  /**
   * A list whose order or filter is pulse: the members whose stored pulse is exact come from the index on it,
   * the stale ones that match the other filters are computed and merged in (model/engagement.ts).
   */
  const listByPulse = db.transaction((workspaceId: string, request: MemberListFilter, now: number) => {
    const list = pulseList(request, engagement.thresholds(workspaceId), now)
    const staleRows = table.rowsOf(workspaceId, table.listQuery(list.stale), 0, -1)
    const stale = list.staleInList(staleRows, staleRows.map((row) => engagement.pulseAt(row, now)))
    const exactQuery = table.listQuery(list.exact)
    const whole = list.all === undefined ? undefined : table.listQuery(list.all)
    const total = whole === undefined ? table.totalOf(workspaceId, exactQuery) + stale.length : table.totalOf(workspaceId, whole)
    if ((request.page - 1) * request.pageSize >= total) return { total, items: [] }
    const { offset, limit } = exactWindow(stale, request.page, request.pageSize)
    // The whole list by pulse: its exact rows from the counted blocks of the stored order, at any depth.
    const { exact, from } = isWholePulseOrder(request, whole)
      ? exactOfStored(pulseBlocks.rows(workspaceId, offset, limit + staleRows.length, request.sort === '-pulse').map((row) => table.decode(row as MemberRow)!),
        staleRows, offset, now, list.order)
      : { exact: table.rowsOf(workspaceId, exactQuery, offset, limit), from: offset }
    return { total, items: recordsOf(mergedPage(stale, exact, from, request.page, request.pageSize, list.order), now) }
  })
  const list = db.transaction((workspaceId: string, request: MemberListFilter, now: number) => {
    const page = table.listRows(workspaceId, table.listQuery(request))
    return { total: page.total, items: recordsOf(page.items, now) }
  })

  // The row and the counts its pulse may be computed from, in one snapshot.
  const get = db.transaction((workspaceId: string, id: string, now: number) => {
    const row = table.find(workspaceId, id)
    return row && recordsOf([row], now)[0]
  })

  // The member, the matches of each of its keys and the rows they name, in one snapshot.
  const duplicates = db.transaction((workspaceId: string, id: string, now: number) => {
    const me = table.find(workspaceId, id)
    if (me === undefined) return undefined
    const matches = keysOfRow(me).flatMap(({ kind, key }) =>
      (keyMatches.all(workspaceId, kind, key, id) as Array<Omit<KeyMatch, 'kind'>>).map((match) => ({ ...match, kind })))
    const rows = strongestFirst(matches).flatMap((other) => table.find(workspaceId, other) ?? [])
    return duplicatesOf(me, rows, recordsOf(rows, now))
  })

  const { operations } = table
  const store: MemberStore = {
    async get (workspaceId, id) {
      return get.deferred(workspaceId, id, clock())
    },
    async create (workspaceId, input) {
      return recordsOf([await operations.create(workspaceId, input)], clock())[0]!
    },
    createMany: operations.createMany,
    async put (workspaceId, input) {
      const { record, created } = await operations.put(workspaceId, input)
      return { record: recordsOf([record], clock())[0]!, created }
    },
    async putMany (workspaceId, inputs) {
      const outcomes = await operations.putMany(workspaceId, inputs)
      // One records call for the batch: the workspace's thresholds read once, not once a member.
      const records = recordsOf(outcomes.flatMap((outcome) => 'error' in outcome ? [] : [outcome.record]), clock())
      let i = 0
      return outcomes.map((outcome) => 'error' in outcome ? outcome : { record: records[i++]!, created: outcome.created })
    },
    async update (workspaceId, id, input) {
      const row = await operations.update(workspaceId, id, input)
      return row && recordsOf([row], clock())[0]
    },
    remove: operations.remove,
    async duplicates (workspaceId, id) {
      return duplicates.deferred(workspaceId, id, clock())
    },
    async list (workspaceId, request) {
      return (isByPulse(request) ? listByPulse : list).deferred(workspaceId, request, clock())
    }
  }
  /** Before a company's deletion detaches its members: their keys of that company go (one range of the index). */
  function companyRemoving (workspaceId: string, companyId: string): void {
    const { from, to } = companyKeys(companyId)
    clearCompanyKeys.run(workspaceId, from, to)
  }

  return { store, table, recordsOf, companyRemoving }
}

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
