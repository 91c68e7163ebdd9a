-- Privacy (GDPR): how long a chatbot keeps chats and leads, the consent a visitor gave with a lead,
-- and accounts whose owner asked for deletion (the retention job removes them with all their data).

-- Months a chat (with its messages and lead) is kept after its last activity; the daily retention job
-- deletes older ones. 12 by default; the customer may shorten it.
alter table chatbots add column retention_months smallint not null default 12
  check (retention_months between 1 and 12);

-- The consent text the lead form showed and when the visitor agreed (proof of consent, Art. 7(1) GDPR).
alter table chats add column lead_consent_text text;
alter table chats add column lead_consent_at timestamptz;

-- Set when the owner deleted the account: its users are gone at once, the rest by the job's next run.
alter table organizations add column deletion_requested_at timestamptz;
create index organizations_deletion_requested on organizations (deletion_requested_at) where deletion_requested_at is not null;

-- Finding one visitor's chats: by the widget's visitor id and by the e-mail address of a lead.
create index chats_bot_visitor on chats (chatbot_id, visitor_id);
create index chats_bot_lead_email on chats (chatbot_id, lower(lead->>'email')) where lead is not null;

-- Retention and visitor deletions keep the statistics: the messages they remove stay counted in
-- message_stats (the deleted chats and leads go to chat_deletion_tallies). Those deletions set
-- app.keep_message_stats for their transaction; any other deletion lowers the counts as before.
create or replace function message_stats_track() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into message_stats(chatbot_id, organization_id, bucket, messages)
    values (new.chatbot_id, new.organization_id, message_stats_bucket(new.created_at), 1)
    on conflict (chatbot_id, bucket) do update set messages = message_stats.messages + 1;
    return new;
  end if;
  if coalesce(current_setting('app.keep_message_stats', true), '') = 'on' then return old; end if;
  update message_stats set messages = messages - 1
   where chatbot_id = old.chatbot_id and bucket = message_stats_bucket(old.created_at);
  return old;
end $$;
