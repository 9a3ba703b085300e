import { DEFAULT_LEVEL_THRESHOLDS, levelOf } from '../../domain/engagement.js'
import type { Clock } from '../../domain/time.js'
import type { MemberListFilter, MemberStore } from '../types.js'
import { checkMember, identity } from '../model/rules.js'
import { allSettled, existingIds, Retry, statement, transaction, type Counters, type Db, type Pool } from './database.js'
import { recordTable, type Hooks } from './record-table.js'
import { toMember, type MemberRow } from '../model/records.js'
import type { MergeRow } from '../model/merge.js'
import { members } from '../model/resources.js'
import { memberDomainLocks } from '../model/identity.js'
import { byKey } from '../counted-index.js'
import { countedIndex } from './counted-index.js'
import { exactWindow, isByPulse, knownPulse, mergedPage, pulseList } from '../model/engagement.js'
import { THRESHOLDS_SQL, thresholdsOf, type PostgresEngagement } from './engagement.js'
import { DUPLICATES_LIMIT, strongestFirst, type KeyMatch } from '../../domain/identity.js'
import { companyKeys, duplicatesOf, keysOfRow } from '../model/duplicates.js'
import { postgresPulseBlocks } from './pulse-blocks.js'
import { exactOfStored, isWholePulseOrder } from '../model/pulse-order.js'
import { batchDomains, batchEmails, judgeMembers, mayBeIndependentMembers, outcomesOf, updatedIds, writtenOf } from '../model/member-bulk.js'
import type { Holder } from '../model/matching.js'
import { isId } from '../../domain/uuid.js'
import type { postgresIdentity } from './identity.js'
import type { FastPaths } from './fast-paths.js'

/** What a bulk write of members needs of the companies (postgres/identity.ts memberBatch). */
type MemberBatchCompanies = ReturnType<ReturnType<typeof postgresIdentity>['memberBatch']>

/**
 * The first members of each of a member's identity keys ($1 workspace, $2 the member asked about, $3 kinds, $4 keys),
 * newest first: a range of the key's index each, walked backwards (test/store/member-keys.test.ts checks the plan).
 */
export const KEY_MATCHES = `SELECT k.kind, m.member_id AS "memberId", m.created_at::float8 AS "createdAt"
  FROM unnest($3::text[], $4::text[]) AS k (kind, key)
  CROSS JOIN LATERAL (SELECT member_id, created_at FROM member_keys
    WHERE workspace_id = $1 AND kind = k.kind AND key = k.key AND member_id <> $2
    ORDER BY created_at DESC, member_id DESC LIMIT ${DUPLICATES_LIMIT}) AS m`

