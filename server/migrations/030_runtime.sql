-- Runtime of the chatbot: widget UI configuration per language, per-chatbot settings,
-- recorded conversations (chats + messages) and the monthly message usage of each organization.

-- Allowed site origins of the widget (empty = any site may embed it).
create table chatbot_settings (
  chatbot_id uuid primary key references chatbots(id) on delete cascade,
  allowed_origins text[] not null default '{}',
  updated_at timestamptz not null default now()
);

-- The widget's UI configuration per language; only the fields the customer changed are stored,
-- the language's defaults fill in the rest when the config is read.
create table chatbot_ui_configs (
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  lang text not null,
  config jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  primary key (chatbot_id, lang)
);

create table chats (
  id uuid primary key default gen_random_uuid(),
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  visitor_id text not null,
  lang text not null,
  category text not null default 'general' check (category in ('general', 'contact', 'hr')),
  read boolean not null default false,
  favorite boolean not null default false,
  -- Lead contact details: name, firstName, lastName, email, phoneNumber, address, streetNumber, zip, city, country.
  lead jsonb,
  lead_submitted_at timestamptz,
  -- A visitor asked to talk to a person (keeps the chat in "contact" even without a lead).
  person_requested boolean not null default false,
  source text not null default 'widget' check (source in ('widget', 'demo')),
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  message_count integer not null default 0
);
create index chats_bot_date on chats (chatbot_id, created_at desc, id);
create index chats_bot_last on chats (chatbot_id, last_message_at desc, id);
create index chats_bot_category on chats (chatbot_id, category, created_at desc);
create index chats_bot_read on chats (chatbot_id, read, created_at desc);
create index chats_bot_favorite on chats (chatbot_id, created_at desc) where favorite;
create index chats_org_date on chats (organization_id, created_at);

create table messages (
  id uuid primary key default gen_random_uuid(),
  chat_id uuid not null references chats(id) on delete cascade,
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  question text not null,            -- the visitor's original text
  translated_text text,              -- set by the history screen's translate action
  translated_lang text,
  answer text,                       -- the answer the chatbot gave
  optimized_answer text,             -- an improved answer saved from the history screen
  sources jsonb not null default '[]'::jsonb, -- [{type, id, url, title, name, score}]
  score real,
  answered_by text check (answered_by in ('qna', 'retrieval', 'llm', 'fallback')),
  created_at timestamptz not null default now(),
  -- Full-text search of the history screen: search @@ websearch_to_tsquery('simple', $1).
  search tsvector generated always as (to_tsvector('simple', question || ' ' || coalesce(answer, ''))) stored
);
create index messages_chat on messages (chat_id, created_at);
create index messages_bot_date on messages (chatbot_id, created_at);
create index messages_org_date on messages (organization_id, created_at);
create index messages_search on messages using gin (search);

-- Messages per organization and calendar month (UTC): the plan's monthly quota, counted atomically.
-- Demo messages count too. Deleting a chat does not give messages back.
create table message_usage (
  organization_id uuid not null references organizations(id) on delete cascade,
  month date not null,
  messages integer not null default 0,
  primary key (organization_id, month)
);
