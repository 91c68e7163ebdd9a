-- Visitor feedback on a bot answer (issue 15 item 1): thumbs up or down, a thumbs-down may carry a short
-- comment. Kept on the message itself (one feedback per answer; a second rating replaces the first), so it
-- is deleted with its chat, chatbot and organization and travels with the message in every export.
alter table messages
  add column feedback_rating text check (feedback_rating in ('up', 'down')),
  add column feedback_comment text,
  add column feedback_at timestamptz;

-- Knowledge gaps and the history's "rated negatively" filter read thumbs-down answers per chatbot and period.
create index messages_feedback_down on messages (chatbot_id, created_at) where feedback_rating = 'down';
