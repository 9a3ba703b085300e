import type { BackfillSql } from '../backfill.js'
import { BACKFILL_BATCH, BACKFILL_COLUMNS } from '../model/duplicates.js'

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
