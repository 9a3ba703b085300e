// Idempotency-Key (docs/idempotency.md): the answer of each keyed request, kept per workspace and key until
// expires_at (epoch seconds, the store's clock), with the fingerprint of the request it answered (sha256 hex of
// its method, path and canonical body), so a retry gets it again and another request with the key is refused.
// Expired rows are never served and are purged in batches, by expires_at.

export const version = 5
export const name = 'idempotency'

export const sql = `
  CREATE TABLE idempotency_keys (
    workspace_id uuid NOT NULL,
    key text NOT NULL,
    fingerprint text NOT NULL,
    status integer NOT NULL,
    body text NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    PRIMARY KEY (workspace_id, key)
  );
  CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys (expires_at);
`
