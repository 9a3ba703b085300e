import { byStrength, companyKeyPrefix, duplicateReasons, identityKeys, type IdentityKey } from '../../domain/identity.js'
import type { Member } from '../../schemas/members.js'
import type { MemberDuplicate } from '../types.js'
import type { MemberRow } from './records.js'
import { identityFacts } from './rules.js'
import { memberKeys } from './resources.js'

// GET /v1/members/{id}/duplicates, the part both stores share. Each store reads, by the member_keys index, the
// first DUPLICATES_LIMIT members of each of the member's keys in createdAt desc, id desc order (never the
// workspace), picks the answer's members with strongestFirst (domain/identity.ts), and reads their rows by id.

/** The member's keys, as its row makes them (the keys its side table holds). */
export const keysOfRow = (row: MemberRow): IdentityKey[] => identityKeys(identityFacts(row))

/**
 * The answer: each row found, as its record, with its reasons (computed from both rows, so they are whole even
 * when a key's cut left the member out of that key's matches), in answer order.
 */
export function duplicatesOf (me: MemberRow, rows: readonly MemberRow[], records: readonly Member[]): MemberDuplicate[] {
  const mine = keysOfRow(me)
  return rows.map((row, i) => ({ row, member: records[i]!, reasons: duplicateReasons(mine, keysOfRow(row)) }))
    .filter(({ row, reasons }) => reasons.length > 0 && row.id !== me.id)
    .sort((a, b) => byStrength({ strongest: a.reasons[0]!, createdAt: a.row.created_at, id: a.row.id },
      { strongest: b.reasons[0]!, createdAt: b.row.created_at, id: b.row.id }))
    .map(({ member, reasons }) => ({ member, reasons }))
}

/**
 * The range of the `nameAndCompany` keys of a company's members, [from, to): cleared when the company is deleted,
 * as that detaches its members without writing them one by one (' ' is followed by '!' in every collation the
 * stores use: bytewise).
 */
export function companyKeys (companyId: string): { from: string, to: string } {
  const from = companyKeyPrefix(companyId)
  return { from, to: `${from.slice(0, -1)}!` }
}

/** Members whose keys a backfill step computes in one transaction (migration 8: the members stored before it). */
export const BACKFILL_BATCH = 1000

/** The columns of members a backfill reads: what their keys are made of, the order it walks them in. */
export const BACKFILL_COLUMNS = 'workspace_id, id, first_name, last_name, primary_email, emails, company_id, created_at'

const byIndexKey = (a: string[], b: string[]): number => {
  for (const c of [0, 2, 3]) if (a[c] !== b[c]) return a[c]! < b[c]! ? -1 : 1
  return 0
}

/**
 * The member_keys rows of members read by a backfill: (workspace_id, member_id, kind, key, created_at) each, in
 * the order of the table's primary key, so the inserts walk its pages in order.
 */
export const keyRowsOf = (rows: readonly MemberRow[]): string[][] =>
  rows.flatMap((row) => memberKeys(row).map((values) => [row.workspace_id, row.id, ...values])).sort(byIndexKey)
