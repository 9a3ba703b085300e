import { DEFAULT_LEVEL_THRESHOLDS, dayOf, engagementOf, type TypeContribution } from '../../domain/engagement.js'
import type { Clock } from '../../domain/time.js'
import type { EngagementStore } from '../types.js'
import { addedPointsOf, contributionsOf, exactUntil, knownPulse, NEVER, NO_CHANNEL, pulseOf, windowParts, type AddedPoints, type ContributionRow, type CountedRow } from '../model/engagement.js'
import type { ActivityRow, MemberRow } from '../model/records.js'
import { writer, type Db } from './database.js'

// The SQLite side of engagement (model/engagement.ts says how it stays exact): the daily counts, the exact
// pulse of a member, the stored pulses and their refresh, thresholds, exclusion. What the activity, type and
// channel writes call runs inside their transactions.

/** Members a refresher transaction stores at once (one transaction of the writer, which other writes wait for). */
const REFRESH_BATCH = 500

export function sqliteEngagement (db: Db, clock: Clock) {
  const countDay = db.prepare(`INSERT INTO member_activity_days (workspace_id, member_id, day, activity_type_id, channel_id, activities)
    VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET activities = activities + excluded.activities`)
  const dropEmptyDays = db.prepare(`DELETE FROM member_activity_days WHERE workspace_id = ? AND member_id = ? AND day = ?
    AND activity_type_id = ? AND channel_id = ? AND activities = 0`)
  const pointsOf = db.prepare(`SELECT coalesce(
      (SELECT points FROM activity_type_channel_points WHERE workspace_id = @workspace_id AND activity_type_id = @type AND channel_id = @channel),
      (SELECT points FROM activity_types WHERE workspace_id = @workspace_id AND id = @type))`).pluck()
  const fullDays = db.prepare(`SELECT d.activity_type_id, t.key, sum(d.activities) AS activities,
      sum(d.activities * coalesce(o.points, t.points)) AS points
    FROM member_activity_days d
    JOIN activity_types t ON t.workspace_id = d.workspace_id AND t.id = d.activity_type_id
    LEFT JOIN activity_type_channel_points o ON o.workspace_id = d.workspace_id AND o.activity_type_id = d.activity_type_id
      AND o.channel_id = d.channel_id
    WHERE d.workspace_id = @workspace_id AND d.member_id = @member_id AND d.day > @boundaryDay AND d.day <= @today
    GROUP BY d.activity_type_id`)
  const boundaryDay = db.prepare(`SELECT a.activity_type_id, t.key, count(*) AS activities, sum(coalesce(o.points, t.points)) AS points
    FROM activities a
    JOIN activity_types t ON t.workspace_id = a.workspace_id AND t.id = a.activity_type_id
    LEFT JOIN activity_type_channel_points o ON o.workspace_id = a.workspace_id AND o.activity_type_id = a.activity_type_id
      AND o.channel_id = a.channel_id
    WHERE a.workspace_id = @workspace_id AND a.member_id = @member_id AND a.created_at > @start AND a.created_at < @boundaryEnd
    GROUP BY a.activity_type_id`)
  const earliest = db.prepare(`SELECT min(created_at) FROM activities
    WHERE workspace_id = @workspace_id AND member_id = @member_id AND created_at > @start`).pluck()
  const store = db.prepare('UPDATE members SET pulse = ?, pulse_until = ? WHERE workspace_id = ? AND id = ? AND excluded = 0')
  const markStale = db.prepare('UPDATE members SET pulse_until = 0 WHERE workspace_id = ? AND id = ? AND excluded = 0')
  // Adding points moves pulse_until only when the new activities leave the window before every counted one does, mostly
  // for a member with none counted: SQLite rewrites the index entries of every column an UPDATE sets (pulse_until
  // is in two), changed or not, so the common addition sets pulse alone.
  const addPointsWithin = db.prepare(`UPDATE members SET pulse = pulse + @points
    WHERE workspace_id = @workspace_id AND id = @member_id AND excluded = 0 AND pulse_until > @now AND pulse_until <= @until`)
  const addPointsUntil = db.prepare(`UPDATE members SET pulse = pulse + @points, pulse_until = @until
    WHERE workspace_id = @workspace_id AND id = @member_id AND excluded = 0 AND pulse_until > @now AND pulse_until > @until`)
  const staleOfType = db.prepare(`UPDATE members SET pulse_until = 0 WHERE workspace_id = @workspace_id AND excluded = 0
    AND id IN (SELECT member_id FROM activities WHERE workspace_id = @workspace_id AND activity_type_id = @type AND created_at > @start)`)
  const staleOfChannel = db.prepare(`UPDATE members SET pulse_until = 0 WHERE workspace_id = @workspace_id AND excluded = 0
    AND id IN (SELECT member_id FROM activities WHERE workspace_id = @workspace_id AND channel_id = @channel AND created_at > @start)`)
  const staleMembers = db.prepare(`SELECT workspace_id, id FROM members WHERE pulse_until <= ? AND excluded = 0 LIMIT ${REFRESH_BATCH}`)
  const selectThresholds = db.prepare('SELECT level_thresholds FROM engagement_settings WHERE workspace_id = ?').pluck()
  const upsertThresholds = db.prepare(`INSERT INTO engagement_settings (workspace_id, level_thresholds) VALUES (?, ?)
    ON CONFLICT DO UPDATE SET level_thresholds = excluded.level_thresholds`)
  const selectMember = db.prepare('SELECT workspace_id, id, pulse, pulse_until, excluded FROM members WHERE workspace_id = ? AND id = ?')
  const setExcluded = db.prepare(`UPDATE members SET excluded = ?, pulse = 0, pulse_until = CASE WHEN ? = 1 THEN ${NEVER} ELSE 0 END
    WHERE workspace_id = ? AND id = ?`)

  const channelDays = db.prepare(`SELECT member_id, created_at / 86400 AS day, activity_type_id, count(*) AS n FROM activities
    WHERE workspace_id = ? AND channel_id = ? GROUP BY 1, 2, 3`)
  const typesOverriding = db.prepare('SELECT activity_type_id FROM activity_type_channel_points WHERE workspace_id = ? AND channel_id = ?').pluck()
  const dropOverrides = db.prepare('DELETE FROM activity_type_channel_points WHERE workspace_id = ? AND channel_id = ?')
  const overridesOf = db.prepare('SELECT channel_points FROM activity_types WHERE workspace_id = ? AND id = ?').pluck()
  const setOverrides = db.prepare('UPDATE activity_types SET channel_points = ?, updated_at = ? WHERE workspace_id = ? AND id = ?')

  const pointsOfActivity = (row: Pick<ActivityRow, 'workspace_id' | 'activity_type_id' | 'channel_id'>) =>
    pointsOf.get({ workspace_id: row.workspace_id, type: row.activity_type_id, channel: row.channel_id ?? NO_CHANNEL }) as number

  /** Counts each new activity in its member's day. */
  function counted (rows: readonly CountedRow[]): void {
    for (const row of rows) countDay.run(row.workspace_id, row.member_id, dayOf(row.created_at), row.activity_type_id, row.channel_id ?? NO_CHANNEL, 1)
  }

  /** What new activities add to each member's stored pulse (model/engagement.ts). */
  const addedPoints = (rows: readonly CountedRow[], now: number): Map<string, AddedPoints> => addedPointsOf(rows, now, pointsOfActivity)

  function contributions (workspaceId: string, memberId: string, now: number): TypeContribution[] {
    const params = { workspace_id: workspaceId, member_id: memberId, ...windowParts(now) }
    return contributionsOf([...fullDays.all(params), ...boundaryDay.all(params)] as ContributionRow[])
  }

  /** Computes and stores a member's pulse at `now`, with the instant until which it stays exact. */
  function refresh (workspaceId: string, memberId: string, now: number): void {
    const { start } = windowParts(now)
    const until = exactUntil(earliest.get({ workspace_id: workspaceId, member_id: memberId, start }) as number | null)
    store.run(pulseOf(contributions(workspaceId, memberId, now)), until, workspaceId, memberId)
  }

  function thresholds (workspaceId: string): readonly number[] {
    const stored = selectThresholds.get(workspaceId) as string | undefined
    return stored === undefined ? DEFAULT_LEVEL_THRESHOLDS : JSON.parse(stored)
  }

  /** The member's pulse at `now`: the stored one while exact, else computed (no write). */
  const pulseAt = (row: Pick<MemberRow, 'workspace_id' | 'id' | 'pulse' | 'pulse_until' | 'excluded'>, now: number): number =>
    knownPulse(row, now) ?? pulseOf(contributions(row.workspace_id, row.id, now))

  function explain (workspaceId: string, memberId: string, now: number) {
    const row = selectMember.get(workspaceId, memberId) as MemberRow | undefined
    if (row === undefined) return undefined
    return engagementOf(memberId, contributions(workspaceId, memberId, now), row.excluded === 1, thresholds(workspaceId), now)
  }

  /** Stores the pulses of a batch of stale members again; answers how many. */
  const refreshBatch = db.transaction((now: number): number => {
    const stale = staleMembers.all(now) as Array<{ workspace_id: string, id: string }>
    for (const member of stale) refresh(member.workspace_id, member.id, now)
    return stale.length
  })
  const write = writer(db)

  /** Stores the pulses of stale members again, a batch per transaction; answers how many. */
  async function refreshAll (): Promise<number> {
    let total = 0
    for (let done = REFRESH_BATCH; done === REFRESH_BATCH; total += done) done = await write(() => refreshBatch(clock()))
    return total
  }

  const setExclusion = db.transaction((workspaceId: string, memberId: string, excluded: boolean, now: number) => {
    if (selectMember.get(workspaceId, memberId) === undefined) return undefined
    setExcluded.run(excluded ? 1 : 0, excluded ? 1 : 0, workspaceId, memberId)
    if (!excluded) refresh(workspaceId, memberId, now)
    return explain(workspaceId, memberId, now)
  })

  // The member and its counts in one snapshot.
  const explainNow = db.transaction(explain)

  const engagement: EngagementStore = {
    async settings (workspaceId) {
      return { levelThresholds: [...thresholds(workspaceId)] }
    },
    async setSettings (workspaceId, settings) {
      await write(() => upsertThresholds.run(workspaceId, JSON.stringify(settings.levelThresholds)))
      return { levelThresholds: [...settings.levelThresholds] }
    },
    async explain (workspaceId, memberId) {
      return explainNow.deferred(workspaceId, memberId, clock())
    },
    async setExcluded (workspaceId, memberId, excluded) {
      return await write(() => setExclusion(workspaceId, memberId, excluded, clock()))
    }
  }

  return {
    engagement,
    thresholds,
    pulseAt,
    refreshAll,

    /**
     * New activities of a workspace: each one's day counted, and each member's stored pulse raised by the points
     * of those in the window (a stale one stays stale: it is computed on read).
     */
    added (rows: readonly ActivityRow[], now: number): void {
      counted(rows)
      const workspaceId = rows[0]?.workspace_id
      for (const [memberId, { points, until }] of addedPoints(rows, now)) {
        const added = { workspace_id: workspaceId, member_id: memberId, points, until, now }
        if (addPointsWithin.run(added).changes === 0) addPointsUntil.run(added)
      }
    },

    /** New activities whose members' pulses are raised by the caller's own update of them (addedPointsOf): their days counted. */
    counted,

    addedPointsOf: addedPoints,

    /** An activity gone (or about to change): its day uncounted, its member's pulse computed anew on read. */
    removed (row: ActivityRow): void {
      const key = [row.workspace_id, row.member_id, dayOf(row.created_at), row.activity_type_id, row.channel_id ?? NO_CHANNEL] as const
      countDay.run(...key, -1)
      dropEmptyDays.run(...key)
      markStale.run(row.workspace_id, row.member_id)
    },

    /** Before a type's points or overrides change: every member with activities of it in the window goes stale. */
    typeChanging (workspaceId: string, typeId: string, now: number): void {
      staleOfType.run({ workspace_id: workspaceId, type: typeId, start: windowParts(now).start })
    },

    /**
     * Before a channel is deleted (its activities still in it): the types' overrides for it go, which stales the
     * members with activities in it in the window, and its days are counted as in no channel.
     */
    channelRemoving (workspaceId: string, channelId: string, now: number): void {
      const types = typesOverriding.all(workspaceId, channelId) as string[]
      if (types.length > 0) staleOfChannel.run({ workspace_id: workspaceId, channel: channelId, start: windowParts(now).start })
      for (const typeId of types) {
        const kept = (JSON.parse(overridesOf.get(workspaceId, typeId) as string) as Array<{ channelId: string }>).filter((entry) => entry.channelId !== channelId)
        setOverrides.run(JSON.stringify(kept), now, workspaceId, typeId)
      }
      dropOverrides.run(workspaceId, channelId)
      for (const days of channelDays.all(workspaceId, channelId) as Array<{ member_id: string, day: number, activity_type_id: string, n: number }>) {
        const key = [workspaceId, days.member_id, days.day, days.activity_type_id] as const
        countDay.run(...key, channelId, -days.n)
        dropEmptyDays.run(...key, channelId)
        countDay.run(...key, NO_CHANNEL, days.n)
      }
    }
  }
}

export type SqliteEngagement = ReturnType<typeof sqliteEngagement>
