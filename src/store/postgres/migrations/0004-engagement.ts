// Engagement (docs/engagement.md): activity types get a name, points and per-channel overrides; members keep
// their pulse as of its last computation and the instant until which it stays exact (0: compute it on read),
// and whether they are excluded; each member's activities are counted per UTC day, type and channel, so a pulse
// is a sum over at most 91 days. Every member starts stale (pulse_until 0): reads compute it exactly, and the
// service's refresher stores it. 253402300800 (year 10000) is "never": nothing of the member counts now.
// pulse and pulse_until are float8, which holds their integers exactly and reads back as a JavaScript number.

export const version = 4
export const name = 'engagement'

export const sql = `
  ALTER TABLE activity_types ADD COLUMN name text NOT NULL DEFAULT '';
  ALTER TABLE activity_types ADD COLUMN points integer NOT NULL DEFAULT 1;
  ALTER TABLE activity_types ADD COLUMN channel_points text NOT NULL DEFAULT '[]';
  ALTER TABLE activity_types ADD COLUMN updated_at timestamptz;
  UPDATE activity_types SET name = key, updated_at = created_at;
  ALTER TABLE activity_types ALTER COLUMN updated_at SET NOT NULL;

  CREATE TABLE activity_type_channel_points (
    workspace_id uuid NOT NULL,
    activity_type_id uuid NOT NULL,
    channel_id uuid NOT NULL,
    points integer NOT NULL,
    PRIMARY KEY (workspace_id, activity_type_id, channel_id)
  );
  CREATE INDEX activity_type_channel_points_by_channel ON activity_type_channel_points (workspace_id, channel_id);

  -- channel_id is the nil uuid for activities in no channel.
  CREATE TABLE member_activity_days (
    workspace_id uuid NOT NULL,
    member_id uuid NOT NULL,
    day integer NOT NULL,
    activity_type_id uuid NOT NULL,
    channel_id uuid NOT NULL,
    activities integer NOT NULL,
    PRIMARY KEY (workspace_id, member_id, day, activity_type_id, channel_id)
  );
  INSERT INTO member_activity_days (workspace_id, member_id, day, activity_type_id, channel_id, activities)
    SELECT workspace_id, member_id, floor(extract(epoch FROM created_at) / 86400)::integer, activity_type_id,
      coalesce(channel_id, '00000000-0000-0000-0000-000000000000'), count(*)
    FROM activities GROUP BY 1, 2, 3, 4, 5;

  DROP INDEX members_by_engagement;
  ALTER TABLE members DROP COLUMN engagement;
  ALTER TABLE members ADD COLUMN pulse float8 NOT NULL DEFAULT 0;
  ALTER TABLE members ADD COLUMN pulse_until float8 NOT NULL DEFAULT 0;
  ALTER TABLE members ADD COLUMN excluded smallint NOT NULL DEFAULT 0;
  UPDATE members SET pulse_until = 253402300800 WHERE activity_count = 0;
  CREATE INDEX members_by_pulse ON members (workspace_id, pulse, id);
  CREATE INDEX members_by_pulse_until ON members (workspace_id, pulse_until);
  CREATE INDEX members_stale ON members (pulse_until);

  CREATE TABLE engagement_settings (
    workspace_id uuid NOT NULL PRIMARY KEY,
    level_thresholds integer[] NOT NULL
  );
`
