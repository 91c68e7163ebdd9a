-- Rollups for the dashboard's statistics, kept by triggers on the chats and messages tables, so one
-- statistics call reads a few hundred small rows instead of scanning every message of a chatbot.

-- Messages per chatbot and quarter hour (UTC-aligned). Every real time zone is offset by whole quarter
-- hours, so "today", "this month" and the days of the chart are exact in the viewer's zone.
create table message_stats (
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  bucket timestamptz not null,
  messages integer not null default 0,
  primary key (chatbot_id, bucket)
);

create function message_stats_bucket(t timestamptz) returns timestamptz
  language sql immutable parallel safe
  as $$ select date_bin('15 minutes', t, timestamptz '2000-01-01 00:00:00+00') $$;

create function message_stats_track() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into message_stats(chatbot_id, organization_id, bucket, messages)
    values (new.chatbot_id, new.organization_id, message_stats_bucket(new.created_at), 1)
    on conflict (chatbot_id, bucket) do update set messages = message_stats.messages + 1;
    return new;
  end if;
  update message_stats set messages = messages - 1
   where chatbot_id = old.chatbot_id and bucket = message_stats_bucket(old.created_at);
  return old;
end $$;

create trigger messages_stats after insert or delete on messages
  for each row execute function message_stats_track();

-- Chat counters per chatbot: chats, chats with a lead, unread, per category, marked.
create table chat_stats (
  chatbot_id uuid primary key references chatbots(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  chats integer not null default 0,
  leads integer not null default 0,
  unread integer not null default 0,
  contact integer not null default 0,
  hr integer not null default 0,
  favorites integer not null default 0
);

create function chat_stats_add(c chats, sign integer) returns void language sql as $$
  insert into chat_stats(chatbot_id, organization_id, chats, leads, unread, contact, hr, favorites)
  values (c.chatbot_id, c.organization_id, sign, sign * (c.lead is not null)::int, sign * (not c.read)::int,
          sign * (c.category = 'contact')::int, sign * (c.category = 'hr')::int, sign * c.favorite::int)
  on conflict (chatbot_id) do update set
    chats = chat_stats.chats + excluded.chats, leads = chat_stats.leads + excluded.leads,
    unread = chat_stats.unread + excluded.unread, contact = chat_stats.contact + excluded.contact,
    hr = chat_stats.hr + excluded.hr, favorites = chat_stats.favorites + excluded.favorites
$$;

create function chat_stats_track() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then perform chat_stats_add(old, -1); end if;
  if tg_op in ('INSERT', 'UPDATE') then perform chat_stats_add(new, 1); end if;
  return null;
end $$;

-- Only the columns that change a counter: the runtime's per-message update of message_count does not fire it.
create trigger chats_stats after insert or delete or update of lead, read, category, favorite, chatbot_id on chats
  for each row execute function chat_stats_track();

-- Existing data.
insert into message_stats(chatbot_id, organization_id, bucket, messages)
select chatbot_id, organization_id, message_stats_bucket(created_at), count(*)::int from messages group by 1, 2, 3;

insert into chat_stats(chatbot_id, organization_id, chats, leads, unread, contact, hr, favorites)
select chatbot_id, organization_id, count(*)::int, count(*) filter (where lead is not null)::int, count(*) filter (where not read)::int,
       count(*) filter (where category = 'contact')::int, count(*) filter (where category = 'hr')::int, count(*) filter (where favorite)::int
  from chats group by 1, 2;
