-- Failed sign-ins per account and per client address, for the progressive delay (server/src/oidc/signInThrottle.ts).
-- In the database so that every API process behind a load balancer counts the same failures.
create table if not exists sign_in_failures (
  key text primary key,
  failures integer not null,
  -- Until then, attempts for this key are refused (429 with Retry-After).
  locked_until timestamptz,
  -- The failures are forgotten after a quiet window.
  expires_at timestamptz not null
);
create index if not exists sign_in_failures_expires_at on sign_in_failures (expires_at);