/** The members' store, and their table for the activities' writes that name a member by email. */
export function postgresMembers (pool: Pool, counters: Counters, blockSize: number, clock: Clock, engagement: PostgresEngagement,
  attachCompanies: NonNullable<Hooks<MemberRow>['complete']>, eraseCompany: (db: Db, row: MemberRow) => Promise<void>,
  companies: MemberBatchCompanies, fast?: FastPaths) {
  const deleteActivities = statement<{ id: string, at: number }>(`DELETE FROM activities WHERE workspace_id = $1 AND member_id = $2
    RETURNING id, extract(epoch FROM created_at)::float8 AS at`)
  const deleteDays = statement('DELETE FROM member_activity_days WHERE workspace_id = $1 AND member_id = $2')
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
  // The parts of a list by pulse are several statements: one snapshot for all of them.
  const snapshot = statement('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')

  const table = recordTable(pool, counters, blockSize, clock, members, (row) => row, {
    // By the rule both stores apply, in input order, the companies the rows name looked up first, together.
    check: async (db, rows, previous) => {
      const changedCompanyId = (row: typeof rows[number]) => row.company_id === previous?.company_id ? null : row.company_id
      const found = await companiesFound(db, rows[0]!.workspace_id, rows.map(changedCompanyId))
      for (const row of rows) checkMember(identity(row), changedCompanyId(row), (companyId) => found.has(companyId))
    },
    // The company of its email's domain (docs/identity.md), its domain's lock taken with the write's others.
    complete: attachCompanies,
    locks: memberDomainLocks,
    // A batch of new distinct emails, or of re-imports, judged for all at once (model/member-bulk.ts).
    putBatch: async (db, workspaceId, inputs) => {
      if (!isId(workspaceId) || !mayBeIndependentMembers(inputs)) return undefined
      const [found, companyIds, settings] = await allSettled([
        table.holders(db, workspaceId, batchEmails(inputs)),
        companies.companiesOf(db, workspaceId, batchDomains(inputs)),
        companies.settings(db, workspaceId)
      ])
      const batch = judgeMembers(workspaceId, inputs, {
        holders: found, rows: await lockedRows(db, workspaceId, inputs, found), companies: companyIds, settings
      }, clock())
      if (batch === undefined) return undefined
      await companies.make(db, workspaceId, batch)
      await table.writeChecked(db, workspaceId, writtenOf(batch))
      return outcomesOf(batch)
    },
    // Its activities go with it, and every copy of its data (an erasure). The member's row lock is taken first (remove reads it FOR UPDATE), as every
    // write that touches its activities takes it first.
    beforeDelete: async (db, row) => {
      const [removed] = await allSettled([
        deleteActivities(db, row.workspace_id, row.id), deleteDays(db, row.workspace_id, row.id), eraseCopies(db, row.workspace_id, row.id)
      ])
      removed.sort(byKey)
      if (removed.length > 0) await clearReferences(db, row.workspace_id, removed.map((activity) => activity.id), clock())
      await activityIndex.changed(db, row.workspace_id, removed, -1)
      await counters.add(db, row.workspace_id, 'activities', -removed.length)
      await eraseCompany(db, row)
    }
  }, fast)

  /**
   * The rows of the members the items find, read FOR UPDATE in id order, as every writer of a member locks it: one
   * changed meanwhile so that it no longer holds the email it was found by (its emails' locks are not all this
   * transaction's) asks for the whole transaction again.
   */
  async function lockedRows (db: Db, workspaceId: string, inputs: readonly object[], holders: readonly Holder[]): Promise<Map<string, MemberRow>> {
    const locked = await table.findManyForUpdate(db, workspaceId, updatedIds(inputs, holders))
    for (const { key, id } of holders) {
      const row = locked.get(id)
      if (row !== undefined && !members.match.unique.keys(row).some((held) => held.key[0] === key)) throw new Retry()
    }
    return locked
  }

  /**
   * The records of rows at `now`: each pulse exact (computed for a stale row), each level on the workspace's
   * thresholds (`known`: already read).
   */
  async function recordsOf (db: Db, rows: readonly MemberRow[], now: number, known?: readonly number[]) {
    if (rows.length === 0) return []
    // The commonest read (a member by id, its thresholds read with it, its pulse stored exact) asks nothing more.
    if (known !== undefined) {
      const stored = rows.map((row) => knownPulse(row, now))
      if (stored.every((pulse) => pulse !== undefined)) return rows.map((row, i) => toMember(row, stored[i]!, levelOf(stored[i]!, known)))
    }
    const [thresholds, pulses] = await allSettled([
      known ?? engagement.thresholds(db, rows[0]!.workspace_id),
      Promise.all(rows.map(async (row) => await engagement.pulseAt(db, row, now)))
    ])
    return rows.map((row, i) => toMember(row, pulses[i]!, levelOf(pulses[i]!, thresholds)))
  }

  // A member read by id comes with its workspace's thresholds: one statement instead of two, the commonest read.
  const selectWithThresholds = statement<MemberRow & { level_thresholds: number[] | null }>(`SELECT ${table.readList},
    ${THRESHOLDS_SQL} AS level_thresholds FROM members WHERE workspace_id = $1 AND id = $2`)

  /**
   * A list whose order or filter is pulse: the members whose stored pulse is exact come from the index on it,
   * the stale ones that match the other filters are computed and merged in (model/engagement.ts). Its statements
   * go out together as far as each needs another's answer: the snapshot with every look-up that needs nothing else
   * (only a minLevel needs the thresholds first), then the stale pulses with the exact rows (for the whole pulse
   * order, whose window the stale rows' number gives; another list's needs their pulses first). Every row of the
   * page then has its exact pulse.
   */
  async function listByPulse (tx: Db, workspaceId: string, request: MemberListFilter, now: number) {
    const known = request.minLevel === undefined ? undefined : (await allSettled([snapshot(tx), engagement.thresholds(tx, workspaceId)]))[1]
    const list = pulseList(request, known ?? DEFAULT_LEVEL_THRESHOLDS, now)
    const exactQuery = table.listQuery(list.exact)
    const whole = list.all === undefined ? undefined : table.listQuery(list.all)
    const byBlocks = isWholePulseOrder(request, whole)
    const [, thresholds, staleRows, wholeTotal, blocks] = await allSettled([
      known === undefined ? snapshot(tx) : undefined,
      known ?? engagement.thresholds(tx, workspaceId),
      table.rowsOf(tx, workspaceId, table.listQuery(list.stale), 0, null),
      whole === undefined ? undefined : table.totalOf(tx, workspaceId, whole),
      byBlocks ? pulseBlocks.blocks(tx, workspaceId) : undefined
    ])
    // The whole list by pulse: its exact rows from the counted blocks of the stored order, at any depth; every
    // stale member is in it, so their number is known before their pulses.
    const beyond = (total: number) => (request.page - 1) * request.pageSize >= total
    const storedWindow = blocks === undefined || beyond(wholeTotal!) ? undefined : exactWindow(staleRows, request.page, request.pageSize)
    const [pulses, exactTotal, stored] = await allSettled([
      Promise.all(staleRows.map(async (row) => await engagement.pulseAt(tx, row, now))),
      whole === undefined ? table.totalOf(tx, workspaceId, exactQuery) : undefined,
      storedWindow === undefined
        ? undefined
        : pulseBlocks.rows(tx, workspaceId, blocks!, storedWindow.offset, storedWindow.limit + staleRows.length, request.sort === '-pulse')
    ])
    const stale = list.staleInList(staleRows, pulses)
    const total = wholeTotal ?? exactTotal! + stale.length
    if (beyond(total)) return { total, items: [] }
    const { offset, limit } = exactWindow(stale, request.page, request.pageSize)
    const { exact, from } = stored !== undefined
      ? exactOfStored(stored, staleRows, offset, now, list.order)
      : { exact: await table.rowsOf(tx, workspaceId, exactQuery, offset, limit), from: offset }
    // Each row's pulse is exact at `now`: the stored one of an exact row, the computed one of a stale row.
    const page = mergedPage(stale, exact, from, request.page, request.pageSize, list.order)
    return { total, items: page.map((row) => toMember(row, row.pulse, levelOf(row.pulse, thresholds))) }
  }

  const keyMatches = statement<KeyMatch>(KEY_MATCHES)
  const clearCompanyKeys = statement('DELETE FROM member_keys WHERE workspace_id = $1 AND kind = \'nameAndCompany\' AND key >= $2 AND key < $3')
  const rowsOf = statement<MemberRow>(`SELECT ${table.readList} FROM members WHERE workspace_id = $1 AND id = ANY($2::uuid[])`)
  const pulseBlocks = postgresPulseBlocks(pool, blockSize, table.readList)

  /** The member, the matches of each of its keys and the rows they name, in one snapshot. */
  async function duplicates (tx: Db, workspaceId: string, id: string, now: number) {
    const me = await table.find(tx, workspaceId, id)
    if (me === undefined) return undefined
    const keys = keysOfRow(me)
    const matches = keys.length === 0 ? [] : await keyMatches(tx, workspaceId, id, keys.map(({ kind }) => kind), keys.map(({ key }) => key))
    const ids = strongestFirst(matches)
    const rows = ids.length === 0 ? [] : await rowsOf(tx, workspaceId, ids)
    return duplicatesOf(me, rows, await recordsOf(tx, rows, now))
  }

  const { operations } = table
  const store: MemberStore = {
    async get (workspaceId, id) {
      if (!isId(workspaceId) || !isId(id)) return undefined
      const [found] = await selectWithThresholds(pool, workspaceId, id)
      if (found === undefined) return undefined
      return (await recordsOf(pool, [found], clock(), thresholdsOf(found.level_thresholds)))[0]
    },
    async create (workspaceId, input) {
      // A new member has no activity: pulse 0, which is level 0 on any thresholds (the first is at least 1).
      return (await recordsOf(pool, [await operations.create(workspaceId, input)], clock(), DEFAULT_LEVEL_THRESHOLDS))[0]!
    },
    createMany: operations.createMany,
    async put (workspaceId, input) {
      const { record, created } = await operations.put(workspaceId, input)
      return { record: (await recordsOf(pool, [record], clock()))[0]!, created }
    },
    async putMany (workspaceId, inputs) {
      const outcomes = await operations.putMany(workspaceId, inputs)
      const rows = outcomes.flatMap((outcome) => 'error' in outcome ? [] : [outcome.record])
      const records = await recordsOf(pool, rows, clock())
      let i = 0
      return outcomes.map((outcome) => 'error' in outcome ? outcome : { record: records[i++]!, created: outcome.created })
    },
    async update (workspaceId, id, input) {
      const row = await operations.update(workspaceId, id, input)
      return row && (await recordsOf(pool, [row], clock()))[0]
    },
    remove: operations.remove,
    async duplicates (workspaceId, id) {
      const now = clock()
      return await transaction(pool, async (tx) => {
        await snapshot(tx)
        return await duplicates(tx, workspaceId, id, now)
      })
    },
    async list (workspaceId, request) {
      const now = clock()
      if (isByPulse(request)) {
        return await transaction(pool, async (tx) => await listByPulse(tx, workspaceId, request, now))
      }
      const page = await operations.list(workspaceId, request)
      return { total: page.total, items: await recordsOf(pool, page.items, now) }
    }
  }
  /** Before a company's deletion detaches its members: their keys of that company go (one range of the index). */
  async function companyRemoving (db: Db, workspaceId: string, companyId: string): Promise<void> {
    const { from, to } = companyKeys(companyId)
    await clearCompanyKeys(db, workspaceId, from, to)
  }

  return { store, table, recordsOf, companyRemoving, rebalancePulseBlocks: pulseBlocks.rebalanceAll }
}

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
