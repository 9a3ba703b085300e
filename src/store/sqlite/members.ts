import type { Member } from '../../schemas/members.js'
import { levelOf, pulseAt } from '../../domain/engagement.js'
import { nowSeconds, toWireTime } from '../../domain/time.js'
import type { MemberStore } from '../types.js'
import { list, parseList, wireTime } from './columns.js'
import type { Counters, Db } from './database.js'
import { recordTable, type BaseRow } from './record-table.js'

interface MemberRow extends BaseRow {
  first_name: string | null
  last_name: string | null
  primary_email: string | null
  emails: string
  phones: string
  job_title: string | null
  avatar_url: string | null
  language: string | null
  country: string | null
  tags: string
  source: string
  company_id: string | null
  engagement: number
  first_activity: number | null
  last_activity: number | null
}

function toMember (row: MemberRow): Member {
  const pulse = pulseAt(row.engagement, nowSeconds())
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    primaryEmail: row.primary_email,
    emails: parseList(row.emails),
    phones: parseList(row.phones),
    jobTitle: row.job_title,
    avatarUrl: row.avatar_url,
    language: row.language,
    country: row.country,
    tags: parseList(row.tags),
    level: levelOf(pulse),
    pulse,
    source: row.source,
    companyId: row.company_id,
    workspaceId: row.workspace_id,
    firstActivity: wireTime(row.first_activity),
    lastActivity: wireTime(row.last_activity),
    createdAt: toWireTime(row.created_at),
    updatedAt: toWireTime(row.updated_at)
  }
}

export function sqliteMembers (db: Db, counters: Counters): MemberStore {
  const table = recordTable(db, counters, {
    table: 'members',
    counter: 'members',
    // linkedin_url and activity_count are written, never read back into a record.
    columns: ['workspace_id', 'id', 'first_name', 'last_name', 'primary_email', 'emails', 'phones', 'job_title',
      'avatar_url', 'language', 'country', 'tags', 'linkedin_url', 'source', 'company_id', 'activity_count',
      'engagement', 'first_activity', 'last_activity', 'created_at', 'updated_at'],
    fields: {
      firstName: ['first_name'],
      lastName: ['last_name'],
      primaryEmail: ['primary_email'],
      emails: ['emails', list],
      phones: ['phones', list],
      jobTitle: ['job_title'],
      avatarUrl: ['avatar_url'],
      country: ['country'],
      language: ['language'],
      tags: ['tags', list],
      linkedinUrl: ['linkedin_url']
    },
    initial: { company_id: null, activity_count: 0, engagement: 0, first_activity: null, last_activity: null },
    toRecord: toMember
  })

  // Other members' activities that point at the removed ones keep no dangling reference.
  const clearReferences = ['reply_to', 'react_to', 'invite_to'].map((column) => db.prepare(`
    UPDATE activities SET ${column} = NULL, updated_at = @now
    WHERE workspace_id = @workspace_id AND ${column} IN (
      SELECT id FROM activities WHERE workspace_id = @workspace_id AND member_id = @member_id)
    AND member_id <> @member_id`))
  const deleteActivities = db.prepare('DELETE FROM activities WHERE workspace_id = ? AND member_id = ?')
  const deleteMember = db.prepare('DELETE FROM members WHERE workspace_id = ? AND id = ?')

  const remove = db.transaction((workspaceId: string, id: string): boolean => {
    if (table.find(workspaceId, id) === undefined) return false
    const params = { workspace_id: workspaceId, member_id: id, now: nowSeconds() }
    for (const statement of clearReferences) statement.run(params)
    const removed = deleteActivities.run(workspaceId, id).changes
    deleteMember.run(workspaceId, id)
    counters.add(workspaceId, 'activities', -removed)
    counters.add(workspaceId, 'members', -1)
    return true
  })

  return {
    get: table.get,
    create: table.create,
    async remove (workspaceId, id) {
      return remove.immediate(workspaceId, id)
    }
  }
}
