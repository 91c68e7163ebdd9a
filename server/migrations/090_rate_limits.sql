-- Rate-limit counters every API process sees (PostgreSQL): one row per limit key and window.
create table if not exists rate_limits (
  key text primary key,
  count integer not null,
  reset_at timestamptz not null
);
create index if not exists rate_limits_reset_at on rate_limits (reset_at);
