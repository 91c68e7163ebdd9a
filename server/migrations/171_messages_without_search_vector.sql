-- A message's own search vector and its GIN index were written with every recorded message and read by no
-- query: the history searches its chats' vectors (migration 040), to which the recording statement adds the
-- message's words, computed there (repositories/conversations.ts recordMessages). Each message cost a GIN
-- insertion and a stored vector for nothing.
drop index if exists messages_search;
alter table messages drop column if exists search;
