-- The history's counts per category and read state read only this index (an index-only scan),
-- not the chats themselves: 100,000 chats of one chatbot are counted from the index alone.
create index chats_history_counts on chats (chatbot_id, created_at desc, id) include (organization_id, lang, category, read, favorite);
