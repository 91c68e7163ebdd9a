-- Durable jobs: every process that runs jobs beats here, and every job it takes is recorded with it, so a
-- live process can retry the jobs of one that died within a minute instead of waiting for pg-boss's expiry.
create table if not exists job_processes (
  id uuid primary key,
  host text not null,
  pid integer not null,
  -- Linux pid namespace: on the same host and namespace a missing pid means the process is gone at once.
  pid_namespace text,
  started_at timestamptz not null default now(),
  last_beat timestamptz not null default now()
);

-- One row per job a process runs; job_started_on is pg-boss's started_on of that attempt, so a row left by an
-- earlier attempt never vouches for a later one.
create table if not exists job_runs (
  job_id uuid primary key,
  queue text not null,
  process_id uuid not null,
  job_started_on timestamptz not null
);
create index if not exists job_runs_process on job_runs (process_id);

-- The pages a scrape job has handled and how: a crawl resumed after a crash counts and trains each page once.
create table if not exists scrape_job_pages (
  job_id uuid not null references scrape_jobs(id) on delete cascade,
  url text not null,
  outcome text not null check (outcome in ('added', 'changed', 'unchanged', 'removed', 'failed')),
  primary key (job_id, url)
);
