-- Chat history (issue 6): what deleting a chat leaves behind, the pair an optimized answer created,
-- and indexes for a history of 100,000 chats per chatbot.

-- Deleting a chat removes it, its messages and the visitor's contact details. The statistics keep
-- counting it: each deletion adds the chat, its messages and its lead (0 or 1) to the tally of the
-- day the chat started. Statistics = live rows + these tallies.
create table chat_deletion_tallies (
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  day date not null,
  chats integer not null default 0,
  messages integer not null default 0,
  leads integer not null default 0,
  primary key (chatbot_id, day)
);
create index chat_deletion_tallies_org on chat_deletion_tallies (organization_id, day);

-- The question-answer pair an optimized answer was saved as: optimizing the same message again
-- updates that pair instead of adding a second one.
alter table messages add column optimized_qna_id uuid references qna(id) on delete set null;

-- The list sorts by date inside one chatbot and filters by category and read state at once.
create index chats_bot_category_read on chats (chatbot_id, category, read, created_at desc, id);

-- Text search over a whole chat in one index: every message's words (question and answer, the same
-- 'simple' vector as messages.search) are added to its chat when the message is recorded. Searching
-- chats then needs no join over the messages, which stays fast when a word is in most chats.
alter table chats add column search tsvector not null default ''::tsvector;
update chats c set search = coalesce((select to_tsvector('simple', string_agg(m.question || ' ' || coalesce(m.answer, ''), ' ' order by m.created_at))
                                        from messages m where m.chat_id = c.id), ''::tsvector);
create index chats_search on chats using gin (search);

create function chats_add_message_words() returns trigger language plpgsql as $$
begin
  update chats set search = search || new.search where id = new.chat_id;
  return null;
end;
$$;
create trigger messages_add_words_to_chat after insert on messages
  for each row execute function chats_add_message_words();
