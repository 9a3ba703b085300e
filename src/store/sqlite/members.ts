import { minScoreForLevel } from '../../domain/engagement.js'
import { searchTerms } from '../../domain/members.js'
import { nowSeconds } from '../../domain/time.js'
import type { MemberStore } from '../types.js'
import { checkMember } from '../model/rules.js'
import { parseList, parseLists, type JsonLists } from './columns.js'
import type { Counters, Db } from './database.js'
import { Filters, prefixRange, recordTable } from './record-table.js'
import { toMember, type MemberRow } from '../model/records.js'
import { sideTable } from './side-table.js'
import { sqliteTables } from './columns.js'
import { countedOrder, type Boundary } from '../counted-index.js'
import { countedIndex } from './counted-index.js'

// Lists are JSON text in SQLite.
type StoredMemberRow = JsonLists<MemberRow, 'emails' | 'phones' | 'tags'>

const toMemberRecord = (row: StoredMemberRow) => toMember(parseLists<MemberRow, 'emails' | 'phones' | 'tags'>(row, ['emails', 'phones', 'tags']))

function identity (row: StoredMemberRow) {
  return { firstName: row.first_name, lastName: row.last_name, primaryEmail: row.primary_email, emails: parseList(row.emails) }
}

const SEARCHED = ['first_name', 'last_name', 'primary_email', 'emails'] as const

export function sqliteMembers (db: Db, counters: Counters, blockSize: number): MemberStore {
  const tags = sideTable(db, 'member_tags', 'tag', 'member_id')
  const clearTerms = db.prepare('DELETE FROM member_terms WHERE workspace_id = ? AND member_id = ?')
  const addTerm = db.prepare(`INSERT OR IGNORE INTO member_terms (workspace_id, term, kind, member_id)
    VALUES (?, ?, ?, ?)`)
  function replaceTerms (row: StoredMemberRow): void {
    clearTerms.run(row.workspace_id, row.id)
    const { names, emails } = searchTerms(identity(row))
    for (const term of names) addTerm.run(row.workspace_id, term, 'name', row.id)
    for (const term of emails) addTerm.run(row.workspace_id, term, 'email', row.id)
  }

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
  const table = recordTable(db, counters, blockSize, {
    ...sqliteTables.members,
    // Rejections roll back with the write's transaction.
    afterWrite: (row, previous) => {
      checkMember(identity(row), row.company_id === previous?.company_id ? null : row.company_id,
        (companyId) => companyExists.get(row.workspace_id, companyId) !== undefined)
      if (row.tags !== previous?.tags) tags.replace(row.workspace_id, row.id, parseList(row.tags))
      if (previous === undefined || SEARCHED.some((column) => row[column] !== previous[column])) replaceTerms(row)
    },
    // Its activities go with it.
    beforeDelete: (row) => {
      const params = { workspace_id: row.workspace_id, member_id: row.id, now: nowSeconds() }
      for (const statement of clearReferences) statement.run(params)
      const removed = activityKeys.all(row.workspace_id, row.id) as Boundary[]
      counters.add(row.workspace_id, 'activities', -deleteActivities.run(row.workspace_id, row.id).changes)
      activityIndex.removed(row.workspace_id, removed)
      clearTerms.run(row.workspace_id, row.id)
      tags.replace(row.workspace_id, row.id, [])
    },
    toRecord: toMemberRecord
  })

  return {
    ...table.operations,
    async list (workspaceId, query) {
      const filters = new Filters()
      if (query.q !== undefined) {
        const [range, params] = prefixRange('term', 'q', query.q)
        filters.add(`id IN (SELECT member_id FROM member_terms WHERE workspace_id = @workspace_id AND ${range})`, params)
      }
      if (query.email !== undefined) {
        filters.add(`id IN (SELECT member_id FROM member_terms
          WHERE workspace_id = @workspace_id AND term = @email AND kind = 'email')`, { email: query.email })
      }
      if (query.companyId !== undefined) filters.add('company_id = @company_id', { company_id: query.companyId }, ['createdAt'])
      if (query.tag !== undefined) filters.add(tags.having('tag'), { tag: query.tag })
      if (query.minLevel !== undefined && query.minLevel > 0) {
        filters.add('engagement >= @min_score', { min_score: minScoreForLevel(query.minLevel, nowSeconds()) }, ['pulse'])
      }
      if (query.activeSince !== undefined) {
        filters.add('last_activity >= @active_since', { active_since: query.activeSince }, ['lastActivity'])
      }
      if (query.activeUntil !== undefined) {
        filters.add('last_activity <= @active_until', { active_until: query.activeUntil }, ['lastActivity'])
      }
      return table.list(workspaceId, {
        ...filters,
        orderBy: filters.orderBy(query.sort ?? '-createdAt', { createdAt: 'created_at', lastActivity: 'last_activity', pulse: 'engagement' }),
        counted: countedOrder(query.sort ?? '-createdAt'),
        page: query.page,
        pageSize: query.pageSize
      })
    }
  }
}
