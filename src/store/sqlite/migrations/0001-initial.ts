// Every table is keyed by (workspace_id, id) so each lookup is confined to one workspace by its index.
// Timestamps are INTEGER epoch seconds; arrays are JSON text. name_key and the term tables hold text lower-cased
// in JavaScript (src/domain), so case folding is the same on every store.

export const version = 1
export const name = 'initial'

export const sql = `
  CREATE TABLE workspaces (
    workspace_id TEXT PRIMARY KEY,
    companies INTEGER NOT NULL DEFAULT 0,
    members INTEGER NOT NULL DEFAULT 0,
    activities INTEGER NOT NULL DEFAULT 0,
    channels INTEGER NOT NULL DEFAULT 0
  ) WITHOUT ROWID;

  CREATE TABLE companies (
    workspace_id TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    industry TEXT,
    address TEXT,
    domain TEXT,
    employees INTEGER,
    founded_at INTEGER,
    logo_url TEXT,
    tags TEXT NOT NULL,
    source TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, id)
  );

  CREATE TABLE members (
    workspace_id TEXT NOT NULL,
    id TEXT NOT NULL,
    first_name TEXT,
    last_name TEXT,
    primary_email TEXT,
    emails TEXT NOT NULL,
    phones TEXT NOT NULL,
    job_title TEXT,
    avatar_url TEXT,
    language TEXT,
    country TEXT,
    tags TEXT NOT NULL,
    linkedin_url TEXT,
    source TEXT NOT NULL,
    company_id TEXT,
    activity_count INTEGER NOT NULL DEFAULT 0,
    engagement REAL NOT NULL DEFAULT 0,
    first_activity INTEGER,
    last_activity INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, id)
  );

  CREATE TABLE channels (
    workspace_id TEXT NOT NULL,
    id TEXT NOT NULL,
    external_id TEXT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    source TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, id)
  );

  CREATE TABLE activity_types (
    workspace_id TEXT NOT NULL,
    id TEXT NOT NULL,
    key TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (workspace_id, key)
  );

  CREATE TABLE activities (
    workspace_id TEXT NOT NULL,
    id TEXT NOT NULL,
    external_id TEXT,
    title TEXT,
    message TEXT,
    reply_to TEXT,
    react_to TEXT,
    invite_to TEXT,
    source TEXT NOT NULL,
    activity_type_id TEXT NOT NULL,
    channel_id TEXT,
    event_id TEXT,
    member_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, id)
  );
  -- The list order: createdAt desc, then id desc.
  CREATE INDEX activities_by_time ON activities (workspace_id, created_at DESC, id DESC);
  -- A member's activities: min/max createdAt for firstActivity/lastActivity, and the member delete cascade.
  CREATE INDEX activities_by_member ON activities (workspace_id, member_id, created_at, id);
  -- Clearing references to a removed activity.
  CREATE INDEX activities_by_reply_to ON activities (workspace_id, reply_to) WHERE reply_to IS NOT NULL;
  CREATE INDEX activities_by_react_to ON activities (workspace_id, react_to) WHERE react_to IS NOT NULL;
  CREATE INDEX activities_by_invite_to ON activities (workspace_id, invite_to) WHERE invite_to IS NOT NULL;

  -- Lower-cased search terms (folded in JavaScript, the same on every store): names and full name for the
  -- member list's q (prefix), emails for q and for email (exact).
  CREATE TABLE member_terms (
    workspace_id TEXT NOT NULL,
    term TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('name', 'email')),
    member_id TEXT NOT NULL,
    PRIMARY KEY (workspace_id, term, kind, member_id)
  ) WITHOUT ROWID;
  CREATE INDEX member_terms_by_member ON member_terms (workspace_id, member_id);

  CREATE TABLE member_tags (
    workspace_id TEXT NOT NULL,
    tag TEXT NOT NULL,
    member_id TEXT NOT NULL,
    PRIMARY KEY (workspace_id, tag, member_id)
  ) WITHOUT ROWID;
  CREATE INDEX member_tags_by_member ON member_tags (workspace_id, member_id);

  CREATE TABLE company_tags (
    workspace_id TEXT NOT NULL,
    tag TEXT NOT NULL,
    company_id TEXT NOT NULL,
    PRIMARY KEY (workspace_id, tag, company_id)
  ) WITHOUT ROWID;
  CREATE INDEX company_tags_by_company ON company_tags (workspace_id, company_id);

  -- Each sort order of each list, and each filter, has an index that starts with workspace_id.
  CREATE INDEX members_by_time ON members (workspace_id, created_at, id);
  CREATE INDEX members_by_last_activity ON members (workspace_id, last_activity, id);
  CREATE INDEX members_by_engagement ON members (workspace_id, engagement, id);
  CREATE INDEX members_by_company ON members (workspace_id, company_id, created_at, id);

  CREATE INDEX companies_by_time ON companies (workspace_id, created_at, id);
  CREATE INDEX companies_by_name ON companies (workspace_id, name_key, id);
  CREATE INDEX companies_by_domain ON companies (workspace_id, domain, created_at, id);

  CREATE INDEX channels_by_time ON channels (workspace_id, created_at, id);
  CREATE INDEX channels_by_name ON channels (workspace_id, name_key, id);
  CREATE INDEX channels_by_source ON channels (workspace_id, source, created_at, id);

  CREATE INDEX activities_by_channel ON activities (workspace_id, channel_id, created_at, id);
  CREATE INDEX activities_by_type ON activities (workspace_id, activity_type_id, created_at, id);
  CREATE INDEX activities_by_source ON activities (workspace_id, source, created_at, id);
`
