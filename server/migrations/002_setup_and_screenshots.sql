-- What the initial-setup job fetched from a new chatbot's website (until the crawler replaces it),
-- and the screenshot cache of the registration wizard.
create table setup_pages (
  id bigserial primary key,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  url text not null,
  title text not null default '',
  text text not null default '',
  fetched_at timestamptz not null default now(),
  unique (chatbot_id, url)
);

create table screenshot_cache (
  url text primary key,
  image text not null,            -- data: URL of a JPEG
  taken_at timestamptz not null default now()
);
create index screenshot_cache_taken on screenshot_cache (taken_at);
