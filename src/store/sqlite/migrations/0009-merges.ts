// Member merges (issue 17, docs/identity.md): each merge keeps, for 30 days, what its undo needs (both members as
// they were, the moved activities), as JSON text in `state`; erasing either member, or the 30 days passing, sets
// `state` to NULL and leaves only the ids and the time. An undo deletes its merge.

export const version = 9
export const name = 'merges'

export const sql = `
  CREATE TABLE member_merges (
    workspace_id TEXT NOT NULL,
    id TEXT NOT NULL,
    member_id TEXT NOT NULL,
    merged_member_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    state TEXT,
    PRIMARY KEY (workspace_id, id)
  );
  CREATE INDEX member_merges_by_member ON member_merges (workspace_id, member_id, created_at, id);
  CREATE INDEX member_merges_by_merged_member ON member_merges (workspace_id, merged_member_id);
  CREATE INDEX member_merges_to_expire ON member_merges (created_at) WHERE state IS NOT NULL;
`
