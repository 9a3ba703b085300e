import type { Member } from '../../schemas/members.js'
import { levelOf, pulseAt } from '../../domain/engagement.js'
import { nowSeconds, toWireTime } from '../../domain/time.js'
import type { MemberStore } from '../types.js'
import { list, wireTime } from './columns.js'
import { isId, statement, transaction, type Counters, type Pool } from './database.js'
import { recordTable, type BaseRow } from './record-table.js'

interface MemberRow extends BaseRow {
  first_name: string | null
  last_name: string | null
  primary_email: string | null
  emails: string[]
  phones: string[]
  job_title: string | null
  avatar_url: string | null
  language: string | null
  country: string | null
  tags: string[]
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
    emails: row.emails,
    phones: row.phones,
    jobTitle: row.job_title,
    avatarUrl: row.avatar_url,
    language: row.language,
    country: row.country,
    tags: row.tags,
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

export function postgresMembers (pool: Pool, counters: Counters): MemberStore {
  const table = recordTable(pool, counters, {
    table: 'members',
    counter: 'members',
    // linkedin_url and activity_count are written, never read back into a record.
    columns: ['workspace_id', 'id', 'first_name', 'last_name', 'primary_email', 'emails', 'phones', 'job_title',
      'avatar_url', 'language', 'country', 'tags', 'linkedin_url', 'source', 'company_id', 'activity_count',
      'engagement', 'first_activity', 'last_activity', 'created_at', 'updated_at'],
    times: ['first_activity', 'last_activity'],
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

  const deleteActivities = statement<{ id: string }>(
    'DELETE FROM activities WHERE workspace_id = $1 AND member_id = $2 RETURNING id')
  // Other members' activities that pointed at the removed ones keep no dangling reference. This runs after the
  // delete (the references are deferred foreign keys, checked at commit), so a reference another transaction
  // committed meanwhile is cleared too: the delete waited for it, and this statement sees it.
  const clearReferences = statement(`UPDATE activities SET
      reply_to = CASE WHEN reply_to = ANY($2::uuid[]) THEN NULL ELSE reply_to END,
      react_to = CASE WHEN react_to = ANY($2::uuid[]) THEN NULL ELSE react_to END,
      invite_to = CASE WHEN invite_to = ANY($2::uuid[]) THEN NULL ELSE invite_to END,
      updated_at = to_timestamp($3)
    WHERE workspace_id = $1 AND (reply_to = ANY($2::uuid[]) OR react_to = ANY($2::uuid[]) OR invite_to = ANY($2::uuid[]))`)
  const deleteMember = statement('DELETE FROM members WHERE workspace_id = $1 AND id = $2')

  return {
    get: table.get,
    create: table.create,
    async remove (workspaceId, id) {
      if (!isId(workspaceId) || !isId(id)) return false
      return await transaction(pool, async (tx) => {
        // The member's row lock first, as every write that touches its activities takes it first.
        if (await table.find(tx, workspaceId, id, true) === undefined) return false
        const removed = (await deleteActivities(tx, workspaceId, id)).map((row) => row.id)
        if (removed.length > 0) await clearReferences(tx, workspaceId, removed, nowSeconds())
        await deleteMember(tx, workspaceId, id)
        await counters.add(tx, workspaceId, 'activities', -removed.length)
        await counters.add(tx, workspaceId, 'members', -1)
        return true
      })
    }
  }
}
