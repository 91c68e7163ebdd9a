-- Foundation: tenants, accounts, plans, subscriptions, chatbots and their languages,
-- plus the storage of the local identity provider.
create extension if not exists pg_trgm;

create table organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null default '',
  customer_id text,               -- Stripe customer id, when billing is connected
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  subject text not null unique,   -- the identity provider's "sub"; equals id for local accounts
  email text not null,
  password_hash text,             -- only for accounts of the local identity provider
  first_name text not null default '',
  last_name text not null default '',
  company text not null default '',
  phone text not null default '',
  campaign text,
  preferred_language text,
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_lower on users (lower(email));
create index users_org on users (organization_id);

create table plans (
  id text primary key,
  name text not null,
  price_cents integer not null,
  currency text not null default 'EUR',
  period text not null check (period in ('month', 'year')),
  max_languages integer not null,
  max_webpages integer not null,
  monthly_training_cycles integer not null,
  monthly_messages integer not null,
  styling_allowed boolean not null,
  contact_collection_allowed boolean not null,
  branding_removal_allowed boolean not null,
  sort_order integer not null default 0
);

insert into plans values
  ('trial',      'Trial',        0,     'EUR', 'month', 2,  50,    3,   200,    true,  true,  false, 0),
  ('starter',    'Starter',      4900,  'EUR', 'month', 1,  100,   4,   1000,   false, false, false, 1),
  ('business',   'Business',     14900, 'EUR', 'month', 5,  1000,  10,  10000,  true,  true,  false, 2),
  ('enterprise', 'Enterprise',   99000, 'EUR', 'year',  40, 20000, 100, 200000, true,  true,  true,  3);

create table subscriptions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null unique references organizations(id) on delete cascade,
  plan_id text not null references plans(id),
  status text not null check (status in ('trialing', 'active', 'canceled', 'expired', 'demo')),
  started_at timestamptz not null default now(),
  trial_ends_at timestamptz,
  current_period_end timestamptz,
  cancel_at timestamptz,          -- set when the customer cancelled: the subscription ends then
  external_invoice boolean not null default false,
  stripe_subscription_id text
);

create table chatbots (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  url text not null,
  lang text not null,
  initial_setup text not null default 'pending' check (initial_setup in ('pending', 'running', 'completed', 'failed')),
  initial_setup_progress jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index chatbots_org on chatbots (organization_id);

create table chatbot_languages (
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  lang text not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (chatbot_id, lang)
);
create unique index chatbot_languages_one_default on chatbot_languages (chatbot_id) where is_default;

create table admin_audit_log (
  id bigserial primary key,
  admin_user_id uuid not null,
  organization_id uuid,
  method text not null,
  path text not null,
  at timestamptz not null default now()
);

-- oidc-provider's adapter storage: sessions, grants, codes, tokens, interactions.
create table oidc_payloads (
  id text not null,
  type text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (type, id)
);
create index oidc_payloads_grant on oidc_payloads (grant_id);
create index oidc_payloads_uid on oidc_payloads (uid);
create index oidc_payloads_expires on oidc_payloads (expires_at);

-- The local identity provider's signing keys (private JWKs); kept so tokens survive restarts.
create table oidc_keys (
  kid text primary key,
  jwk jsonb not null,
  created_at timestamptz not null default now()
);

-- Cookie-signing secrets of the local identity provider.
create table app_secrets (
  name text primary key,
  value text not null
);
