// The blocks of the rows already stored, frozen with this migration (the block size then was 1,000 rows): every
// 1,000th row in ascending order is a boundary, and the rows above the last one are the open block.
const buildBlocks = ['companies', 'members', 'activities', 'channels'].map((table) => `
  INSERT INTO list_blocks (workspace_id, list, upper_at, upper_id, n)
  SELECT workspace_id, '${table}', created_at, id, 1000 FROM (
    SELECT workspace_id, created_at, id, row_number() OVER (PARTITION BY workspace_id ORDER BY created_at, id) AS r
    FROM ${table}) AS numbered
  WHERE r % 1000 = 1 AND r > 1;
  INSERT INTO list_counts (workspace_id, list, closed)
  SELECT workspace_id, list, sum(n) FROM list_blocks WHERE list = '${table}' GROUP BY workspace_id, list;`).join('\n')

export const version = 2
export const name = 'counted list index'

export const sql = `
  -- The counted index of each list's createdAt order (src/store/counted-index.ts).
  CREATE TABLE list_blocks (
    workspace_id TEXT NOT NULL,
    list TEXT NOT NULL,
    upper_at INTEGER NOT NULL,
    upper_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, list, upper_at, upper_id)
  ) WITHOUT ROWID;
  CREATE TABLE list_counts (
    workspace_id TEXT NOT NULL,
    list TEXT NOT NULL,
    closed INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, list)
  ) WITHOUT ROWID;
  ${buildBlocks}
`
