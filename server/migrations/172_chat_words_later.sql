-- Recording a message wrote its chat's last message time and search words, both indexed (chats_bot_last_id,
-- chats_search): every message inserted a new version of the chat into all twelve of its indexes, the GIN index
-- taking the chat's whole word list again. Now a message only counts itself (message_count is in no index: a HOT
-- update within the page, for which this fill factor leaves room) and notes its chat here; the chat's last message
-- time and search words follow in one statement for many chats, a few seconds later or before anything reads
-- them (runtime/chatWords.ts).
alter table chats set (fillfactor = 70);

create table chat_words_pending (
  organization_id uuid not null,
  chat_id uuid not null references chats(id) on delete cascade,
  primary key (organization_id, chat_id)
);
