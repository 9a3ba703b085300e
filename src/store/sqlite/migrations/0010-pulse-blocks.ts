// A counted index of the members' pulse order (docs/engagement.md, "Deep pages by pulse"): each workspace's
// members, ordered by (stored pulse, id), are cut at boundary keys into blocks that count their rows, so a page
// at any depth is found by summing counts instead of skipping rows. Triggers keep every count exact under every
// write of a member (insert, delete, a change of its stored pulse), whichever code path makes it; the service
// cuts full blocks and joins small ones (listed in member_pulse_blocks_due by the triggers) before each commit.
//
// A block holds the rows from the boundary below it (inclusive) up to its own (exclusive). The top block's
// boundary, (9007199254740991, 'ffffffff-ffff-ffff-ffff-ffffffffffff'), is above every member: it is made with a
// workspace's first member and never removed. Existing members start in it; the service cuts it at its first
// commit. member_pulse_block_size holds the block size the service cuts at (it writes its own at open).

export const version = 10
export const name = 'pulse blocks'

const block = (key: string, row: 'NEW' | 'OLD') => `(SELECT upper_pulse, upper_id FROM member_pulse_blocks
      WHERE workspace_id = ${row}.workspace_id AND (upper_pulse, upper_id) > (${row}.pulse, ${row}.id)
      ORDER BY upper_pulse, upper_id LIMIT 1)${key}`

// Moves a row's count by `delta`, then lists the workspace as due when its block is full (or, below the top,
// small).
const count = (row: 'NEW' | 'OLD', delta: string) => `
    UPDATE member_pulse_blocks SET n = n ${delta} WHERE workspace_id = ${row}.workspace_id
      AND (upper_pulse, upper_id) = ${block('', row)};
    INSERT OR IGNORE INTO member_pulse_blocks_due (workspace_id)
      SELECT b.workspace_id FROM member_pulse_blocks b, member_pulse_block_size s
      WHERE b.workspace_id = ${row}.workspace_id AND (b.upper_pulse, b.upper_id) = ${block('', row)}
        AND (b.n >= 2 * s.size OR (b.n < (s.size + 3) / 4 AND b.upper_pulse < 9007199254740991));`

export const sql = `
  CREATE TABLE member_pulse_blocks (
    workspace_id TEXT NOT NULL,
    upper_pulse INTEGER NOT NULL,
    upper_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, upper_pulse, upper_id)
  ) WITHOUT ROWID;
  CREATE TABLE member_pulse_blocks_due (workspace_id TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TABLE member_pulse_block_size (size INTEGER NOT NULL);
  INSERT INTO member_pulse_block_size (size) VALUES (1000);

  INSERT INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, n)
    SELECT workspace_id, 9007199254740991, 'ffffffff-ffff-ffff-ffff-ffffffffffff', count(*) FROM members GROUP BY workspace_id;
  INSERT INTO member_pulse_blocks_due (workspace_id) SELECT DISTINCT workspace_id FROM members;

  CREATE TRIGGER member_pulse_inserted AFTER INSERT ON members BEGIN
    INSERT OR IGNORE INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, n)
      VALUES (NEW.workspace_id, 9007199254740991, 'ffffffff-ffff-ffff-ffff-ffffffffffff', 0);
    ${count('NEW', '+ 1')}
  END;
  CREATE TRIGGER member_pulse_deleted AFTER DELETE ON members BEGIN
    ${count('OLD', '- 1')}
  END;
  -- A change of pulse moves a count only when a boundary lies between the old key and the new one (most gains
  -- of an activity stay in their block): one probe of the blocks' primary key decides.
  CREATE TRIGGER member_pulse_moved AFTER UPDATE OF pulse ON members WHEN OLD.pulse <> NEW.pulse AND EXISTS (
    SELECT 1 FROM member_pulse_blocks WHERE workspace_id = NEW.workspace_id
      AND (upper_pulse, upper_id) > (min(OLD.pulse, NEW.pulse), NEW.id) AND (upper_pulse, upper_id) <= (max(OLD.pulse, NEW.pulse), NEW.id)
  ) BEGIN
    ${count('OLD', '- 1')}
    ${count('NEW', '+ 1')}
  END;
`
