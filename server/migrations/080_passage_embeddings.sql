-- Optional semantic retrieval (EMBEDDINGS_BASE_URL / EMBEDDINGS_MODEL): one vector per passage from
-- an OpenAI-compatible embeddings endpoint, written by the embeddings job after training, outside
-- the training transaction.
--
-- Why real[] and not pgvector's vector type: the same migration must run on PGlite (which has
-- pgvector) and on a plain PostgreSQL 15 without the extension. Nothing here asks the database for
-- nearest neighbours: answer processes already keep each chatbot's search index in memory
-- (services/retrieval.ts) and load the chatbot's vectors with it, so the cosine similarity is
-- computed there, over one chatbot's few thousand units at most. The table only stores them.
--
-- `model` says which model made the vector: after a change of EMBEDDINGS_MODEL the vectors of the
-- old model are ignored and replaced. `chatbot_id` (the passage's own, copied when written) lets a
-- chatbot's vectors load without a join.
create table passage_embeddings (
  passage_id bigint primary key references passages(id) on delete cascade,
  chatbot_id uuid not null,
  model text not null,
  embedding real[] not null
);
create index passage_embeddings_chatbot on passage_embeddings (chatbot_id, model);
