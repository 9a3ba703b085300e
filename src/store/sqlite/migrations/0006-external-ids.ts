// Ingestion finds an activity or a channel by its (source, externalId) (src/store/model/matching.ts), and their
// lists filter on externalId: an index for each, over the rows that have one. Not unique: a database may already
// hold several records of one pair (written before the rule); the oldest is the one matched.

export const version = 6
export const name = 'external ids'

export const sql = `
  CREATE INDEX activities_by_external_id ON activities (workspace_id, external_id, created_at, id) WHERE external_id IS NOT NULL;
  CREATE INDEX channels_by_external_id ON channels (workspace_id, external_id, created_at, id) WHERE external_id IS NOT NULL;
`
