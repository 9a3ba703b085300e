// Engagement of a member (docs/engagement.md): pulse is the sum of the points of its activities created in the
// last 90 days, level a tier of pulse on the workspace's thresholds. Pure functions, `now` passed in (epoch
// seconds); the stores keep what makes them cheap to evaluate.

export const DAY_SECONDS = 86_400
export const WINDOW_DAYS = 90
export const WINDOW_SECONDS = WINDOW_DAYS * DAY_SECONDS

/** A type's points when its key is first used. */
export const DEFAULT_POINTS = 1
export const MAX_POINTS = 100
export const MAX_CHANNEL_POINTS = 100

/** pulse >= thresholds[n - 1] means level >= n; level 12 from the last one up. */
export const DEFAULT_LEVEL_THRESHOLDS: readonly number[] = [1, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300]
export const LEVELS = DEFAULT_LEVEL_THRESHOLDS.length

/** The window at `now`: activities created in (start, end] count; one created exactly 90 days ago does not. */
export function windowAt (now: number): { start: number, end: number } {
  return { start: now - WINDOW_SECONDS, end: now }
}

export function inWindow (createdAt: number, now: number): boolean {
  return createdAt > now - WINDOW_SECONDS && createdAt <= now
}

/** The UTC day of an instant: the key of a member's daily activity counts. */
export function dayOf (at: number): number {
  return Math.floor(at / DAY_SECONDS)
}

/**
 * The first instant at which an activity created at `createdAt` no longer counts: a pulse computed at `now`
 * stays exact until the earliest of these over the activities it counted.
 */
export function leavesWindowAt (createdAt: number): number {
  return createdAt + WINDOW_SECONDS
}

export interface Points {
  points: number
  channelPoints: ReadonlyArray<{ channelId: string, points: number }>
}

/** What one activity of this type gives: its channel's override when the type has one, else the type's points. */
export function pointsOf (type: Points, channelId: string | null): number {
  if (channelId !== null) {
    for (const override of type.channelPoints) if (override.channelId === channelId) return override.points
  }
  return type.points
}

export function levelOf (pulse: number, thresholds: readonly number[]): number {
  let level = 0
  while (level < thresholds.length && pulse >= thresholds[level]!) level++
  return level
}

/** The least pulse of a member at `level` or above; undefined for level 0, which every member has. */
export function minPulseForLevel (level: number, thresholds: readonly number[]): number | undefined {
  return level <= 0 ? undefined : thresholds[Math.min(level, thresholds.length) - 1]
}

/** The problem with a list of level thresholds, or undefined: exactly 12 strictly ascending integers from 1 up. */
export function thresholdsProblem (thresholds: readonly number[]): string | undefined {
  if (thresholds.length !== LEVELS) return `must hold exactly ${LEVELS} thresholds`
  if (!thresholds.every(Number.isSafeInteger)) return 'must be integers'
  if (thresholds[0]! < 1) return 'must start at 1 or above'
  if (thresholds.some((value, i) => i > 0 && value <= thresholds[i - 1]!)) return 'must be strictly ascending'
  return undefined
}

/** The activities of one type in a member's window, and the points they gave. */
export interface TypeContribution {
  activityTypeId: string
  activityTypeKey: string
  activities: number
  points: number
}

export interface Engagement {
  memberId: string
  pulse: number
  level: number
  excluded: boolean
  windowStart: number
  windowEnd: number
  breakdown: TypeContribution[]
}

/**
 * A member's engagement at `now` from its contributions per type (types with no activity in the window
 * dropped, the rest by points descending, then key). An excluded member's pulse and level are 0; its breakdown
 * still says what it would have.
 */
export function engagementOf (memberId: string, contributions: readonly TypeContribution[], excluded: boolean,
  thresholds: readonly number[], now: number): Engagement {
  const breakdown = contributions.filter((entry) => entry.activities > 0)
    .sort((a, b) => b.points - a.points || (a.activityTypeKey < b.activityTypeKey ? -1 : a.activityTypeKey > b.activityTypeKey ? 1 : 0))
  const pulse = excluded ? 0 : breakdown.reduce((sum, entry) => sum + entry.points, 0)
  const { start, end } = windowAt(now)
  return { memberId, pulse, level: levelOf(pulse, thresholds), excluded, windowStart: start, windowEnd: end, breakdown }
}
