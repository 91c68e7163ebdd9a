-- Knowledge gaps (issue 15 item 2): what the customer decided about a group of similar questions the bot
-- could not answer well. The groups themselves are computed from the messages when the list is read; a
-- decision is stored for every member of the group, each member being the normalised terms of its questions
-- (group_key), so it holds when the group's representative question changes.
--   dismissed: hidden until a question of the group arrives after decided_at;
--   answered:  a Q&A pair was written for it (qna_id), the proof (re-ask) has not yet shown that it is used;
--   closed:    the re-asked questions are now answered by the new pair or source: hidden like dismissed.
create table knowledge_gap_states (
  chatbot_id uuid not null references chatbots(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  lang text not null,
  group_key text not null,
  status text not null check (status in ('dismissed', 'answered', 'closed')),
  qna_id uuid references qna(id) on delete set null,
  decided_at timestamptz not null default now(),
  primary key (chatbot_id, lang, group_key)
);
create index knowledge_gap_states_org on knowledge_gap_states (organization_id);

-- The gap list reads the chatbot's declined and hand-over answers per period (thumbs-down: migration 140).
create index messages_fallback on messages (chatbot_id, created_at) where answered_by = 'fallback';
