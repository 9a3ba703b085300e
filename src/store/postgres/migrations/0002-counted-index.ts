import { buildBlocksSql } from '../../counted-index.js'

// The counted index of each list's createdAt order (src/store/counted-index.ts). `closed` is spread over
// slots like workspace_counters, so backfills and deletes of a busy workspace do not queue on one row.

export const version = 2
export const name = 'counted list index'

export const sql = `
  CREATE TABLE list_blocks (
    workspace_id uuid NOT NULL,
    list text NOT NULL,
    upper_at timestamptz NOT NULL,
    upper_id uuid NOT NULL,
    n bigint NOT NULL,
    PRIMARY KEY (workspace_id, list, upper_at, upper_id)
  );
  CREATE TABLE list_counts (
    workspace_id uuid NOT NULL,
    list text NOT NULL,
    slot smallint NOT NULL DEFAULT 0,
    closed bigint NOT NULL,
    PRIMARY KEY (workspace_id, list, slot)
  );
  ${buildBlocksSql()}
`
