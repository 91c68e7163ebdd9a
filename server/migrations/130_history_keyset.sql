-- Keyset pages of the chat history (issue 13 item 6). A page after a cursor seeks with a row comparison,
-- (created_at, id) < (…, …) for newest first, which an index can answer only when both columns run in
-- the same direction in it. The list orders by (date, id) both DESC or both ASC, so these indexes hold
-- both ascending and are read backwards for newest first.

-- Sorted by start date, with or without the category and read-state filters.
create index chats_bot_created_id on chats (chatbot_id, created_at, id);
create index chats_bot_category_read_created_id on chats (chatbot_id, category, read, created_at, id);
drop index chats_bot_category_read;
-- Its key columns are those of chats_history_counts (041), which serves every query it served.
drop index chats_bot_date;

-- Sorted by the last message.
create index chats_bot_last_id on chats (chatbot_id, last_message_at, id);
drop index chats_bot_last;
