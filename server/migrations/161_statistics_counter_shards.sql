-- The statistics' message counter of a chatbot's quarter hour (migration 050) was one row that every answer
-- of the chatbot raised, held locked until the answer's commit was on disk: the chatbot's answers queued
-- behind each other. Each database session now raises its own shard of the counter (its backend pid modulo 8),
-- so concurrent answers seldom share a row; the statistics add the shards up. A deletion lowers its session's
-- shard, which may go below zero: only the sum per chatbot and quarter hour means anything.
-- (Counting the messages themselves at read time instead made the dashboard's statistics call 3.5 × slower on
-- PGlite, which has no autovacuum to keep the index-only scans cheap.)
alter table message_stats add column shard smallint not null default 0;
alter table message_stats drop constraint message_stats_pkey;
alter table message_stats add primary key (chatbot_id, bucket, shard);

create or replace function message_stats_track() returns trigger language plpgsql as $$
declare
  my_shard smallint := pg_backend_pid() % 8;
begin
  if tg_op = 'INSERT' then
    insert into message_stats(chatbot_id, organization_id, bucket, shard, messages)
    values (new.chatbot_id, new.organization_id, message_stats_bucket(new.created_at), my_shard, 1)
    on conflict (chatbot_id, bucket, shard) do update set messages = message_stats.messages + 1;
    return new;
  end if;
  if coalesce(current_setting('app.keep_message_stats', true), '') = 'on' then return old; end if;
  insert into message_stats(chatbot_id, organization_id, bucket, shard, messages)
  select old.chatbot_id, old.organization_id, message_stats_bucket(old.created_at), my_shard, -1
   where exists (select 1 from chatbots where id = old.chatbot_id)
  on conflict (chatbot_id, bucket, shard) do update set messages = message_stats.messages - 1;
  return old;
end $$;
