// A new row's write sends its transaction's COMMIT right behind its one statement, without waiting for the answer
// (record-table.ts wholeInsert), so a unique key found held must fail the statement itself: the transaction is then
// aborted, and the server answers the COMMIT with ROLLBACK. The statement calls this with the keys it found held
// and their holders ([key, id] pairs), which the error's detail carries back for the 409.

export const version = 13
export const name = 'keys taken'

export const sql = `
  CREATE FUNCTION keys_taken(taken json) RETURNS json LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'a unique key of the row is held by another' USING ERRCODE = 'WR409', DETAIL = taken::text;
  END
  $$;
`
