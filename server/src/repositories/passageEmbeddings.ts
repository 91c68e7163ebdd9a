import type { Queryable } from '../db/index.ts';

/** Vectors of passages, one model at a time; computing them is jobs/embeddings.ts. */
export const passageEmbeddingsRepo = {
  /** The next `limit` passages of the chatbot after id `after` that have no vector of `model`, by id. */
  async passagesWithout(db: Queryable, chatbotId: string, model: string, after: string, limit: number) {
    const r = await db.query<{ id: string; heading: string; text: string }>(
      `select p.id::text as id, p.heading, p.text from passages p
        where p.chatbot_id = $1 and p.id > $3::bigint
          and not exists (select 1 from passage_embeddings e where e.passage_id = p.id and e.model = $2)
        order by p.id limit $4`,
      [chatbotId, model, after, limit],
    );
    return r.rows;
  },
  /**
   * Stores vectors (as Postgres array literals) and returns how many were written. The passage's own
   * chatbot is copied; a passage deleted meanwhile (a recrawl) is skipped.
   */
  async upsert(db: Queryable, model: string, passageIds: string[], vectors: string[]) {
    const r = await db.query(
      `insert into passage_embeddings (passage_id, chatbot_id, model, embedding)
       select p.id, p.chatbot_id, $1, x.embedding::real[]
         from unnest($2::bigint[], $3::text[]) as x(id, embedding) join passages p on p.id = x.id
       on conflict (passage_id) do update set chatbot_id = excluded.chatbot_id, model = excluded.model, embedding = excluded.embedding`,
      [model, passageIds, vectors],
    );
    return r.rowCount;
  },
  /** Chatbots that have passages without a vector of `model`. */
  async chatbotsMissing(db: Queryable, model: string) {
    const r = await db.query<{ id: string }>(
      `select distinct p.chatbot_id::text as id from passages p
        where not exists (select 1 from passage_embeddings e where e.passage_id = p.id and e.model = $1)`,
      [model],
    );
    return r.rows.map((row) => row.id);
  },
};
