// A btree index entry holds at most about 2,700 bytes, and the contract allows every string 1,000 characters:
// a company or channel name of 1,000 CJK characters (3,000 bytes in UTF-8; its lower-cased key can be longer
// still, as 'İ' lower-cases to two characters) could not be indexed, so its write failed. The indexes on text a
// client chooses now hold its first 200 characters (at most 800 bytes), and the queries compare those first,
// then the whole value:
//   order:  (left(k, 200), k, id) is the order of (k, id), since left() keeps a prefix and "C" compares bytewise;
//   equal:  left(k, 200) = left(v, 200) AND k = v;
//   range:  lo <= k < hi implies left(lo, 200) <= left(k, 200) <= left(hi, 200), the index's range; k is rechecked.
// 200 is also the length src/store/postgres/record-table.ts names in its queries (KEY_PREFIX); each must use the
// indexes' expression exactly, or the planner cannot match them.
//
// Member name terms are now at most 200 characters (src/domain/members.ts searchTerms), still longer than any
// lower-cased search (100 characters, each at most two in lower case), so every prefix match is the same. Terms
// written before are cut the same way here. Source columns need nothing: a source is at most 100 characters.

export const version = 3
export const name = 'bounded index keys'

export const sql = `
  DROP INDEX companies_by_name;
  CREATE INDEX companies_by_name ON companies (workspace_id, left(name_key, 200), id);
  DROP INDEX companies_by_domain;
  CREATE INDEX companies_by_domain ON companies (workspace_id, left(domain, 200), created_at, id);
  DROP INDEX channels_by_name;
  CREATE INDEX channels_by_name ON channels (workspace_id, left(name_key, 200), id);

  WITH long AS (
    DELETE FROM member_terms WHERE kind = 'name' AND length(term) > 200
    RETURNING workspace_id, term, kind, member_id
  )
  INSERT INTO member_terms (workspace_id, term, kind, member_id)
    SELECT DISTINCT workspace_id, left(term, 200), kind, member_id FROM long
    ON CONFLICT DO NOTHING;
`
