import type { BackfillSql } from '../backfill.js'
import { PURGE_BATCH, type IdempotencySql } from '../idempotency.js'
import type { MergeSql } from '../merges.js'
import { BACKFILL_BATCH, BACKFILL_COLUMNS } from '../model/duplicates.js'
import { NO_CHANNEL } from '../model/engagement.js'
import { activities } from '../model/resources.js'

// PostgreSQL's text of the statements the store's logic runs where the two databases differ (src/store/driver.ts).

// FOR SHARE: a write of one of these members (which reads it FOR UPDATE first) waits for the batch, then keeps
// the keys in step from the row the batch read; a write that came first is what the batch reads.
const backfillSelect = `SELECT ${BACKFILL_COLUMNS.replace('created_at', 'extract(epoch FROM created_at)::float8 AS created_at')} FROM members`
export const backfill: BackfillSql = {
  cursor: 'SELECT workspace_id, member_id FROM member_keys_backfill FOR UPDATE',
  first: `${backfillSelect} ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH} FOR SHARE`,
  after: `${backfillSelect} WHERE (workspace_id, id) > ($1::uuid, $2::uuid) ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH} FOR SHARE`,
  add: `INSERT INTO member_keys (workspace_id, member_id, kind, key, created_at)
    SELECT (r ->> 0)::uuid, (r ->> 1)::uuid, r ->> 2, r ->> 3, (r ->> 4)::int8 FROM jsonb_array_elements($1::text::jsonb) AS r
    ON CONFLICT DO NOTHING`
}

const activityColumns = activities.columns.map((c) => c === 'created_at' || c === 'updated_at' ? `extract(epoch FROM ${c})::float8 AS ${c}` : c).join(', ')
const mergeColumns = 'workspace_id, id, member_id, merged_member_id, created_at::float8 AS created_at, state'
export const merges: MergeSql = {
  activitiesOf: `SELECT ${activityColumns} FROM activities WHERE workspace_id = $1 AND member_id = $2 ORDER BY created_at, id FOR UPDATE`,
  activitiesIn: `SELECT ${activityColumns} FROM activities WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
  moveAll: 'UPDATE activities SET member_id = $3, updated_at = to_timestamp($4) WHERE workspace_id = $1 AND member_id = $2',
  moveBack: `UPDATE activities a SET member_id = $2, updated_at = to_timestamp(m.at)
    FROM (SELECT (r ->> 0)::uuid AS id, (r ->> 1)::float8 AS at FROM jsonb_array_elements($3::text::jsonb) AS r) AS m
    WHERE a.workspace_id = $1 AND a.id = m.id`,
  countDays: `INSERT INTO member_activity_days (workspace_id, member_id, day, activity_type_id, channel_id, activities)
    SELECT workspace_id, member_id, floor(extract(epoch FROM created_at) / 86400)::int4, activity_type_id,
      coalesce(channel_id, '${NO_CHANNEL}'::uuid), count(*)
    FROM activities WHERE workspace_id = $1 AND member_id = $2 GROUP BY 1, 2, 3, 4, 5`,
  derive: `UPDATE members m SET activity_count = a.n, first_activity = a.first, last_activity = a.last,
      pulse_until = CASE WHEN m.excluded = 1 THEN m.pulse_until ELSE 0 END
    FROM (SELECT count(*) AS n, min(created_at) AS first, max(created_at) AS last FROM activities WHERE workspace_id = $1 AND member_id = $2) AS a
    WHERE m.workspace_id = $1 AND m.id = $2`,
  selectMerge: `SELECT ${mergeColumns} FROM member_merges WHERE workspace_id = $1 AND id = $2`,
  lockMerge: `SELECT ${mergeColumns} FROM member_merges WHERE workspace_id = $1 AND id = $2 FOR UPDATE`,
  laterMerge: `SELECT 1 FROM member_merges WHERE workspace_id = $1 AND member_id = $2
    AND (created_at, id) > ($3::bigint, $4::uuid) LIMIT 1`,
  expireBatch: `UPDATE member_merges SET state = NULL WHERE (workspace_id, id) IN (
    SELECT workspace_id, id FROM member_merges WHERE state IS NOT NULL AND created_at < $1 LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)`
}

export const idempotency: IdempotencySql = {
  // A transaction-level advisory lock on a hash of workspace and key (seeded, to stay clear of migrate.ts's
  // constant): two keys that collide while both are in flight make the later one a 409 it need not be, once in 2^64.
  tryLock: "SELECT pg_try_advisory_xact_lock(hashtextextended($1 || ' ' || $2, 16)) AS locked",
  purgeBatch: `DELETE FROM idempotency_keys WHERE (workspace_id, key) IN (
    SELECT workspace_id, key FROM idempotency_keys WHERE expires_at < $1 LIMIT ${PURGE_BATCH})`
}
