// Every table is keyed by (workspace_id, id) and every foreign key carries workspace_id, so a row and everything
// it names live in one workspace, and so on one shard once tables are distributed by workspace_id (Citus:
// docs/scaling.md). Every index leads with workspace_id for the same reason.
//
// Times are timestamptz holding whole seconds; uuids are uuid (ids are issued in lower case, and the HTTP layer
// lower-cases every uuid it accepts, so they read back as written); string lists are text[] / uuid[].
//
// name_key and the term tables hold text lower-cased in JavaScript (src/domain), so case folding is the same on
// every store; they are COLLATE "C" so they compare bytewise as in SQLite, and a prefix is an index range
// (key >= prefix AND key < prefix || U+10FFFF). Sorts on a nullable column put NULL lowest, as SQLite does:
// their indexes are NULLS FIRST, so a backward scan gives DESC NULLS LAST.

export const version = 1
export const name = 'initial'

export const sql = `
  -- Record counts per workspace, spread over a few slots per kind (see database.ts counters()).
  CREATE TABLE workspace_counters (
    workspace_id uuid NOT NULL,
    kind text NOT NULL CHECK (kind IN ('companies', 'members', 'activities', 'channels')),
    slot smallint NOT NULL,
    n bigint NOT NULL,
    PRIMARY KEY (workspace_id, kind, slot)
  );

  CREATE TABLE companies (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    name_key text COLLATE "C" NOT NULL,
    industry text,
    address text,
    domain text,
    employees integer,
    founded_at timestamptz,
    logo_url text,
    tags uuid[] NOT NULL,
    source text NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, id)
  );

  CREATE TABLE members (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    first_name text,
    last_name text,
    primary_email text,
    emails text[] NOT NULL,
    phones text[] NOT NULL,
    job_title text,
    avatar_url text,
    language text,
    country text,
    tags uuid[] NOT NULL,
    linkedin_url text,
    source text NOT NULL,
    company_id uuid,
    activity_count integer NOT NULL DEFAULT 0 CHECK (activity_count >= 0),
    -- The engagement score (domain/engagement.ts): a sum of per-activity weights, kept by atomic +/-.
    engagement double precision NOT NULL DEFAULT 0,
    first_activity timestamptz,
    last_activity timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, id),
    CONSTRAINT members_company_fkey FOREIGN KEY (workspace_id, company_id) REFERENCES companies (workspace_id, id)
  );

  CREATE TABLE channels (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    external_id text,
    name text NOT NULL,
    name_key text COLLATE "C" NOT NULL,
    source text NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, id)
  );

  CREATE TABLE activity_types (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    key text NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (workspace_id, key)
  );

  CREATE TABLE activities (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    external_id text,
    title text,
    message text,
    reply_to uuid,
    react_to uuid,
    invite_to uuid,
    source text NOT NULL,
    activity_type_id uuid NOT NULL,
    channel_id uuid,
    event_id uuid,
    member_id uuid NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, id),
    CONSTRAINT activities_member_fkey FOREIGN KEY (workspace_id, member_id) REFERENCES members (workspace_id, id),
    CONSTRAINT activities_channel_fkey FOREIGN KEY (workspace_id, channel_id) REFERENCES channels (workspace_id, id),
    CONSTRAINT activities_type_fkey FOREIGN KEY (workspace_id, activity_type_id)
      REFERENCES activity_types (workspace_id, id),
    -- Checked at commit: a member delete removes activities first and clears the references to them after.
    CONSTRAINT activities_reply_to_fkey FOREIGN KEY (workspace_id, reply_to)
      REFERENCES activities (workspace_id, id) DEFERRABLE INITIALLY DEFERRED,
    CONSTRAINT activities_react_to_fkey FOREIGN KEY (workspace_id, react_to)
      REFERENCES activities (workspace_id, id) DEFERRABLE INITIALLY DEFERRED,
    CONSTRAINT activities_invite_to_fkey FOREIGN KEY (workspace_id, invite_to)
      REFERENCES activities (workspace_id, id) DEFERRABLE INITIALLY DEFERRED
  );
  -- The list order: createdAt desc, then id desc.
  CREATE INDEX activities_by_time ON activities (workspace_id, created_at DESC, id DESC);
  -- A member's activities: min/max createdAt for firstActivity/lastActivity, the member delete, its foreign key.
  CREATE INDEX activities_by_member ON activities (workspace_id, member_id, created_at, id);
  -- Clearing references to removed activities, and the checks of those foreign keys.
  CREATE INDEX activities_by_reply_to ON activities (workspace_id, reply_to) WHERE reply_to IS NOT NULL;
  CREATE INDEX activities_by_react_to ON activities (workspace_id, react_to) WHERE react_to IS NOT NULL;
  CREATE INDEX activities_by_invite_to ON activities (workspace_id, invite_to) WHERE invite_to IS NOT NULL;

  -- Lower-cased search terms: names and full name for the member list's q (prefix), emails for q and for
  -- email (exact). Kept in step with each member write, in its transaction.
  CREATE TABLE member_terms (
    workspace_id uuid NOT NULL,
    term text COLLATE "C" NOT NULL,
    kind text NOT NULL CHECK (kind IN ('name', 'email')),
    member_id uuid NOT NULL,
    PRIMARY KEY (workspace_id, term, kind, member_id)
  );
  CREATE INDEX member_terms_by_member ON member_terms (workspace_id, member_id);

  CREATE TABLE member_tags (
    workspace_id uuid NOT NULL,
    tag uuid NOT NULL,
    member_id uuid NOT NULL,
    PRIMARY KEY (workspace_id, tag, member_id)
  );
  CREATE INDEX member_tags_by_member ON member_tags (workspace_id, member_id);

  CREATE TABLE company_tags (
    workspace_id uuid NOT NULL,
    tag uuid NOT NULL,
    company_id uuid NOT NULL,
    PRIMARY KEY (workspace_id, tag, company_id)
  );
  CREATE INDEX company_tags_by_company ON company_tags (workspace_id, company_id);

  -- Each sort order of each list, and each filter, has an index that starts with workspace_id.
  CREATE INDEX members_by_time ON members (workspace_id, created_at, id);
  CREATE INDEX members_by_last_activity ON members (workspace_id, last_activity NULLS FIRST, id);
  CREATE INDEX members_by_engagement ON members (workspace_id, engagement, id);
  -- Also the check of members_company_fkey when a company is deleted.
  CREATE INDEX members_by_company ON members (workspace_id, company_id, created_at, id);

  CREATE INDEX companies_by_time ON companies (workspace_id, created_at, id);
  CREATE INDEX companies_by_name ON companies (workspace_id, name_key, id);
  CREATE INDEX companies_by_domain ON companies (workspace_id, domain, created_at, id);

  CREATE INDEX channels_by_time ON channels (workspace_id, created_at, id);
  CREATE INDEX channels_by_name ON channels (workspace_id, name_key, id);
  CREATE INDEX channels_by_source ON channels (workspace_id, source, created_at, id);

  -- Also the check of activities_channel_fkey when a channel is deleted.
  CREATE INDEX activities_by_channel ON activities (workspace_id, channel_id, created_at, id);
  CREATE INDEX activities_by_type ON activities (workspace_id, activity_type_id, created_at, id);
  CREATE INDEX activities_by_source ON activities (workspace_id, source, created_at, id);
`
