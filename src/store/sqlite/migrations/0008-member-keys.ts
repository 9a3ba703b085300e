// Who is probably the same person (GET /v1/members/{id}/duplicates, docs/identity.md): each member's identity
// keys (src/domain/identity.ts: normalised emails, the folded full name, that name with the company), one row
// each, kept in step by every member write. A key's members are a range of the primary key, newest first; a
// member's own keys are cleared through member_keys_by_member, a deleted company's by the range of keys that
// begin with its id.
//
// SQL cannot fold accents, so the keys of the members already stored are computed by the service when it opens
// the database (src/store/sqlite/backfill.ts), in batches, after the last member it has done: the one row of
// member_keys_backfill, deleted when every member is done.

export const version = 8
export const name = 'member keys'

export const sql = `
  CREATE TABLE member_keys (
    workspace_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('email', 'name', 'nameAndCompany')),
    key TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    member_id TEXT NOT NULL,
    PRIMARY KEY (workspace_id, kind, key, created_at, member_id)
  ) WITHOUT ROWID;
  CREATE INDEX member_keys_by_member ON member_keys (workspace_id, member_id);

  CREATE TABLE member_keys_backfill (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    workspace_id TEXT,
    member_id TEXT
  );
  INSERT INTO member_keys_backfill (one) VALUES (1);
`
