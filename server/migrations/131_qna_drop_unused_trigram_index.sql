-- The trigram index on lower(question) serves no query: the answer path's question match
-- (services/retrieval.ts) computes similarity() for the chatbot's active pairs, found by qna_chatbot,
-- and the list's search is ILIKE on question and answer, which this expression index cannot answer.
-- Keeping it up to date was about half the cost of storing imported pairs (issue 13 item 6: 10,000
-- pairs spent ~0.8 s of CPU in it on PGlite).
drop index if exists qna_question_trgm;
