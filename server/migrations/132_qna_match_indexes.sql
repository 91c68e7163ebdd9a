-- The answer path's question match (services/retrieval.ts matchQna) no longer computes trigram similarity
-- and stems the question of every active pair of the chatbot for each visitor question: with 10,000 pairs
-- that took ~340 ms of the database's CPU per question. It now looks at the pairs that can match: those
-- whose question shares enough trigrams with the visitor's (this index; `%` at pg_trgm's default 0.3 is
-- below the match threshold 0.45, so none is missed) and those whose FAQ passage holds every term of the
-- visitor's question in its question part (passages_tsv). Migration 131 dropped this index while no query
-- used it; keeping it up to date costs an import of 10,000 pairs ~0.8 s, far less than one busy minute of
-- questions.
create index if not exists qna_question_trgm on qna using gin (lower(question) gin_trgm_ops);
