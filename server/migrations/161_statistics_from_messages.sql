-- The dashboard counts messages from the messages table itself (index messages_bot_date), no longer from
-- quarter-hour counters raised by a trigger on every message (migration 050). That trigger put every answer
-- of a chatbot in a queue behind one counter row, held locked until the answer's commit was on disk; the
-- statistics are read far less often than messages are written.
--
-- message_stats keeps only what is no longer in messages but still counts: messages removed by the retention
-- job or a visitor's deletion request (app.keep_message_stats, migration 120), per chatbot and quarter hour.
-- Statistics = the messages + these rows (+ chat_deletion_tallies for chats deleted in the history).
drop trigger if exists messages_stats on messages;
drop function if exists message_stats_track();

-- What the counters held beyond the live messages is what deletions kept.
with live as (
  select chatbot_id, message_stats_bucket(created_at) as bucket, count(*)::int as n from messages group by 1, 2
)
update message_stats s set messages = s.messages - live.n from live where live.chatbot_id = s.chatbot_id and live.bucket = s.bucket;
delete from message_stats where messages <= 0;

-- One statement's kept messages in one insert per chatbot and quarter hour (a deletion removes many at once).
create function message_stats_keep_deleted() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('app.keep_message_stats', true), '') = 'on' then
    insert into message_stats(chatbot_id, organization_id, bucket, messages)
    select chatbot_id, organization_id, message_stats_bucket(created_at), count(*)::int from gone group by 1, 2, 3
    on conflict (chatbot_id, bucket) do update set messages = message_stats.messages + excluded.messages;
  end if;
  return null;
end $$;

create trigger messages_keep_deleted after delete on messages
  referencing old table as gone for each statement execute function message_stats_keep_deleted();
