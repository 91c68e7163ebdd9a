-- Test questions and the quality score (issue 15 items 4–6). A chatbot's test questions are re-asked through the
-- answer engine after every training run (a debounced background job) and on demand; each run keeps its score
-- and the result of every question, so the dashboard can show the trend per training run and name the page
-- change (from the crawl report, scrape_job_pages) behind a test that started failing.
-- Everything belongs to an organization and a chatbot and goes with them (on delete cascade).

create table test_questions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  lang text not null,
  question text not null,
  -- The page (URL) or training source (document, question-answer pair, page) the answer should cite in its
  -- first three sources; both null: any source counts.
  expected_url text,
  expected_source_type text check (expected_source_type in ('webpage', 'document', 'qna')),
  expected_source_id uuid,
  -- Short strings that must all occur in the answer (the quality bench's fact rules).
  expected_facts text[] not null default '{}',
  -- How it was added: by hand, imported, from a chat in the history, from a knowledge gap, or suggested from the content.
  origin text not null default 'manual' check (origin in ('manual', 'import', 'chat', 'gap', 'suggested')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((expected_source_type is null) = (expected_source_id is null))
);
create index test_questions_chatbot on test_questions (chatbot_id, lang, created_at);
create index test_questions_org on test_questions (organization_id);

create table test_runs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  -- 'training': queued after a training run; 'edit': after test questions were added or changed; 'manual': run now.
  trigger text not null check (trigger in ('training', 'edit', 'manual')),
  status text not null default 'running' check (status in ('running', 'completed', 'failed')),
  -- The index the questions were asked against, and the crawl (if any) that finished since the previous run.
  index_version bigint,
  scrape_job_id uuid references scrape_jobs(id) on delete set null,
  total integer not null default 0,
  passed integer not null default 0,
  score real,
  error text,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create index test_runs_chatbot on test_runs (chatbot_id, started_at desc);
create index test_runs_org on test_runs (organization_id);

create table test_results (
  run_id uuid not null references test_runs(id) on delete cascade,
  test_question_id uuid not null references test_questions(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  passed boolean not null,
  -- null: not checked (no expected source / no expected facts)
  source_ok boolean,
  facts_ok boolean,
  declined boolean not null,
  missing_facts text[] not null default '{}',
  answer text not null default '',
  answered_by text,
  sources jsonb not null default '[]'::jsonb,
  -- A test that passed in the previous run and fails now after a crawl: the page changes that explain it
  -- ([{url, outcome, scrapeJobId}]), else null.
  cause jsonb,
  primary key (run_id, test_question_id)
);
create index test_results_question on test_results (test_question_id);
create index test_results_org on test_results (organization_id);
