// Member name terms are now at most 200 characters (src/domain/members.ts searchTerms, which PostgreSQL's
// indexes need); terms written before are cut the same way, so both stores hold the same terms. substr and
// length count characters (code points) in text.

export const version = 3
export const name = 'bounded name terms'

export const sql = `
  INSERT OR IGNORE INTO member_terms (workspace_id, term, kind, member_id)
    SELECT workspace_id, substr(term, 1, 200), kind, member_id FROM member_terms WHERE kind = 'name' AND length(term) > 200;
  DELETE FROM member_terms WHERE kind = 'name' AND length(term) > 200;
`
