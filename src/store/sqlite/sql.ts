import type { BackfillSql } from '../backfill.js'
import { PURGE_BATCH, type IdempotencySql } from '../idempotency.js'
import type { MergeSql } from '../merges.js'
import { BACKFILL_BATCH, BACKFILL_COLUMNS } from '../model/duplicates.js'
import { NO_CHANNEL } from '../model/engagement.js'
import { activities } from '../model/resources.js'

// SQLite's text of the statements the store's logic runs where the two databases differ (src/store/driver.ts).

export const backfill: BackfillSql = {
  cursor: 'SELECT workspace_id, member_id FROM member_keys_backfill',
  first: `SELECT ${BACKFILL_COLUMNS} FROM members ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH}`,
  after: `SELECT ${BACKFILL_COLUMNS} FROM members WHERE (workspace_id, id) > ($1, $2) ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH}`,
  add: `INSERT OR IGNORE INTO member_keys (workspace_id, member_id, kind, key, created_at)
    SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each($1)`
}

const activityColumns = activities.columns.join(', ')
export const merges: MergeSql = {
  activitiesOf: `SELECT ${activityColumns} FROM activities WHERE workspace_id = $1 AND member_id = $2 ORDER BY created_at, id`,
  activitiesIn: `SELECT ${activityColumns} FROM activities WHERE workspace_id = $1 AND id IN (SELECT value FROM json_each($2))`,
  moveAll: 'UPDATE activities SET member_id = $3, updated_at = $4 WHERE workspace_id = $1 AND member_id = $2',
  moveBack: `UPDATE activities SET member_id = $2, updated_at = m.value ->> 1 FROM json_each($3) AS m
    WHERE activities.workspace_id = $1 AND activities.id = m.value ->> 0`,
  countDays: `INSERT INTO member_activity_days (workspace_id, member_id, day, activity_type_id, channel_id, activities)
    SELECT workspace_id, member_id, created_at / 86400, activity_type_id, coalesce(channel_id, '${NO_CHANNEL}'), count(*)
    FROM activities WHERE workspace_id = $1 AND member_id = $2 GROUP BY 3, 4, 5`,
  derive: `UPDATE members SET (activity_count, first_activity, last_activity) = (
      SELECT count(*), min(created_at), max(created_at) FROM activities WHERE workspace_id = $1 AND member_id = $2),
      pulse_until = CASE WHEN excluded = 1 THEN pulse_until ELSE 0 END
    WHERE workspace_id = $1 AND id = $2`,
  selectMerge: 'SELECT * FROM member_merges WHERE workspace_id = $1 AND id = $2',
  lockMerge: 'SELECT * FROM member_merges WHERE workspace_id = $1 AND id = $2',
  laterMerge: 'SELECT 1 FROM member_merges WHERE workspace_id = $1 AND member_id = $2 AND (created_at, id) > ($3, $4)',
  expireBatch: `UPDATE member_merges SET state = NULL WHERE rowid IN (
    SELECT rowid FROM member_merges WHERE state IS NOT NULL AND created_at < $1 LIMIT ${PURGE_BATCH})`
}

export const idempotency: IdempotencySql = {
  // The unit holds the database's write lock, and this process's other requests with the key are refused before it.
  tryLock: 'SELECT 1 AS locked',
  purgeBatch: `DELETE FROM idempotency_keys WHERE rowid IN (
    SELECT rowid FROM idempotency_keys WHERE expires_at < $1 LIMIT ${PURGE_BATCH})`
}
