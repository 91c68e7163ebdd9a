-- Training: websites and their pages, crawl jobs, documents, question-answer pairs,
-- handover contacts, training schedules, and the passage index the answer engine reads.

-- A domain the chatbot learns from, per language ("websites per language").
create table websites (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  lang text not null,
  domain text not null,              -- the start URL exactly as entered (scheme + host [+ path])
  created_at timestamptz not null default now(),
  unique (chatbot_id, lang, domain)
);
create index websites_org on websites (organization_id);

create table scrape_jobs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  website_id uuid references websites(id) on delete cascade,
  lang text not null,
  type text not null check (type in ('spider', 'sitemap', 'single', 'rescrape', 'selective')),
  status text not null default 'initialized' check (status in ('initialized', 'running', 'completed', 'failed')),
  url text,                          -- start URL (spider, sitemap, single)
  urls jsonb not null default '[]'::jsonb,   -- explicit URLs (selective, rescrape)
  scrape_subsites boolean not null default false,
  only_new boolean not null default false,   -- "collect new subpages": known pages are not retrained
  remove_missing boolean not null default false, -- a full rerun deletes pages that disappeared
  schedule_id uuid,
  pages_found integer not null default 0,
  pages_trained integer not null default 0,
  pages_added integer not null default 0,
  pages_changed integer not null default 0,
  pages_unchanged integer not null default 0,
  pages_removed integer not null default 0,
  pages_failed integer not null default 0,
  not_trained jsonb not null default '[]'::jsonb, -- URLs left out because a plan limit was reached
  limit_reached text,                -- 'maxWebpages' | 'monthlyTrainingCycles' | 'maxPages' | 'time'
  error text,                        -- an error key, e.g. NoValidUrlsFound
  error_details jsonb,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index scrape_jobs_chatbot on scrape_jobs (chatbot_id, created_at desc);

create table webpages (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  website_id uuid not null references websites(id) on delete cascade,
  lang text not null,                -- the page's own language (html lang), else the website's
  url text not null,
  path text not null,
  title text not null default '',
  text text not null default '',
  characters integer not null default 0,
  content_hash text,
  favorite boolean not null default false,
  last_trained timestamptz,
  training_job_id uuid,              -- set while a job trains this page ("being trained")
  created_at timestamptz not null default now(),
  unique (website_id, url)
);
create index webpages_chatbot on webpages (chatbot_id, lang);
create index webpages_org on webpages (organization_id);

create table documents (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  lang text not null,
  name text not null,
  type text not null check (type in ('pdf', 'docx', 'txt')),
  size bigint not null,
  characters integer not null default 0,
  storage_key text not null,
  source_url text,
  created_at timestamptz not null default now()
);
create index documents_chatbot on documents (chatbot_id, lang);

create table qna (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  lang text not null,
  question text not null,
  answer text not null,
  active boolean not null default true,
  from_chat_history boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index qna_chatbot on qna (chatbot_id, lang);
create index qna_question_trgm on qna using gin (lower(question) gin_trgm_ops);

create table contacts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  name text not null,
  email text not null,
  phone text not null,
  department text not null,
  is_default boolean not null default false,
  -- The contact this one replaces for its department (normally the default contact).
  overrides_id uuid references contacts(id) on delete set null,
  created_at timestamptz not null default now()
);
create index contacts_chatbot on contacts (chatbot_id);
create unique index contacts_one_default on contacts (chatbot_id) where is_default;

create table training_schedules (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  website_id uuid not null references websites(id) on delete cascade,
  webpage_id uuid references webpages(id) on delete cascade, -- null: the whole website
  lang text not null,
  url text not null,
  cron text not null,
  preset text,                       -- yearly | monthly | weekly | daily | saturday | null (advanced)
  include_subsites boolean not null default false,
  status text not null default 'active' check (status in ('active', 'paused')),
  last_run_at timestamptz,
  next_run_at timestamptz,         -- computed from cron; a minutely pg-boss schedule runs what is due
  last_job_id uuid,
  created_at timestamptz not null default now()
);
create index training_schedules_chatbot on training_schedules (chatbot_id);
create index training_schedules_due on training_schedules (next_run_at) where status = 'active';

-- Page trainings used per organization and calendar month (UTC), against the plan's budget.
create table training_usage (
  organization_id uuid not null references organizations(id) on delete cascade,
  month date not null,
  pages integer not null default 0,
  primary key (organization_id, month)
);

-- The index: every source cut into passages with a full-text vector in its language's configuration.
create table passages (
  id bigserial primary key,
  organization_id uuid not null,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  lang text not null,                -- base language code (de, en, fr, …)
  source_type text not null check (source_type in ('webpage', 'document', 'qna')),
  source_id uuid not null,
  ord integer not null,
  text text not null,
  tsv tsvector not null
);
create index passages_tsv on passages using gin (tsv);
create index passages_chatbot on passages (chatbot_id, lang);
create index passages_source on passages (source_type, source_id);
