-- The chat counters are read from chats itself again. Kept by a trigger, one counter row per chatbot was
-- locked by every new chat and every lead or category change; a transaction that also writes a message
-- may take it before or after its message_stats row, so two visitors of one chatbot risked a deadlock
-- on PostgreSQL. A chatbot's
-- chats are far fewer than its messages, so counting them per call (index chats_bot_date) stays cheap.
drop trigger if exists chats_stats on chats;
drop function if exists chat_stats_track();
drop function if exists chat_stats_add(chats, integer);
drop function if exists chat_stats_remove(chats);
drop table if exists chat_stats;
