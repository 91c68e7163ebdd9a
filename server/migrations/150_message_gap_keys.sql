-- Knowledge gaps (issue 15): each gap message's group key (its question's normalised terms under the language's
-- text-search configuration, see services/gapGrouping.ts termKey) and the key's trigrams (pg_trgm's show_trgm),
-- stored the first time a gap list reads the message. Before, every list read stemmed every distinct question
-- and extracted the trigrams of every key again. Derived data like a passage's search vector: not in the
-- account export, gone with its message (and so with its chat and chatbot). A key made under another
-- configuration than the language has now is made again.
create table message_gap_keys (
  message_id uuid primary key references messages(id) on delete cascade,
  ts_config text not null,
  key text not null,
  trigrams text[] not null
);

-- A message's question is not edited today; if it ever is, its key must not outlive the text it came from.
create function message_gap_keys_forget() returns trigger language plpgsql as $$
begin
  delete from message_gap_keys where message_id = new.id;
  return new;
end $$;

create trigger messages_gap_key_forget after update of question on messages
  for each row when (old.question is distinct from new.question) execute function message_gap_keys_forget();
