// A counted index of the members' pulse order (docs/engagement.md, "Deep pages by pulse"): each workspace's
// members, ordered by (stored pulse, id), are cut at boundary keys into blocks that count their rows, so a page
// at any depth is found by summing counts instead of skipping rows. A trigger keeps every count exact under every
// write of a member (insert, delete, a change of its stored pulse), whichever code path makes it.
//
// A block holds the rows from the boundary below it (inclusive) up to its own (exclusive); its count is the sum
// of its rows here, one per slot: a write adds to a random slot of 1..15, so concurrent writers seldom wait for
// one row's lock. Slot 0 marks the boundary and is never missing. The top block's boundary,
// (9007199254740991, 'ffffffff-ffff-ffff-ffff-ffffffffffff'), is above every member: it is made with a workspace's
// first member and never removed. Existing members start in it.
//
// The trigger takes the workspace's advisory lock (class 730146) in shared mode; the service cuts full blocks
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

  CREATE FUNCTION member_pulse_count(ws uuid, key_pulse float8, key_id uuid, delta int8) RETURNS void LANGUAGE sql AS $$
    INSERT INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, slot, n)
      SELECT ws, upper_pulse, upper_id, 1 + floor(random() * 15)::int2, delta FROM member_pulse_blocks
      WHERE workspace_id = ws AND (upper_pulse, upper_id) > (key_pulse, key_id)
      ORDER BY upper_pulse, upper_id LIMIT 1
    ON CONFLICT (workspace_id, upper_pulse, upper_id, slot) DO UPDATE SET n = member_pulse_blocks.n + excluded.n
  $$;

  CREATE FUNCTION member_pulse_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM pg_advisory_xact_lock_shared(730146, hashtext(NEW.workspace_id::text));
      INSERT INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, slot, n)
        VALUES (NEW.workspace_id, 9007199254740991, 'ffffffff-ffff-ffff-ffff-ffffffffffff', 0, 0) ON CONFLICT DO NOTHING;
      PERFORM member_pulse_count(NEW.workspace_id, NEW.pulse, NEW.id, 1);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM pg_advisory_xact_lock_shared(730146, hashtext(OLD.workspace_id::text));
      PERFORM member_pulse_count(OLD.workspace_id, OLD.pulse, OLD.id, -1);
    ELSE
      PERFORM pg_advisory_xact_lock_shared(730146, hashtext(NEW.workspace_id::text));
      PERFORM member_pulse_count(OLD.workspace_id, OLD.pulse, OLD.id, -1);
      PERFORM member_pulse_count(NEW.workspace_id, NEW.pulse, NEW.id, 1);
    END IF;
    RETURN NULL;
  END
  $$;

  CREATE TRIGGER member_pulse_written AFTER INSERT OR DELETE ON members
    FOR EACH ROW EXECUTE FUNCTION member_pulse_moved();
  CREATE TRIGGER member_pulse_moved AFTER UPDATE OF pulse ON members
    FOR EACH ROW WHEN (OLD.pulse <> NEW.pulse) EXECUTE FUNCTION member_pulse_moved();
`
