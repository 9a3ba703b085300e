import { BACKFILL_BATCH, BACKFILL_COLUMNS, keyRowsOf } from '../model/duplicates.js'
import type { MemberRow } from '../model/records.js'
import { statement, transaction, type Db, type Pool } from './database.js'

const cursor = statement<{ workspace_id: string | null, member_id: string | null }>('SELECT workspace_id, member_id FROM member_keys_backfill FOR UPDATE')
// FOR SHARE: a write of one of these members (which reads it FOR UPDATE first) waits for the batch, then keeps
// the keys in step from the row the batch read; a write that came first is what the batch reads.
const select = `SELECT ${BACKFILL_COLUMNS.replace('created_at', 'extract(epoch FROM created_at)::float8 AS created_at')} FROM members`
const first = statement<MemberRow>(`${select} ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH} FOR SHARE`)
const after = statement<MemberRow>(`${select} WHERE (workspace_id, id) > ($1::uuid, $2::uuid)
  ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH} FOR SHARE`)
const add = statement(`INSERT INTO member_keys (workspace_id, member_id, kind, key, created_at)
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::int8[]) ON CONFLICT DO NOTHING`)
const advance = statement('UPDATE member_keys_backfill SET workspace_id = $1, member_id = $2')
const finish = statement('DELETE FROM member_keys_backfill')

/**
 * The identity keys of the members stored before migration 8 (which SQL cannot compute: accents are folded in
 * JavaScript), written at open: BACKFILL_BATCH members per transaction, in (workspace_id, id) order after the
 * last one done, which member_keys_backfill keeps (its row locked by the batch, so instances opening together
 * take turns); its row goes when every member is done, so later opens do nothing.
 */
export async function backfillMemberKeys (pool: Pool): Promise<void> {
  while (await transaction(pool, step));
}

/** One batch: false when every member is done. */
async function step (tx: Db): Promise<boolean> {
  const [at] = await cursor(tx)
  if (at === undefined) return false
  const rows = at.workspace_id === null ? await first(tx) : await after(tx, at.workspace_id, at.member_id)
  const keys = keyRowsOf(rows)
  if (keys.length > 0) await add(tx, ...[0, 1, 2, 3, 4].map((c) => keys.map((values) => values[c]!)))
  const last = rows.at(-1)
  if (last === undefined || rows.length < BACKFILL_BATCH) await finish(tx)
  else await advance(tx, last.workspace_id, last.id)
  return last !== undefined && rows.length === BACKFILL_BATCH
}
