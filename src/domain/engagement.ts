// Engagement of a member, from its activities alone.
//
// pulse: every activity counts 1 when it happens and half as much every PULSE_HALF_LIFE after, so pulse is
// "recent activities, with the older ones fading". level: a tier of pulse (LEVEL_THRESHOLDS).
//
// Stores keep one number per member, the score: the sum of 2^((createdAt - SCORE_EPOCH) / half-life) over its
// activities. pulse(now) = score * 2^(-(now - SCORE_EPOCH) / half-life), so adding or removing an activity is an
// atomic `score = score ± weight`, and ordering members by score orders them by pulse at any moment.

export const PULSE_HALF_LIFE_SECONDS = 30 * 24 * 3600
const SCORE_EPOCH = Date.UTC(2025, 0, 1) / 1000
/** pulse >= LEVEL_THRESHOLDS[n - 1] means level >= n. */
export const LEVEL_THRESHOLDS = [1, 3, 10, 30, 100] as const

export function activityWeight (createdAt: number): number {
  return 2 ** ((createdAt - SCORE_EPOCH) / PULSE_HALF_LIFE_SECONDS)
}

/** What new activities add to one member: how many, their summed weights, the earliest and latest createdAt. */
export interface Gain {
  n: number
  weight: number
  first: number
  last: number
}

/** The gain of each member named in `memberIds` from activities created at `ats` (the same order). */
export function gainsByMember (memberIds: readonly string[], ats: readonly number[]): Map<string, Gain> {
  const gains = new Map<string, Gain>()
  memberIds.forEach((memberId, i) => {
    const at = ats[i]!
    const gain = gains.get(memberId)
    if (gain === undefined) gains.set(memberId, { n: 1, weight: activityWeight(at), first: at, last: at })
    else Object.assign(gain, { n: gain.n + 1, weight: gain.weight + activityWeight(at), first: Math.min(gain.first, at), last: Math.max(gain.last, at) })
  })
  return gains
}

/** Pulse at `now` (epoch seconds), rounded to two decimals; removals can leave a float residue below that. */
export function pulseAt (score: number, now: number): number {
  const pulse = score * 2 ** (-(now - SCORE_EPOCH) / PULSE_HALF_LIFE_SECONDS)
  return pulse > 0 ? Math.round(pulse * 100) / 100 : 0
}

export function levelOf (pulse: number): number {
  let level = 0
  while (level < LEVEL_THRESHOLDS.length && pulse >= LEVEL_THRESHOLDS[level]!) level++
  return level
}

/**
 * The lowest score whose member shows at least `level` at `now`: the member list's minLevel filter, as a
 * range on the stored score. Level comes from pulse rounded to 2 decimals, hence the half-hundredth.
 */
export function minScoreForLevel (level: number, now: number): number {
  if (level <= 0) return -Infinity
  const pulse = LEVEL_THRESHOLDS[Math.min(level, LEVEL_THRESHOLDS.length) - 1]! - 0.005
  return pulse * 2 ** ((now - SCORE_EPOCH) / PULSE_HALF_LIFE_SECONDS)
}
