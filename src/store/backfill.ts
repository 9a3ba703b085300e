import { BACKFILL_BATCH, keyRowsOf } from './model/duplicates.js'
import type { MemberRow } from './model/records.js'
import type { Db, Driver } from './driver.js'

/** A dialect's statements of the backfill (each store's sql.ts). */
export interface BackfillSql {
  /** The cursor's row, held by the batch's transaction (PostgreSQL: FOR UPDATE; SQLite's transaction holds the write lock). */
  cursor: string
  /** The first BACKFILL_BATCH members in (workspace_id, id) order, their BACKFILL_COLUMNS, held against writes until commit. */
  first: string
  /** As `first`, after the member ($1 its workspace, $2 its id). */
  after: string
  /** Inserts member_keys rows, given as one JSON array ($1) of [workspace_id, member_id, kind, key, created_at]; existing ones stay. */
  add: string
}

/**
 * The identity keys of the members stored before migration 8 (which SQL cannot compute: accents are folded in
 * JavaScript), written at open: BACKFILL_BATCH members per transaction, in (workspace_id, id) order after the
 * last one done, which member_keys_backfill keeps; its row goes when every member is done, so later opens do
 * nothing. Each batch holds the cursor's row and reads its members so that no write of theirs is lost (a write
 * that comes first is what the batch reads; one that comes later keeps the keys in step itself); several
 * processes opening together take turns.
 */
export async function backfillMemberKeys (driver: Driver, sql: BackfillSql): Promise<void> {
  while (await driver.transaction(async (tx) => await step(tx, sql)));
}

/** One batch: false when every member is done. */
async function step (tx: Db, sql: BackfillSql): Promise<boolean> {
  const [at] = await tx.all<{ workspace_id: string | null, member_id: string | null }>(sql.cursor)
  if (at === undefined) return false
  const rows = at.workspace_id === null ? await tx.all<MemberRow>(sql.first) : await tx.all<MemberRow>(sql.after, [at.workspace_id, at.member_id])
  // SQLite keeps a list column as JSON text.
  const members = rows.map((row) => typeof row.emails === 'string' ? { ...row, emails: JSON.parse(row.emails) as string[] } : row)
  const keys = keyRowsOf(members)
  if (keys.length > 0) await tx.run(sql.add, [JSON.stringify(keys)])
  const last = rows.at(-1)
  if (last === undefined || rows.length < BACKFILL_BATCH) await tx.run('DELETE FROM member_keys_backfill')
  else await tx.run('UPDATE member_keys_backfill SET workspace_id = $1, member_id = $2', [last.workspace_id, last.id])
  return last !== undefined && rows.length === BACKFILL_BATCH
}
