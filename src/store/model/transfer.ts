import { toEpochSeconds, toWireTime } from '../../domain/time.js'
import type { ExportedActivity, ExportedMember, TransferRecords } from '../../schemas/export.js'
import type { TransferKind } from '../types.js'
import { toActivity, toActivityType, toChannel, toCompany, type ActivityRow, type ActivityTypeRow, type BaseRow, type ChannelRow, type CompanyRow, type MemberRow } from './records.js'
import { newRow } from './rows.js'
import { activities, activityTypes, channels, companies, members, type Resource } from './resources.js'

// A workspace's records as an export holds them, and back (the TransferStore of store/types.ts), the same on both
// stores: rows leave as records without their workspace, and come back as the create input of their resource
// with the columns no request sets (id, times, source...) as the extra columns of newRow.

const withoutWorkspace = <R extends { workspaceId: string }>({ workspaceId: _, ...record }: R) => record

/** The exported record of a member's row: its own columns; what derives from its activities stays out. */
function exportedMember (row: MemberRow): ExportedMember {
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
    linkedinUrl: row.linkedin_url,
    source: row.source,
    companyId: row.company_id,
    excluded: row.excluded === 1,
    createdAt: toWireTime(row.created_at),
    updatedAt: toWireTime(row.updated_at)
  }
}

/** A resource's description, read only for what every row has. */
const described = (resource: object) => resource as Resource

/** Each kind's resource, the record of its row, and the columns of its record that no request field sets. */
export const TRANSFERS: { [K in TransferKind]: {
  resource: Resource
  exported: (row: never) => TransferRecords[K]
  extra: (record: TransferRecords[K]) => Record<string, unknown>
} } = {
  channels: { resource: described(channels), exported: (row: ChannelRow) => withoutWorkspace(toChannel(row)), extra: (record) => ({ source: record.source }) },
  activityTypes: { resource: described(activityTypes), exported: (row: ActivityTypeRow) => withoutWorkspace(toActivityType(row)), extra: () => ({}) },
  companies: { resource: described(companies), exported: (row: CompanyRow) => withoutWorkspace(toCompany(row)), extra: (record) => ({ source: record.source }) },
  members: { resource: described(members), exported: exportedMember, extra: (record) => ({ source: record.source, excluded: record.excluded ? 1 : 0 }) },
  activities: {
    resource: described(activities),
    exported: (row: ActivityRow) => withoutWorkspace(toActivity(row)),
    extra: (record: ExportedActivity) => ({ activity_type_id: record.activityTypeId })
  }
}

/** The record of a row of the kind. */
export const exportedOf = <K extends TransferKind>(kind: K, row: BaseRow): TransferRecords[K] =>
  (TRANSFERS[kind].exported as (row: BaseRow) => TransferRecords[K])(row)

/**
 * The rows of records of a kind: each one's create input (the record: newRow takes its resource's fields from
 * it) with the columns no request sets (its id and times among them), so each row is the one exported.
 */
export function restoredRows<K extends TransferKind> (kind: K, workspaceId: string, records: ReadonlyArray<TransferRecords[K]>): BaseRow[] {
  const { resource, extra } = TRANSFERS[kind] as { resource: Resource, extra: (record: TransferRecords[K]) => Record<string, unknown> }
  return records.map((record) => newRow(resource, workspaceId, record, {
    ...extra(record),
    id: record.id,
    created_at: toEpochSeconds(record.createdAt),
    updated_at: toEpochSeconds(record.updatedAt)
  }, 0))
}

/** Whether a workspace (the parameter `workspace`) has no record of any kind, as one statement: its one column is `empty`. */
export const emptySql = (workspace: string) => `SELECT ${Object.values(TRANSFERS).map(({ resource }) =>
  `NOT EXISTS (SELECT 1 FROM ${resource.table} WHERE workspace_id = ${workspace})`).join(' AND ')} AS empty`
