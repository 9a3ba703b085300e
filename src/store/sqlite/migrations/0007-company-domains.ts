// Companies from email domains (docs/identity.md). A member keeps its primary email's domain, normalised as
// company domains are (the part after the last @, lower-cased, without trailing dots or a leading www.), so a
// company given a domain finds the members without a company that have it by an index, not a scan; the existing
// rows get it here. Each workspace's identity settings have a table. Company domains become unique by the
// writes' own check, not by an index: a database may already hold several companies of one domain (the oldest
// is the one matched).

export const version = 7
export const name = 'company domains'

export const sql = `
  ALTER TABLE members ADD COLUMN email_domain TEXT;
  UPDATE members SET email_domain = nullif((
    SELECT CASE WHEN d LIKE 'www.%' THEN substr(d, 5) ELSE d END
    FROM (SELECT rtrim(lower(substr(primary_email, length(rtrim(primary_email, replace(primary_email, '@', ''))) + 1)), '.') AS d)
  ), '') WHERE primary_email IS NOT NULL;
  CREATE INDEX members_by_email_domain ON members (workspace_id, email_domain)
    WHERE company_id IS NULL AND email_domain IS NOT NULL;

  CREATE TABLE identity_settings (
    workspace_id TEXT NOT NULL PRIMARY KEY,
    auto_companies INTEGER NOT NULL,
    free_mail_domains TEXT NOT NULL
  );
`
