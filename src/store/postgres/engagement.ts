import { DEFAULT_LEVEL_THRESHOLDS, dayOf, engagementOf, inWindow, type TypeContribution } from '../../domain/engagement.js'
import type { Clock } from '../../domain/time.js'
import { isId } from '../../domain/uuid.js'
import type { EngagementStore } from '../types.js'
import { addedPointsOf, contributionsOf, exactUntil, knownPulse, NEVER, NO_CHANNEL, pulseOf, windowParts, type ContributionRow, type CountedRow } from '../model/engagement.js'
import type { ActivityRow, MemberRow } from '../model/records.js'
import { allSettled, statement, transaction, type Db, type Pool } from './database.js'

// The PostgreSQL side of engagement (model/engagement.ts says how it stays exact): the daily counts, the exact
// pulse of a member, the stored pulses and their refresh, thresholds, exclusion. Writes to a member's pulse run
// under the member's row lock, which every activity write takes first (activities.ts), so they serialise.

/**
 * Members a refresher transaction stores at once. Their rows stay locked until it commits, and a points change must
 * mark them stale again after it (it waits for those locks, or it could miss a pulse computed on the old points):
 * small batches keep that wait short: a large batch holds its rows for seconds under load, and a points change
 * waiting behind it would pass the statement timeout (a 503).
 */
const REFRESH_BATCH = 25

const channelOf = (row: Pick<ActivityRow, 'channel_id'>) => row.channel_id ?? NO_CHANNEL

/**
 * The SET terms that raise a member's stored pulse by the points of one new activity when it is in the window (the
 * SQL `inWindow`), in the statement that updates the member's counts: $n the type, $n+1 the channel (NO_CHANNEL for
 * none), $n+2 now, $n+3 when the activity leaves the window ($1 the workspace). A stale (or excluded) member takes
 * no points, as in `added`.
 */
export const addPointsSql = (n: number, inWindow: string) => {
  const adding = `${inWindow} AND m.excluded = 0 AND m.pulse_until + 0 > $${n + 2}`
  return `pulse = CASE WHEN ${adding} THEN m.pulse + coalesce(
      (SELECT points FROM activity_type_channel_points WHERE workspace_id = $1 AND activity_type_id = $${n} AND channel_id = $${n + 1}),
      (SELECT points FROM activity_types WHERE workspace_id = $1 AND id = $${n}), 0) ELSE m.pulse END,
    pulse_until = CASE WHEN ${adding} THEN least(m.pulse_until, $${n + 3}) ELSE m.pulse_until END`
}

// The points lock of a workspace: activity writes hold it in shared mode from before they lock a member or read a
// type's points (a new activity's added points), a change of points (a type's points or overrides, a channel's delete) in
// exclusive mode from before it marks members stale. So a change waits for the writes that may have read the old
// points, then sees their activities when it marks their members; a write that starts later reads the new points.
// Without it, a write that read the old points and committed after the change marked the type's members kept a
// stale pulse as if exact.
const POINTS_LOCK = 730_147
/** The SQL taking the points lock of the workspace `workspaceId` (a placeholder) for an activity write. */
export const readingPointsSql = (workspaceId: string) => `pg_advisory_xact_lock_shared(${POINTS_LOCK}, hashtext(${workspaceId}::text))::text`
const readingPoints = statement(`SELECT ${readingPointsSql('$1')}`)
const changingPoints = statement(`SELECT pg_advisory_xact_lock(${POINTS_LOCK}, hashtext($1::text))::text`)

/** Takes the workspace's points lock for an activity write (shared); send it before the write's member locks. */
export async function lockPointsForWrite (db: Db, workspaceId: string): Promise<void> {
  if (isId(workspaceId)) await readingPoints(db, workspaceId)
}

/**
 * The statement adding to daily counts, from `counts`: a query of rows (workspace, member, day, type, channel, n),
 * each key once (ON CONFLICT needs that).
 */
export const countDaysSql = (counts: string) => `INSERT INTO member_activity_days AS d (workspace_id, member_id, day, activity_type_id, channel_id, activities)
  ${counts}
  ON CONFLICT (workspace_id, member_id, day, activity_type_id, channel_id) DO UPDATE SET activities = d.activities + excluded.activities`

/** The SQL of a workspace's level thresholds ($1), for use inside a larger statement: null for the defaults. */
export const THRESHOLDS_SQL = '(SELECT level_thresholds FROM engagement_settings WHERE workspace_id = $1)'
/** The thresholds THRESHOLDS_SQL read. */
export const thresholdsOf = (stored: readonly number[] | null): readonly number[] => stored ?? DEFAULT_LEVEL_THRESHOLDS

