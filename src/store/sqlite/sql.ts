import type { BackfillSql } from '../backfill.js'
import { BACKFILL_BATCH, BACKFILL_COLUMNS } from '../model/duplicates.js'

// SQLite's text of the statements the store's logic runs where the two databases differ (src/store/driver.ts).

export const backfill: BackfillSql = {
  cursor: 'SELECT workspace_id, member_id FROM member_keys_backfill',
  first: `SELECT ${BACKFILL_COLUMNS} FROM members ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH}`,
  after: `SELECT ${BACKFILL_COLUMNS} FROM members WHERE (workspace_id, id) > ($1, $2) ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH}`,
  add: `INSERT OR IGNORE INTO member_keys (workspace_id, member_id, kind, key, created_at)
    SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each($1)`
}
