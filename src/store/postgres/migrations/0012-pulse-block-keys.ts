// The pulse order's triggers (migration 10) compared the blocks' keys with a member's, (upper_pulse, upper_id) with
// (pulse, id): upper_pulse is int8 and pulse float8, so PostgreSQL compared upper_pulse::float8, which no index
// holds, and each look-up read every block row of the workspace and filtered it. Each row is updated at nearly every
// activity write (its count), so under writes most of its index entries lead to row versions that are not visible to
// all, and each read went to the table: at 1M activities and 100,000 members (96 blocks at pulse 0, ten slot rows
// each) the boundary check cost 0.26 ms and 588 buffers, the move 0.6 ms and 1,307, and a new activity of a member
// at pulse 0 moved it across boundaries nearly every time (BENCHMARKS.md). A pulse is a whole number (a sum of
// points, stored as float8 by the column's type), so the key compared as int8 is the same key, and the primary key's
// range serves it: 0.012 ms and 2 buffers, 0.15 ms and 15.

export const version = 12
export const name = 'pulse block keys'

export const sql = `
  CREATE OR REPLACE FUNCTION member_pulse_move(workspaces uuid[], pulses float8[], ids uuid[], deltas int8[]) RETURNS void
  LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock_shared(730146, hashtext(w::text)) FROM (SELECT DISTINCT unnest(workspaces) AS w) ws;
    INSERT INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, slot, n)
      SELECT workspace_id, upper_pulse, upper_id, (1 + pg_backend_pid() % 255)::int2, delta FROM (
        SELECT m.workspace_id, b.upper_pulse, b.upper_id, sum(m.delta) AS delta
        FROM unnest(workspaces, pulses, ids, deltas) AS m (workspace_id, pulse, id, delta)
        CROSS JOIN LATERAL (SELECT upper_pulse, upper_id FROM member_pulse_blocks
          WHERE workspace_id = m.workspace_id AND (upper_pulse, upper_id) > (m.pulse::int8, m.id)
          ORDER BY upper_pulse, upper_id LIMIT 1) b
        GROUP BY m.workspace_id, b.upper_pulse, b.upper_id
      ) placed
      WHERE delta <> 0
      ORDER BY workspace_id, upper_pulse, upper_id
    ON CONFLICT (workspace_id, upper_pulse, upper_id, slot) DO UPDATE SET n = member_pulse_blocks.n + excluded.n;
  END
  $$;

  CREATE OR REPLACE FUNCTION member_pulse_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock_shared(730146, hashtext(NEW.workspace_id::text));
    IF EXISTS (SELECT 1 FROM member_pulse_blocks WHERE workspace_id = NEW.workspace_id
        AND (upper_pulse, upper_id) > (least(OLD.pulse, NEW.pulse)::int8, NEW.id)
        AND (upper_pulse, upper_id) <= (greatest(OLD.pulse, NEW.pulse)::int8, NEW.id)) THEN
      PERFORM member_pulse_move(ARRAY[OLD.workspace_id, NEW.workspace_id], ARRAY[OLD.pulse, NEW.pulse], ARRAY[OLD.id, NEW.id], ARRAY[-1, 1]::int8[]);
    END IF;
    RETURN NULL;
  END
  $$;
`
