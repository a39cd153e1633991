-- The tables the example analytics-rows-to-postgres.json upserts into (PostgreSQL).
-- One row per X post and one per day of the followers series; `key` is what the upsert matches on.

create table if not exists social_post_metrics (
  key text primary key,
  platform text not null,
  post_id text not null,
  social_set_id integer not null,
  created_at timestamptz,
  url text,
  text text,
  draft_id integer,
  impressions bigint,
  likes integer,
  comments integer,
  shares integer,
  quotes integer,
  profile_clicks integer,
  link_clicks integer,
  saves integer,
  engagement_total integer,
  engagement_rate double precision,
  fetched_at timestamptz not null
);

create table if not exists social_follower_counts (
  key text primary key,
  platform text not null,
  social_set_id integer not null,
  date date not null,
  followers integer not null,
  fetched_at timestamptz not null
);
