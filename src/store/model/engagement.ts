import { DAY_SECONDS, dayOf, inWindow, leavesWindowAt, minPulseForLevel, windowAt, type TypeContribution } from '../../domain/engagement.js'
import type { MemberListFilter } from '../types.js'
import type { ActivityRow, MemberRow } from './records.js'

// How both stores keep pulse exact at every read at a bounded cost (docs/engagement.md):
// - member_activity_days counts each member's activities per UTC day, type and channel, in each activity write's
//   transaction; a pulse at `now` is the full days of the window from those counts, and the boundary day (only
//   partly in the window) from the member's activity index: at most 91 days of counts, whatever the history.
// - members.pulse is the pulse as last computed, exact at every instant before members.pulse_until (the moment
//   the earliest activity it counted leaves the window): a member read after that is computed on read. A change
//   of points marks the members it affects stale (pulse_until 0) in its own transaction; a refresher stores
//   their pulses again in batches.
// - Lists by pulse, or filtered by minLevel, merge the members whose stored pulse is exact (an index range) with
//   the stale ones, computed exactly (mergedPage).

/** pulse_until of a member none of whose activities counts: year 10000. */
export const NEVER = 253_402_300_800
/** The channel of activities in no channel, in member_activity_days. */
export const NO_CHANNEL = '00000000-0000-0000-0000-000000000000'

/** The parts of the window at `now`: full days in (boundaryDay, today], the boundary day's part after `start`. */
export function windowParts (now: number) {
  const { start } = windowAt(now)
  const boundaryDay = dayOf(start)
  return { start, boundaryDay, boundaryEnd: (boundaryDay + 1) * DAY_SECONDS, today: dayOf(now) }
}

/** A row of either query of a pulse: one type's activities and points over full days or the boundary day. */
export interface ContributionRow {
  activity_type_id: string
  key: string
  activities: number
  points: number
}

/** Each type's activities and points over the whole window, from the rows of both parts. */
export function contributionsOf (rows: readonly ContributionRow[]): TypeContribution[] {
  const byType = new Map<string, TypeContribution>()
  for (const row of rows) {
    const entry = byType.get(row.activity_type_id)
    if (entry === undefined) {
      byType.set(row.activity_type_id, { activityTypeId: row.activity_type_id, activityTypeKey: row.key, activities: Number(row.activities), points: Number(row.points) })
    } else {
      entry.activities += Number(row.activities)
      entry.points += Number(row.points)
    }
  }
  return [...byType.values()]
}

export const pulseOf = (contributions: readonly TypeContribution[]): number =>
  contributions.reduce((sum, entry) => sum + entry.points, 0)

/** pulse_until of a pulse whose earliest counted activity was created at `earliest` (null: none counted). */
export const exactUntil = (earliest: number | null | undefined): number => earliest == null ? NEVER : leavesWindowAt(earliest)

/** Whether a row's stored pulse is its pulse at `now`. */
export const isExact = (row: Pick<MemberRow, 'pulse_until'>, now: number): boolean => row.pulse_until > now

/** A member's pulse at `now` when its row alone says it (excluded, or stored and exact); else it must be computed. */
export const knownPulse = (row: Pick<MemberRow, 'pulse' | 'pulse_until' | 'excluded'>, now: number): number | undefined =>
  row.excluded === 1 ? 0 : isExact(row, now) ? row.pulse : undefined

/**
 * The order of a member list's sort over rows whose `pulse` is exact: the same as its SQL ORDER BY (NULL lowest,
 * then id in the sort's direction).
 */
