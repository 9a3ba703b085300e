import type { MemberPatch } from '../../schemas/members.js'
import { minScoreForLevel } from '../../domain/engagement.js'
import { searchTerms } from '../../domain/members.js'
import { nowSeconds } from '../../domain/time.js'
import type { MemberBulkCreate, MemberStore } from '../types.js'
import { checkMember } from '../model/rules.js'
import { toColumns } from '../model/columns.js'
import { allSettled, existingIds, isId, statement, transaction, type Counters, type Db, type Pool } from './database.js'
import { Filters, recordTable } from './record-table.js'
import { toMember, type MemberRow } from '../model/records.js'
import { differs, ownedBy, sideTable } from './side-table.js'
import { postgresTables } from './columns.js'
import { byKey, countedOrder } from '../counted-index.js'
import { countedIndex } from './counted-index.js'

function identity (row: MemberRow) {
  return { firstName: row.first_name, lastName: row.last_name, primaryEmail: row.primary_email, emails: row.emails }
}

export function postgresMembers (pool: Pool, counters: Counters, blockSize: number): MemberStore {
  const tags = sideTable('member_tags', 'tag', 'member_id', 'uuid')
  const clearTerms = statement('DELETE FROM member_terms WHERE workspace_id = $1 AND member_id = $2')
  const addTerms = statement(`INSERT INTO member_terms (workspace_id, term, kind, member_id)
    SELECT $1::uuid, term, kind, member FROM unnest($2::text[], $3::text[], $4::uuid[]) AS t (term, kind, member)
    ON CONFLICT DO NOTHING`)
  /** The search terms of members, one statement for all of them. */
  async function insertTerms (db: Db, workspaceId: string, rows: readonly MemberRow[]): Promise<void> {
    const terms: string[] = []
    const kinds: string[] = []
    const members: string[] = []
    for (const row of rows) {
      const { names, emails } = searchTerms(identity(row))
      for (const [kind, list] of [['name', names], ['email', emails]] as const) {
        for (const term of list) {
          terms.push(term)
          kinds.push(kind)
          members.push(row.id)
        }
      }
    }
    if (terms.length > 0) await addTerms(db, workspaceId, terms, kinds, members)
  }
  /** Makes a member's search terms those of `row` instead of `previous`'s. */
  async function replaceTerms (db: Db, row: MemberRow, previous: MemberRow): Promise<void> {
    const next = searchTerms(identity(row))
    const before = searchTerms(identity(previous))
    if (!differs(next.names, before.names) && !differs(next.emails, before.emails)) return
    await allSettled([clearTerms(db, row.workspace_id, row.id), insertTerms(db, row.workspace_id, [row])])
  }

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

  const table = recordTable(pool, counters, blockSize, {
    ...postgresTables.members,
    times: ['first_activity', 'last_activity'],
    // New rows were admitted before (see admit).
    afterInsert: async (db, rows) => {
      // Sent together with the rows' other statements (see recordTable's insertRow).
      const workspaceId = rows[0]!.workspace_id
      await allSettled([tags.insert(db, workspaceId, rows.map((row) => ({ id: row.id, values: row.tags }))), insertTerms(db, workspaceId, rows)])
    },
    afterUpdate: async (db, row, previous) => {
      await allSettled([tags.replace(db, row.workspace_id, row.id, row.tags, previous.tags), replaceTerms(db, row, previous)])
    },
    // Its activities go with it. The member's row lock is taken first (remove reads it FOR UPDATE), as every
    // write that touches its activities takes it first.
    beforeDelete: async (db, row) => {
      const removed = (await deleteActivities(db, row.workspace_id, row.id)).sort(byKey)
      if (removed.length > 0) await clearReferences(db, row.workspace_id, removed.map((activity) => activity.id), nowSeconds())
      await clearTerms(db, row.workspace_id, row.id)
      await tags.replace(db, row.workspace_id, row.id, [], row.tags)
      await activityIndex.changed(db, row.workspace_id, removed, -1)
      await counters.add(db, row.workspace_id, 'activities', -removed.length)
    },
    toRecord: toMember
  })

  // A company deleted after this look-up fails the foreign key at the write instead (mapped to companyId).
  const companiesFound = existingIds('companies')

  /** Rejects new members in input order by the rule both stores apply (the companies they name looked up first). */
  async function admit (db: Db, workspaceId: string, inputs: readonly MemberBulkCreate[]): Promise<void> {
    const found = await companiesFound(db, workspaceId, inputs.map((input) => input.companyId))
    for (const input of inputs) {
      const member = { firstName: input.firstName ?? null, lastName: input.lastName ?? null, primaryEmail: input.primaryEmail ?? null, emails: input.emails ?? [] }
      checkMember(member, input.companyId ?? null, (companyId) => found.has(companyId))
    }
  }

  return {
    ...table.operations,
    async create (workspaceId, input) {
      return await transaction(pool, async (tx) => {
        await admit(tx, workspaceId, [input])
        return toMember(await table.insertRow(tx, workspaceId, input))
      })
    },
    async createMany (workspaceId, inputs) {
      const rows = await transaction(pool, async (tx) => {
        await admit(tx, workspaceId, inputs)
        return await table.insertRows(tx, workspaceId, inputs)
      })
      return rows.map((row) => row.id)
    },
    async update (workspaceId, id, input: MemberPatch) {
      if (!isId(workspaceId) || !isId(id)) return undefined
      return await transaction(pool, async (tx) => {
        const row = await table.find(tx, workspaceId, id, true)
        if (row === undefined) return undefined
        const found = await companiesFound(tx, workspaceId, [input.companyId])
        const next = { ...row, ...toColumns(postgresTables.members.fields, input) } as MemberRow
        checkMember(identity(next), input.companyId ?? null, (companyId) => found.has(companyId))
        return toMember(await table.patchRow(tx, row, input))
      })
    },
    async list (workspaceId, query) {
      const filters = new Filters()
      if (query.q !== undefined) {
        filters.add(ownedBy(`SELECT member_id FROM member_terms
          WHERE workspace_id = $1 AND ${filters.prefix('term', query.q)}`))
      }
      if (query.email !== undefined) {
        filters.add(ownedBy(`SELECT member_id FROM member_terms
          WHERE workspace_id = $1 AND term = ${filters.param(query.email, 'text')} AND kind = 'email'`))
      }
      if (query.companyId !== undefined) filters.add(`company_id = ${filters.id(query.companyId)}`, ['createdAt'])
      if (query.tag !== undefined) filters.add(tags.having(filters.id(query.tag)))
      if (query.minLevel !== undefined && query.minLevel > 0) {
        filters.add(`engagement >= ${filters.param(minScoreForLevel(query.minLevel, nowSeconds()), 'float8')}`, ['pulse'])
      }
      if (query.activeSince !== undefined) {
        filters.add(`last_activity >= to_timestamp(${filters.param(query.activeSince, 'float8')})`, ['lastActivity'])
      }
      if (query.activeUntil !== undefined) {
        filters.add(`last_activity <= to_timestamp(${filters.param(query.activeUntil, 'float8')})`, ['lastActivity'])
      }
      return await table.list(workspaceId, {
        ...filters,
        none: filters.none,
        orderBy: filters.orderBy(query.sort ?? '-createdAt', {
          createdAt: { column: 'members.created_at' },
          lastActivity: { column: 'members.last_activity', nullable: true },
          pulse: { column: 'members.engagement' }
        }),
        counted: countedOrder(query.sort ?? '-createdAt'),
        page: query.page,
        pageSize: query.pageSize
      })
    }
  }
}
