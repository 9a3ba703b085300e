// Companies from email domains (docs/identity.md). A member keeps its primary email's domain, normalised as
// company domains are (the part after the last @, lower-cased, without trailing dots or a leading www.), so a
// company given a domain finds the members without a company that have it by an index, not a scan; the existing
// rows get it here. Emails are at most 320 ASCII characters, so the key needs no bound (migration 0003). Each
// workspace's identity settings have a table. Company domains become unique by the writes' own check under the
// domain's advisory lock, not by an index: a database may already hold several companies of one domain (the
// oldest is the one matched).

export const version = 7
export const name = 'company domains'

export const sql = `
  ALTER TABLE members ADD COLUMN email_domain text;
  UPDATE members SET email_domain = nullif(regexp_replace(rtrim(lower(substring(primary_email FROM '[^@]*$')), '.'), '^www\\.', ''), '')
    WHERE primary_email IS NOT NULL;
  CREATE INDEX members_by_email_domain ON members (workspace_id, email_domain)
    WHERE company_id IS NULL AND email_domain IS NOT NULL;

  CREATE TABLE identity_settings (
    workspace_id uuid NOT NULL PRIMARY KEY,
    auto_companies boolean NOT NULL,
    free_mail_domains text[] NOT NULL
  );
`
