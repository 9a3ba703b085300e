// Idempotency-Key (docs/idempotency.md): the answer of each keyed request, kept per workspace and key until
// expires_at (epoch seconds), with the fingerprint of the request it answered (sha256 hex of its method, path
// and canonical body), so a retry gets it again and another request with the key is refused. Expired rows are
// never served and are purged in batches, by expires_at.

export const version = 5
export const name = 'idempotency'

export const sql = `
  CREATE TABLE idempotency_keys (
    workspace_id TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, key)
  );
  CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys (expires_at);
`