export function postgresEngagement (pool: Pool, clock: Clock) {
  const insertDays = statement(countDaysSql('SELECT $1::uuid, m, day, t, c, n FROM unnest($2::uuid[], $3::int4[], $4::uuid[], $5::uuid[], $6::int4[]) AS x (m, day, t, c, n)'))
  const dropEmptyDays = statement('DELETE FROM member_activity_days WHERE workspace_id = $1 AND member_id = ANY($2::uuid[]) AND activities = 0')
  const pointsOf = statement<{ type: string, channel: string, points: number }>(`SELECT x.t AS type, x.c AS channel,
      coalesce(o.points, t.points) AS points
    FROM unnest($2::uuid[], $3::uuid[]) AS x (t, c)
    JOIN activity_types t ON t.workspace_id = $1 AND t.id = x.t
    LEFT JOIN activity_type_channel_points o ON o.workspace_id = $1 AND o.activity_type_id = x.t AND o.channel_id = x.c`)
  const contributions = statement<ContributionRow>(`SELECT d.activity_type_id, t.key, sum(d.activities)::float8 AS activities,
      sum(d.activities * coalesce(o.points, t.points))::float8 AS points
    FROM member_activity_days d
    JOIN activity_types t ON t.workspace_id = d.workspace_id AND t.id = d.activity_type_id
    LEFT JOIN activity_type_channel_points o ON o.workspace_id = d.workspace_id AND o.activity_type_id = d.activity_type_id
      AND o.channel_id = d.channel_id
    WHERE d.workspace_id = $1 AND d.member_id = $2 AND d.day > $3 AND d.day <= $4
    GROUP BY d.activity_type_id, t.key
    UNION ALL
    SELECT a.activity_type_id, t.key, count(*)::float8, sum(coalesce(o.points, t.points))::float8
    FROM activities a
    JOIN activity_types t ON t.workspace_id = a.workspace_id AND t.id = a.activity_type_id
    LEFT JOIN activity_type_channel_points o ON o.workspace_id = a.workspace_id AND o.activity_type_id = a.activity_type_id
      AND o.channel_id = a.channel_id
    WHERE a.workspace_id = $1 AND a.member_id = $2 AND a.created_at > to_timestamp($5) AND a.created_at < to_timestamp($6)
    GROUP BY a.activity_type_id, t.key`)
  const earliest = statement<{ at: number | null }>(`SELECT extract(epoch FROM min(created_at))::float8 AS at FROM activities
    WHERE workspace_id = $1 AND member_id = $2 AND created_at > to_timestamp($3)`)
  const store = statement('UPDATE members SET pulse = $3, pulse_until = $4 WHERE workspace_id = $1 AND id = $2 AND excluded = 0')
  const markStale = statement('UPDATE members SET pulse_until = 0 WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND excluded = 0')
  // `m.id = ANY(...)` beside the join: the members are then fetched by their key, where a join to unnest alone may be
  // planned as a scan of every member (a generic plan, or stale statistics), milliseconds for each activity written.
  // `pulse_until + 0`: no index on pulse_until can serve the statement either (a generic plan on a new table's
  // statistics walked members_by_pulse_until over every exact member of the workspace).
  const addPoints = statement(`UPDATE members m SET pulse = m.pulse + g.points, pulse_until = least(m.pulse_until, g.until)
    FROM unnest($2::uuid[], $3::float8[], $4::float8[]) AS g (id, points, until)
    WHERE m.workspace_id = $1 AND m.id = ANY($2::uuid[]) AND m.id = g.id AND m.excluded = 0 AND m.pulse_until + 0 > $5`)
  const staleOfType = statement(`UPDATE members SET pulse_until = 0 WHERE workspace_id = $1 AND excluded = 0 AND id IN (
    SELECT member_id FROM activities WHERE workspace_id = $1 AND activity_type_id = $2 AND created_at > to_timestamp($3))`)
  const staleOfChannel = statement(`UPDATE members SET pulse_until = 0 WHERE workspace_id = $1 AND excluded = 0 AND id IN (
    SELECT member_id FROM activities WHERE workspace_id = $1 AND channel_id = $2 AND created_at > to_timestamp($3))`)
  // Members another refresher holds are skipped: it stores them.
  const staleMembers = statement<{ workspace_id: string, id: string }>(`SELECT workspace_id, id FROM members
    WHERE pulse_until <= $1 AND excluded = 0 LIMIT ${REFRESH_BATCH} FOR UPDATE SKIP LOCKED`)
  const selectThresholds = statement<{ level_thresholds: number[] | null }>(`SELECT ${THRESHOLDS_SQL} AS level_thresholds`)
  const upsertThresholds = statement(`INSERT INTO engagement_settings (workspace_id, level_thresholds) VALUES ($1, $2::int4[])
    ON CONFLICT (workspace_id) DO UPDATE SET level_thresholds = excluded.level_thresholds`)
  const lockMember = statement<Pick<MemberRow, 'excluded'>>('SELECT excluded FROM members WHERE workspace_id = $1 AND id = $2 FOR UPDATE')
  const selectMember = statement<Pick<MemberRow, 'excluded'>>('SELECT excluded FROM members WHERE workspace_id = $1 AND id = $2')
  const setExcluded = statement(`UPDATE members SET excluded = $3::int2, pulse = 0, pulse_until = CASE WHEN $3::int2 = 1 THEN ${NEVER} ELSE 0 END
    WHERE workspace_id = $1 AND id = $2`)
  const channelDays = statement<{ member_id: string, day: number, activity_type_id: string, n: number }>(`SELECT member_id,
      floor(extract(epoch FROM created_at) / 86400)::int4 AS day, activity_type_id, count(*)::int4 AS n
    FROM activities WHERE workspace_id = $1 AND channel_id = $2 GROUP BY 1, 2, 3`)
  const dropOverrides = statement<{ activity_type_id: string }>(`DELETE FROM activity_type_channel_points WHERE workspace_id = $1
    AND channel_id = $2 RETURNING activity_type_id`)
  const dropOverridesOfTypes = statement(`UPDATE activity_types SET updated_at = to_timestamp($4), channel_points = coalesce((
      SELECT jsonb_agg(e ORDER BY n)::text FROM jsonb_array_elements(channel_points::jsonb) WITH ORDINALITY AS x (e, n)
      WHERE e->>'channelId' <> $3::text), '[]')
    WHERE workspace_id = $1 AND id = ANY($2::uuid[])`)

  /** Counts each new activity in its member's day. */
  async function counted (db: Db, rows: readonly CountedRow[]): Promise<void> {
    if (rows.length === 0) return
    await countDays(db, rows[0]!.workspace_id, rows.map((row) => row.member_id), rows.map((row) => dayOf(row.created_at)),
      rows.map((row) => row.activity_type_id), rows.map(channelOf), rows.map(() => 1))
  }

  /** Adds `n` to each (member, day, type, channel) count; one statement, each key once (ON CONFLICT needs that). */
  async function countDays (db: Db, workspaceId: string, members: readonly string[], days: readonly number[], types: readonly string[],
    channels: readonly string[], n: readonly number[]): Promise<void> {
    const sums = new Map<string, number>()
    members.forEach((member, i) => {
      const key = `${member} ${days[i]} ${types[i]} ${channels[i]}`
      sums.set(key, (sums.get(key) ?? 0) + n[i]!)
    })
    const keys = [...sums.keys()].map((key) => key.split(' '))
    await insertDays(db, workspaceId, keys.map((k) => k[0]!), keys.map((k) => Number(k[1])), keys.map((k) => k[2]!), keys.map((k) => k[3]!), [...sums.values()])
  }

  async function contributionsAt (db: Db, workspaceId: string, memberId: string, now: number): Promise<TypeContribution[]> {
    const { boundaryDay, today, start, boundaryEnd } = windowParts(now)
    return contributionsOf(await contributions(db, workspaceId, memberId, boundaryDay, today, start, boundaryEnd))
  }

  /** Computes and stores a member's pulse at `now` (its row locked), with the instant until which it stays exact. */
  async function refresh (db: Db, workspaceId: string, memberId: string, now: number): Promise<void> {
    const [found, [first]] = await allSettled([contributionsAt(db, workspaceId, memberId, now), earliest(db, workspaceId, memberId, windowParts(now).start)])
    await store(db, workspaceId, memberId, pulseOf(found), exactUntil(first?.at))
  }

  async function thresholds (db: Db, workspaceId: string): Promise<readonly number[]> {
    if (!isId(workspaceId)) return DEFAULT_LEVEL_THRESHOLDS
    const [row] = await selectThresholds(db, workspaceId)
    return thresholdsOf(row!.level_thresholds)
  }

  /** The member's pulse at `now`: the stored one while exact, else computed (no write). */
  const pulseAt = async (db: Db, row: Pick<MemberRow, 'workspace_id' | 'id' | 'pulse' | 'pulse_until' | 'excluded'>, now: number): Promise<number> =>
    knownPulse(row, now) ?? pulseOf(await contributionsAt(db, row.workspace_id, row.id, now))

  async function explain (db: Db, workspaceId: string, memberId: string, excluded: number, now: number) {
    const [found, levels] = await allSettled([contributionsAt(db, workspaceId, memberId, now), thresholds(db, workspaceId)])
    return engagementOf(memberId, found, excluded === 1, levels, now)
  }

  /** Stores the pulses of stale members again, a batch per transaction; answers how many. */
  async function refreshAll (): Promise<number> {
    let total = 0
    for (let done = REFRESH_BATCH; done === REFRESH_BATCH; total += done) {
      done = await transaction(pool, async (tx) => {
        const now = clock()
        const stale = await staleMembers(tx, now)
        await allSettled(stale.map(async (member) => await refresh(tx, member.workspace_id, member.id, now)))
        return stale.length
      })
    }
    return total
  }

  const engagement: EngagementStore = {
    async settings (workspaceId) {
      return { levelThresholds: [...await thresholds(pool, workspaceId)] }
    },
    async setSettings (workspaceId, settings) {
      await upsertThresholds(pool, workspaceId, settings.levelThresholds)
      return { levelThresholds: [...settings.levelThresholds] }
    },
    async explain (workspaceId, memberId) {
      if (!isId(workspaceId) || !isId(memberId)) return undefined
      return await transaction(pool, async (tx) => {
        const [row] = await selectMember(tx, workspaceId, memberId)
        return row && await explain(tx, workspaceId, memberId, row.excluded, clock())
      })
    },
    async setExcluded (workspaceId, memberId, excluded) {
      if (!isId(workspaceId) || !isId(memberId)) return undefined
      return await transaction(pool, async (tx) => {
        const now = clock()
        const [row] = await lockMember(tx, workspaceId, memberId)
        if (row === undefined) return undefined
        await setExcluded(tx, workspaceId, memberId, excluded ? 1 : 0)
        if (!excluded) await refresh(tx, workspaceId, memberId, now)
        return await explain(tx, workspaceId, memberId, excluded ? 1 : 0, now)
      })
    }
  }

  return {
    engagement,
    thresholds,
    pulseAt,
    refreshAll,

    /**
     * New activities of a workspace (their members locked): each one's day counted, and each member's stored
     * pulse raised by the points of those in the window (a stale one stays stale: it is computed on read).
     */
    async added (db: Db, rows: readonly CountedRow[], now: number): Promise<void> {
      const workspaceId = rows[0]?.workspace_id
      if (workspaceId === undefined) return
      const locked = lockPointsForWrite(db, workspaceId)
      const counting = counted(db, rows)
      const recent = rows.filter((row) => inWindow(row.created_at, now))
      if (recent.length === 0) {
        await allSettled([locked, counting])
        return
      }
      const [, , points] = await allSettled([locked, counting, pointsOf(db, workspaceId, recent.map((row) => row.activity_type_id), recent.map(channelOf))])
      const pointsByKey = new Map(points.map((row) => [`${row.type} ${row.channel}`, row.points]))
      const added = addedPointsOf(recent, now, (row) => pointsByKey.get(`${row.activity_type_id} ${channelOf(row)}`) ?? 0)
      const ids = [...added.keys()]
      await addPoints(db, workspaceId, ids, ids.map((id) => added.get(id)!.points), ids.map((id) => added.get(id)!.until), now)
    },

    /** An activity gone (or about to change; its member locked): its day uncounted, its member's pulse computed anew on read. */
    async removed (db: Db, row: ActivityRow): Promise<void> {
      await allSettled([
        countDays(db, row.workspace_id, [row.member_id], [dayOf(row.created_at)], [row.activity_type_id], [row.channel_id ?? NO_CHANNEL], [-1]),
        dropEmptyDays(db, row.workspace_id, [row.member_id]),
        markStale(db, row.workspace_id, [row.member_id])
      ])
    },

    /** Before a type's points or overrides change: every member with activities of it in the window goes stale. */
    async typeChanging (db: Db, workspaceId: string, typeId: string, now: number): Promise<void> {
      await changingPoints(db, workspaceId)
      await staleOfType(db, workspaceId, typeId, windowParts(now).start)
    },

    /**
     * Before a channel is deleted (its activities still in it): the types' overrides for it go, which stales the
     * members with activities in it in the window, and its days are counted as in no channel.
     */
    async channelRemoving (db: Db, workspaceId: string, channelId: string, now: number): Promise<void> {
      await changingPoints(db, workspaceId)
      const types = (await dropOverrides(db, workspaceId, channelId)).map((row) => row.activity_type_id)
      if (types.length > 0) {
        await allSettled([
          staleOfChannel(db, workspaceId, channelId, windowParts(now).start),
          dropOverridesOfTypes(db, workspaceId, types, channelId, now)
        ])
      }
      const days = await channelDays(db, workspaceId, channelId)
      if (days.length === 0) return
      const members = days.map((d) => d.member_id)
      const keys = [members, days.map((d) => d.day), days.map((d) => d.activity_type_id)] as const
      await countDays(db, workspaceId, ...keys, days.map(() => channelId), days.map((d) => -d.n))
      await countDays(db, workspaceId, ...keys, days.map(() => NO_CHANNEL), days.map((d) => d.n))
      await dropEmptyDays(db, workspaceId, [...new Set(members)])
    }
  }
}

export type PostgresEngagement = ReturnType<typeof postgresEngagement>
