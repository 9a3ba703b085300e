// A counted index of the members' pulse order (docs/engagement.md, "Deep pages by pulse"): each workspace's
// members, ordered by (stored pulse, id), are cut at boundary keys into blocks that count their rows, so a page
// at any depth is found by summing counts instead of skipping rows. Triggers keep every count exact under every
// write of a member (insert, delete, a change of its stored pulse), whichever code path makes it.
//
// A block holds the rows from the boundary below it (inclusive) up to its own (exclusive); its count is the sum
// of its rows here, one per slot: a statement adds to the slot of its connection (1 + its backend's pid modulo
// 255), so concurrent writers, each on a connection of its own, seldom wait for one another's row locks (with a
// random slot of 15, ten writers gaining into the block above pulse 0 queued behind each other until commit:
// 0.7 ms of each activity write). A block holds at most 256 rows, about one per connection that wrote to it.
// Slot 0 marks the boundary and is never missing. The top block's boundary,
// (9007199254740991, 'ffffffff-ffff-ffff-ffff-ffffffffffff'), is above every member: it is made with a workspace's
// first member and never removed. Existing members start in it.
//
// The triggers take the workspace's advisory lock (class 730146) in shared mode; the service cuts full blocks
// and joins small ones under it in exclusive mode, so no boundary moves under a writer.

export const version = 10
export const name = 'pulse blocks'

export const sql = `
  CREATE TABLE member_pulse_blocks (
    workspace_id uuid NOT NULL,
    upper_pulse int8 NOT NULL,
    upper_id uuid NOT NULL,
    slot int2 NOT NULL,
    n int8 NOT NULL,
    PRIMARY KEY (workspace_id, upper_pulse, upper_id, slot)
  );
  INSERT INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, slot, n)
    SELECT workspace_id, 9007199254740991, 'ffffffff-ffff-ffff-ffff-ffffffffffff', 0, count(*) FROM members GROUP BY workspace_id;

  -- Moves counts by the rows of one statement: each row's block found, the deltas summed per block, added in
  -- block order (so concurrent writers take the blocks' row locks in one order). PL/pgSQL, not SQL: it keeps
  -- its statements' plans for the session, where an SQL function planned them at every call (0.4 ms a write).
  CREATE FUNCTION member_pulse_move(workspaces uuid[], pulses float8[], ids uuid[], deltas int8[]) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock_shared(730146, hashtext(w::text)) FROM (SELECT DISTINCT unnest(workspaces) AS w) ws;
    INSERT INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, slot, n)
      SELECT workspace_id, upper_pulse, upper_id, (1 + pg_backend_pid() % 255)::int2, delta FROM (
        SELECT m.workspace_id, b.upper_pulse, b.upper_id, sum(m.delta) AS delta
        FROM unnest(workspaces, pulses, ids, deltas) AS m (workspace_id, pulse, id, delta)
        CROSS JOIN LATERAL (SELECT upper_pulse, upper_id FROM member_pulse_blocks
          WHERE workspace_id = m.workspace_id AND (upper_pulse, upper_id) > (m.pulse, m.id)
          ORDER BY upper_pulse, upper_id LIMIT 1) b
        GROUP BY m.workspace_id, b.upper_pulse, b.upper_id
      ) placed
      WHERE delta <> 0
      ORDER BY workspace_id, upper_pulse, upper_id
    ON CONFLICT (workspace_id, upper_pulse, upper_id, slot) DO UPDATE SET n = member_pulse_blocks.n + excluded.n;
  END
  $$;

  CREATE FUNCTION member_pulse_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, slot, n)
      SELECT DISTINCT workspace_id, 9007199254740991, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid, 0::int2, 0::int8 FROM new_rows
      ON CONFLICT DO NOTHING;
    PERFORM member_pulse_move(array_agg(workspace_id), array_agg(pulse), array_agg(id), array_agg(1::int8)) FROM new_rows;
    RETURN NULL;
  END
  $$;
  CREATE FUNCTION member_pulse_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM member_pulse_move(array_agg(workspace_id), array_agg(pulse), array_agg(id), array_agg(-1::int8)) FROM old_rows;
    RETURN NULL;
  END
  $$;
  -- A change of pulse, a row at a time (the members' other updates, most of them, fire nothing): a count moves
  -- only when a boundary lies between the old key and the new one (most gains of an activity stay in their
  -- block), looked at under the workspace's lock so no boundary moves meanwhile.
  CREATE FUNCTION member_pulse_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock_shared(730146, hashtext(NEW.workspace_id::text));
    IF EXISTS (SELECT 1 FROM member_pulse_blocks WHERE workspace_id = NEW.workspace_id
        AND (upper_pulse, upper_id) > (least(OLD.pulse, NEW.pulse), NEW.id) AND (upper_pulse, upper_id) <= (greatest(OLD.pulse, NEW.pulse), NEW.id)) THEN
      PERFORM member_pulse_move(ARRAY[OLD.workspace_id, NEW.workspace_id], ARRAY[OLD.pulse, NEW.pulse], ARRAY[OLD.id, NEW.id], ARRAY[-1, 1]::int8[]);
    END IF;
    RETURN NULL;
  END
  $$;

  -- Statement triggers for inserts and deletes: a bulk write moves each block's count once.
  CREATE TRIGGER member_pulse_inserted AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION member_pulse_inserted();
  CREATE TRIGGER member_pulse_deleted AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION member_pulse_deleted();
  CREATE TRIGGER member_pulse_moved AFTER UPDATE OF pulse ON members
    FOR EACH ROW WHEN (OLD.pulse <> NEW.pulse) EXECUTE FUNCTION member_pulse_moved();
`