function memberOrder (sort: string): (a: MemberRow, b: MemberRow) => number {
  const descending = sort.startsWith('-')
  const field = descending ? sort.slice(1) : sort
  const column = ({ pulse: 'pulse', createdAt: 'created_at', lastActivity: 'last_activity' } as const)[field as 'pulse']
  const sign = descending ? -1 : 1
  return (a, b) => {
    const x = a[column] as number | null
    const y = b[column] as number | null
    const byKey = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1
    return sign * (byKey !== 0 ? byKey : a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  }
}

/** Whether a member list merges exact and stale members (mergedPage): its order or a filter is pulse. */
export const isByPulse = (request: MemberListFilter): boolean =>
  request.sort === 'pulse' || request.sort === '-pulse' || (request.minLevel ?? 0) > 0

/**
 * A list by pulse at `now`, as the requests a store runs: the stale members matching the other filters, the
 * exact ones (minLevel as a stored pulse), and without minLevel the whole list, whose total is the list's.
 */
export function pulseList (request: MemberListFilter, thresholds: readonly number[], now: number) {
  const { minLevel, ...filters } = request
  const minPulse = minPulseForLevel(minLevel ?? 0, thresholds)
  const order = memberOrder(request.sort ?? '-createdAt')
  return {
    stale: { ...filters, staleAt: now },
    exact: { ...filters, exactAfter: now + 1, ...(minPulse === undefined ? {} : { minPulse }) },
    all: minPulse === undefined ? filters : undefined,
    order,
    /** The stale rows the list holds, each with its exact pulse (`pulses`, in the same order), in list order. */
    staleInList: (rows: readonly MemberRow[], pulses: readonly number[]): MemberRow[] =>
      rows.map((row, i) => ({ ...row, pulse: pulses[i]! })).filter((row) => minPulse === undefined || row.pulse >= minPulse).sort(order)
  }
}

/**
 * Which exact rows a page needs, given `stale` (every stale member that matches the filters, its pulse exact):
 * a window of the exact rows in list order, from `offset` - stale.length (or 0) to the page's end. Any page is
 * then exact: each stale member ranks among at most that many exact ones before the page.
 */
export function exactWindow (stale: readonly unknown[], page: number, pageSize: number): { offset: number, limit: number } {
  const end = page * pageSize
  const from = Math.max(0, end - pageSize - stale.length)
  return { offset: from, limit: end - from }
}

/** The page: the exact window (from exactWindow) and the stale rows, merged in list order. */
export function mergedPage (stale: readonly MemberRow[], exact: readonly MemberRow[], from: number, page: number, pageSize: number,
  order: (a: MemberRow, b: MemberRow) => number): MemberRow[] {
  const offset = (page - 1) * pageSize
  if (from > 0 && exact.length === 0) return []
  // The stale rows before the window's first row are before the page too; they give the window's position.
  const first = exact[0]
  const before = from === 0 || first === undefined ? 0 : stale.filter((row) => order(row, first) < 0).length
  const merged = [...exact, ...(from === 0 ? stale : stale.filter((row) => order(row, first!) >= 0))].sort(order)
  const start = offset - from - before
  return merged.slice(start, start + pageSize)
}

/** What new activities add to one member's row: how many, the earliest and latest createdAt. */
export interface Span {
  n: number
  first: number
  last: number
}

/** The span of each member named in `memberIds` from activities created at `ats` (the same order). */
export function spansByMember (memberIds: readonly string[], ats: readonly number[]): Map<string, Span> {
  const spans = new Map<string, Span>()
  memberIds.forEach((memberId, i) => {
    const at = ats[i]!
    const span = spans.get(memberId)
    if (span === undefined) spans.set(memberId, { n: 1, first: at, last: at })
    else Object.assign(span, { n: span.n + 1, first: Math.min(span.first, at), last: Math.max(span.last, at) })
  })
  return spans
}

/** What an activity counts by: its member, day, type and channel. */
export type CountedRow = Pick<ActivityRow, 'workspace_id' | 'member_id' | 'created_at' | 'activity_type_id' | 'channel_id'>

/** The points added to a member's stored pulse, and the instant until which it stays exact with them. */
export interface AddedPoints {
  points: number
  until: number
}

/**
 * What new activities add to each member's stored pulse: the points of those in the window at `now` (`pointsOf`
 * gives an activity's; asked once per type and channel, as a bulk write's thousand rows have a few of each), and
 * the instant the first of them leaves it. (A member whose stored pulse is stale, or who is excluded, takes no
 * added points: the stores' update says so.)
 */
export function addedPointsOf (rows: readonly CountedRow[], now: number, pointsOf: (row: CountedRow) => number): Map<string, AddedPoints> {
  const added = new Map<string, AddedPoints>()
  const points = new Map<string, number>()
  for (const row of rows) {
    if (!inWindow(row.created_at, now)) continue
    const entry = added.get(row.member_id) ?? { points: 0, until: NEVER }
    const kind = `${row.activity_type_id} ${row.channel_id ?? NO_CHANNEL}`
    let worth = points.get(kind)
    if (worth === undefined) points.set(kind, worth = pointsOf(row))
    entry.points += worth
    entry.until = Math.min(entry.until, leavesWindowAt(row.created_at))
    added.set(row.member_id, entry)
  }
  return added
}
