-- Passages become units that keep their structure: the headings they stand under and their kind
-- (a paragraph section, a table row, an FAQ answer, a list with its lead-in).
alter table passages add column heading text not null default '';
alter table passages add column kind text not null default 'text' check (kind in ('text', 'row', 'faq', 'list'));

-- Answer processes keep a search index per chatbot in memory; this number tells them it is stale.
-- A statement-level trigger bumps it once per statement that changes passages, whoever writes them.
alter table chatbots add column index_version bigint not null default 0;

create function passages_bump_index_version() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    update chatbots set index_version = index_version + 1 where id in (select distinct chatbot_id from new_rows);
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    update chatbots set index_version = index_version + 1 where id in (select distinct chatbot_id from old_rows);
  end if;
  return null;
end $$;

create trigger passages_version_insert after insert on passages
  referencing new table as new_rows for each statement execute function passages_bump_index_version();
create trigger passages_version_update after update on passages
  referencing new table as new_rows old table as old_rows for each statement execute function passages_bump_index_version();
create trigger passages_version_delete after delete on passages
  referencing old table as old_rows for each statement execute function passages_bump_index_version();
