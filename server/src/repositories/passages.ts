import type { Queryable } from '../db/index.ts';

/** Units of one source, already normalized for the index (training/indexer.ts builds them). */
export interface PassageUnits {
  organizationId: string;
  chatbotId: string;
  lang: string;
  type: string;
  id: string;
  ords: number[];
  headings: string[];
  kinds: string[];
  texts: string[];
  /** Each unit's tsvector in its text form, as `vectorsOf` computed it. */
  vectors: string[];
}

/**
 * The statement that stores one FAQ unit per pair, completed by a `from` whose rows have the qna table's
 * columns: the question as the unit's heading (weight A), the answer as its text. `lang` and `tsConfig` are
 * the statement's parameters ('$2') for the base language and the text-search configuration.
 */
export const insertQnaUnits = (lang: string, tsConfig: string) =>
  `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, heading, kind, text, tsv)
   select organization_id, chatbot_id, ${lang}, 'qna', id, 0, question, 'faq', answer,
          setweight(to_tsvector(${tsConfig}::regconfig, question), 'A') || to_tsvector(${tsConfig}::regconfig, answer)`;

/** The search index's passages. Which units a source becomes is training/indexer.ts. */
export const passagesRepo = {
  /** The text-search configurations this server has installed, the names the passages' vectors can use. */
  async installedTsConfigs(db: Queryable) {
    return (await db.query<{ cfgname: string }>('select cfgname::text as cfgname from pg_ts_config')).rows.map((x) => x.cfgname);
  },
  /**
   * The units' tsvectors, weighting title (A), the unit's own heading (B), the headings it stands under (C) and its text (D). Computed before
   * the transaction that stores them: on the embedded database a transaction holds the only connection,
   * and stemming a large document's text is most of the work.
   */
  async vectorsOf(db: Queryable, u: { tsConfig: string; indexedTitle: string; indexedHeadings: string[]; indexedOuterHeadings: string[]; indexedTexts: string[] }) {
    const r = await db.query<{ v: string }>(
      `select (setweight(to_tsvector($1::regconfig, $2), 'A') || setweight(to_tsvector($1::regconfig, x.iouter), 'C')
               || setweight(to_tsvector($1::regconfig, x.iheading), 'B') || to_tsvector($1::regconfig, x.itxt))::text as v
         from unnest($3::text[], $4::text[], $5::text[]) with ordinality as x(iheading, iouter, itxt, n)
        order by x.n`,
      [u.tsConfig, u.indexedTitle, u.indexedHeadings, u.indexedOuterHeadings, u.indexedTexts],
    );
    return r.rows.map((x) => x.v);
  },
  async insertUnits(tx: Queryable, u: PassageUnits) {
    await tx.query(
      `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, heading, kind, text, tsv)
       select $1, $2, $3, $4, $5, x.ord, x.heading, x.kind, x.txt, x.vec::tsvector
         from unnest($6::int[], $7::text[], $8::text[], $9::text[], $10::text[]) as x(ord, heading, kind, txt, vec)`,
      [u.organizationId, u.chatbotId, u.lang, u.type, u.id, u.ords, u.headings, u.kinds, u.texts, u.vectors],
    );
  },
  /** One FAQ unit per active pair, the question as its heading (weight A). */
  async insertQnaPairs(tx: Queryable, ids: string[], lang: string, tsConfig: string) {
    await tx.query(`${insertQnaUnits('$2', '$3')} from qna where id = any($1::uuid[]) and active`, [ids, lang, tsConfig]);
  },
  async removeOfSources(tx: Queryable, type: string, ids: string[]) {
    await tx.query('delete from passages where source_type = $1 and source_id = any($2::uuid[])', [type, ids]);
  },
  async removeOfWebsite(tx: Queryable, websiteId: string) {
    await tx.query(`delete from passages where source_type = 'webpage' and source_id in (select id from webpages where website_id = $1)`, [websiteId]);
  },
};
