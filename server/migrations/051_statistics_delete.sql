-- A chat's removal only lowers the counters: it never inserts. When a whole chatbot (or organization) is
-- deleted, its chats go by cascade after the chatbot row, and an insert into chat_stats would then name a
-- chatbot that no longer exists.
create or replace function chat_stats_remove(c chats) returns void language sql as $$
  update chat_stats set
    chats = chats - 1, leads = leads - (c.lead is not null)::int, unread = unread - (not c.read)::int,
    contact = contact - (c.category = 'contact')::int, hr = hr - (c.category = 'hr')::int, favorites = favorites - c.favorite::int
   where chatbot_id = c.chatbot_id
$$;

create or replace function chat_stats_track() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then perform chat_stats_remove(old); end if;
  if tg_op in ('INSERT', 'UPDATE') then perform chat_stats_add(new, 1); end if;
  return null;
end $$;
