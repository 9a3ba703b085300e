import { BACKFILL_BATCH, BACKFILL_COLUMNS, keyRowsOf } from '../model/duplicates.js'
import type { MemberRow } from '../model/records.js'
import type { Db } from './database.js'

/**
 * The identity keys of the members stored before migration 8 (which SQL cannot compute: accents are folded in
 * JavaScript), written at open: BACKFILL_BATCH members per IMMEDIATE transaction, in (workspace_id, id) order
 * after the last one done, which member_keys_backfill keeps; its row goes when every member is done, so later
 * opens do nothing. Each batch reads its members inside its write lock, so no write of theirs is lost; several
 * processes opening together share the work.
 */
export function backfillMemberKeys (db: Db): void {
  const cursor = db.prepare('SELECT workspace_id, member_id FROM member_keys_backfill')
  const first = db.prepare(`SELECT ${BACKFILL_COLUMNS} FROM members ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH}`)
  const after = db.prepare(`SELECT ${BACKFILL_COLUMNS} FROM members WHERE (workspace_id, id) > (?, ?)
    ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH}`)
  const add = db.prepare('INSERT OR IGNORE INTO member_keys (workspace_id, member_id, kind, key, created_at) VALUES (?, ?, ?, ?, ?)')
  const advance = db.prepare('UPDATE member_keys_backfill SET workspace_id = ?, member_id = ?')
  const finish = db.prepare('DELETE FROM member_keys_backfill')
  const step = db.transaction((): boolean => {
    const at = cursor.get() as { workspace_id: string | null, member_id: string | null } | undefined
    if (at === undefined) return false
    const rows = (at.workspace_id === null ? first.all() : after.all(at.workspace_id, at.member_id)) as Array<MemberRow & { emails: string }>
    const members = rows.map((row) => ({ ...row, emails: JSON.parse(row.emails) as string[] }))
    for (const values of keyRowsOf(members)) add.run(...values)
    const last = rows.at(-1)
    if (last === undefined || rows.length < BACKFILL_BATCH) finish.run()
    else advance.run(last.workspace_id, last.id)
    return last !== undefined && rows.length === BACKFILL_BATCH
  })
  while (step.immediate());
}
