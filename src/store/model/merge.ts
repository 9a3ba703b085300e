import { createHash } from 'node:crypto'
import { DAY_SECONDS } from '../../domain/engagement.js'
import { toWireTime } from '../../domain/time.js'
import { ConflictError, InvalidFieldError } from '../types.js'
import { members } from './resources.js'
import { withDerived } from './rows.js'
import type { ActivityRow, MemberRow } from './records.js'

// Merging a member into another and undoing it exactly (docs/identity.md), the same on both stores: what the kept
// member becomes, what a merge keeps to be undone, and when an undo can no longer be exact. The stores only read
// and write the rows.

/** How long a merge can be undone; after that its copy of the merged member is erased. */
export const MERGE_UNDO_SECONDS = 30 * DAY_SECONDS

/** The columns of a member that are its own (set by requests, or by the engagement route), not derived from activities. */
export const OWN_COLUMNS = [...Object.values(members.fields).map(([column]) => column), 'source', 'excluded', 'created_at', 'updated_at']

/** Single-value columns an empty kept member takes from the merged one. */
const FILLED = ['first_name', 'last_name', 'primary_email', 'job_title', 'avatar_url', 'language', 'country', 'linkedin_url', 'company_id'] as const

/** The values of a list, each once ignoring case, in order: `first` first. */
function union (first: readonly string[], second: readonly string[], fold: (value: string) => string): string[] {
  const seen = new Map<string, string>()
  for (const value of [...first, ...second]) if (!seen.has(fold(value))) seen.set(fold(value), value)
  return [...seen.values()]
}
const same = (value: string) => value
const lower = (value: string) => value.toLowerCase()

/**
 * The kept member after `merged` is merged into it, at `now`: emails, phones and tags unioned (its own first, order
 * kept, each once; emails ignoring case), the merged member's primaryEmail among the emails unless it becomes the
 * primary one (or is the kept member's, ignoring case); an address either member held in its emails stays there,
 * even one that is also the primary one; empty single values filled from the merged member. Its derived values
 * (activity count, first and last activity) cover both members' activities; its pulse is computed again on the next
 * read.
 */
export function mergedRow (kept: MemberRow, merged: MemberRow, now: number): MemberRow {
  const row: MemberRow = { ...kept }
  for (const column of FILLED) if (row[column] === null) (row as unknown as Record<string, unknown>)[column] = merged[column]
  // Every address either member holds stays: the kept member's emails as they were (its primary one too, when it
  // holds it there), then the merged member's primary one (unless it became the primary one), then its emails.
  const primary = merged.primary_email !== null && merged.primary_email.toLowerCase() !== row.primary_email?.toLowerCase() ? [merged.primary_email] : []
  row.emails = union(kept.emails, [...primary, ...merged.emails], lower)
  row.phones = union(kept.phones, merged.phones, same)
  row.tags = union(kept.tags, merged.tags, same)
  row.activity_count = kept.activity_count + merged.activity_count
  row.first_activity = earliest(kept.first_activity, merged.first_activity)
  row.last_activity = latest(kept.last_activity, merged.last_activity)
  row.updated_at = now
  return stale(withDerived(members, row))
}

/** A member whose pulse is computed again on its next read (an excluded one's stays 0). */
export const stale = (row: MemberRow): MemberRow => row.excluded === 1 ? row : { ...row, pulse_until: 0 }

const earliest = (a: number | null, b: number | null) => a === null ? b : b === null ? a : Math.min(a, b)
const latest = (a: number | null, b: number | null) => a === null ? b : b === null ? a : Math.max(a, b)

/** A digest of some columns of a row: equal digests, equal values. */
export function digestOf (row: object, columns?: readonly string[]): string {
  const values = columns === undefined ? Object.entries(row).sort(([a], [b]) => a < b ? -1 : 1) : columns.map((c) => (row as Record<string, unknown>)[c])
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url')
}

/** An activity the merge moved: its id, its updatedAt before the merge, and the digest of its row after. */
export type MovedActivity = readonly [id: string, updatedAt: number, digest: string]

/**
 * What a merge keeps to be undone, as the stores save it (JSON text): both members as they were, the digest of the
 * kept member's own columns after the merge, the activities moved. Erased (null) when either member is erased, or
 * when the merge is older than MERGE_UNDO_SECONDS.
 */
export interface MergeState {
  kept: MemberRow
  merged: MemberRow
  keptDigest: string
  moved: MovedActivity[]
}

/** A stored merge, as both stores read it. */
export interface MergeRow {
  workspace_id: string
  id: string
  member_id: string
  merged_member_id: string
  created_at: number
  /** JSON of MergeState; null once erased. */
  state: string | null
}

/** The merge record of a row. */
export const toMerge = (row: MergeRow) =>
  ({ id: row.id, memberId: row.member_id, mergedMemberId: row.merged_member_id, createdAt: toWireTime(row.created_at) })

/** The first problem of a merge request: the other member must be another member of the workspace. */
export function checkMerge (keptId: string, merged: MemberRow | undefined, mergedId: string): asserts merged is MemberRow {
  if (mergedId === keptId) throw new InvalidFieldError('memberId', 'cannot name the member itself')
  if (merged === undefined) throw new InvalidFieldError('memberId')
}

const refused = (reason: string, id?: string) => new ConflictError('mergeId', `cannot be undone: ${reason}`, id)

/** What an undo reads of the workspace now, to judge whether it can still be exact. */
export interface UndoView {
  merge: MergeRow
  /** The merge's state as stored (stateOf); none once erased. */
  state: MergeState | undefined
  now: number
  /** The kept member's row now (none: deleted). */
  kept: MemberRow | undefined
  /** Whether a merge into the kept member made after this one stands (not undone). */
  mergedAgain: boolean
  /** The moved activities' rows now, by id. */
  activities: ReadonlyMap<string, ActivityRow>
  /** Whether the merged member's company still exists (true when it had none). */
  companyExists: boolean
}

/** What a stored merge keeps to be undone; none once erased. */
export const stateOf = (merge: MergeRow): MergeState | undefined => merge.state === null ? undefined : JSON.parse(merge.state) as MergeState

/** The state to restore, or the 409 saying why the undo can no longer be exact (never a partial undo). */
export function undoable (view: UndoView): MergeState {
  const { merge, state, now, kept } = view
  if (state === undefined) {
    throw refused(now - merge.created_at > MERGE_UNDO_SECONDS ? 'it is older than 30 days' : 'a member it joined was erased')
  }
  if (now - merge.created_at > MERGE_UNDO_SECONDS) throw refused('it is older than 30 days')
  if (kept === undefined) throw refused('the kept member was deleted', merge.member_id)
  if (view.mergedAgain) throw refused('the kept member was merged again since', merge.member_id)
  if (digestOf(kept, OWN_COLUMNS) !== state.keptDigest) throw refused('the kept member was edited since the merge', merge.member_id)
  for (const [id, , digest] of state.moved) {
    const activity = view.activities.get(id)
    if (activity === undefined || digestOf(activity) !== digest) throw refused('an activity it moved was edited, moved or deleted since', id)
  }
  if (!view.companyExists) throw refused('the merged member\'s company was deleted', state.merged.company_id ?? undefined)
  return state
}

/**
 * The kept member's row restored: its own columns as before the merge, the columns computed from them again, its
 * counts as they are now (activities created since stay with it).
 */
export function restoredKept (now: MemberRow, before: MemberRow): MemberRow {
  return stale(withDerived(members, { ...now, ...Object.fromEntries(OWN_COLUMNS.map((c) => [c, (before as unknown as Record<string, unknown>)[c]])) }))
}
