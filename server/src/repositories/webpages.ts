import type { Queryable } from '../db/index.ts';
import type { WebpageRow } from '../training/websites.ts';
import { containsPattern, type ListPage } from './listing.ts';

/** The API's sort fields and the columns (of webpages p) they order by. */
export const WEBPAGES_SORTABLE = {
  url: 'p.url', path: 'p.path', title: 'p.title', lastTrained: 'p.last_trained', favorite: 'p.favorite',
  createdAt: 'p.created_at', characters: 'p.characters', id: 'p.id',
};
/** A page without its text. */
const COLUMNS = 'p.id, p.organization_id, p.chatbot_id, p.website_id, p.lang, p.url, p.path, p.title, p.characters, p.favorite, p.last_trained, p.training_job_id, p.created_at';

export interface WebpageFilter {
  chatbotId: string;
  lang?: string;
  websiteId?: string;
  favorite?: boolean;
  beingTrained?: boolean;
  q?: string;
  id?: string[];
}

/**
 * Pages of the chatbot's websites as the API lists and selects them; crawling, training and deleting them
 * is training/websites.ts. Callers have already checked that the chatbot (or page) is the caller's.
 */
export const webpagesRepo = {
  async list(db: Queryable, organizationId: string, f: WebpageFilter, page: ListPage) {
    const params: unknown[] = [organizationId, f.chatbotId];
    let where = 'p.organization_id = $1 and p.chatbot_id = $2';
    // A page belongs to the language of its website (a page may itself declare another language).
    if (f.lang) where += ` and p.website_id in (select id from websites where chatbot_id = $2 and lang = $${params.push(f.lang)})`;
    if (f.websiteId) where += ` and p.website_id = $${params.push(f.websiteId)}`;
    if (f.favorite !== undefined) where += ` and p.favorite = $${params.push(f.favorite)}`;
    if (f.beingTrained !== undefined) where += ` and (p.training_job_id is not null) = $${params.push(f.beingTrained)}`;
    if (f.q) where += ` and (p.url ilike $${params.push(containsPattern(f.q))} or p.title ilike $${params.length})`;
    if (f.id) where += ` and p.id = any($${params.push(f.id)}::uuid[])`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from webpages p where ${where}`, params)).rows[0].n;
    const rows = await db.query<WebpageRow>(
      `select ${COLUMNS} from webpages p where ${where} order by ${page.orderBy} nulls last, p.url limit ${page.limit} offset ${page.offset}`,
      params,
    );
    return { total, rows: rows.rows };
  },
  /** The pages of a website for its tree (buildSiteTree). */
  async listForTree(db: Queryable, websiteId: string) {
    return (await db.query<{ id: string; url: string; title: string }>('select id, url, title from webpages where website_id = $1', [websiteId])).rows;
  },
  async setFavorite(db: Queryable, id: string, favorite: boolean) {
    const r = await db.query<WebpageRow>(`update webpages p set favorite = $2 where id = $1 returning ${COLUMNS}`, [id, favorite]);
    return r.rows[0];
  },
  /** The pages to train, by url: the given ids, else the favorites, else all; optionally of one website or language. */
  async listForTraining(
    db: Queryable,
    organizationId: string,
    s: { chatbotId: string; ids?: string[]; favorites?: boolean; websiteId?: string; lang?: string },
  ) {
    const params: unknown[] = [organizationId, s.chatbotId];
    let where = 'organization_id = $1 and chatbot_id = $2';
    if (s.ids) where += ` and id = any($${params.push(s.ids)}::uuid[])`;
    else if (s.favorites) where += ' and favorite';
    if (s.websiteId) where += ` and website_id = $${params.push(s.websiteId)}`;
    if (s.lang) where += ` and website_id in (select id from websites where chatbot_id = $2 and lang = $${params.push(s.lang)})`;
    return (await db.query<{ id: string; website_id: string }>(`select id, website_id from webpages where ${where} order by url`, params)).rows;
  },
  /** Those of `ids` that are pages of the chatbot. */
  async idsInChatbot(db: Queryable, organizationId: string, chatbotId: string, ids: string[]) {
    const r = await db.query<{ id: string }>('select id from webpages where organization_id = $1 and chatbot_id = $2 and id = any($3::uuid[])', [organizationId, chatbotId, ids]);
    return r.rows.map((p) => p.id);
  },
  async favoriteIdsOfWebsite(db: Queryable, websiteId: string) {
    return (await db.query<{ id: string }>('select id from webpages where website_id = $1 and favorite', [websiteId])).rows.map((p) => p.id);
  },
  /** Distinct page URLs of the organization (a page is stored once per chatbot, whatever its language). */
  async distinctUrlCount(db: Queryable, organizationId: string): Promise<number> {
    const r = await db.query<{ n: number }>('select count(distinct url)::int as n from webpages where organization_id = $1', [organizationId]);
    return r.rows[0].n;
  },
  /** The chatbot's pages stored under another website than `websiteId`, with that website's language. */
  async ofOtherWebsites(db: Queryable, chatbotId: string, websiteId: string) {
    const r = await db.query<{ id: string; url: string; lang: string; site_lang: string }>(
      `select p.id, p.url, p.lang, w.lang as site_lang from webpages p join websites w on w.id = p.website_id
        where p.chatbot_id = $1 and p.website_id <> $2`,
      [chatbotId, websiteId],
    );
    return r.rows;
  },
  /** The urls of those of `ids` that are pages of the website, sorted. */
  async urlsOfWebsite(db: Queryable, websiteId: string, ids: string[]) {
    const r = await db.query<{ url: string }>('select url from webpages where website_id = $1 and id = any($2::uuid[]) order by url', [websiteId, ids]);
    return r.rows.map((x) => x.url);
  },
  /** Deletes those of `ids` that are the organization's pages (rows only) and returns their ids. */
  async removeInOrg(db: Queryable, organizationId: string, ids: string[]) {
    const r = await db.query<{ id: string }>('delete from webpages where organization_id = $1 and id = any($2::uuid[]) returning id', [organizationId, ids]);
    return r.rows.map((x) => x.id);
  },
  /** Every page of the chatbot with its content hash: what a crawl compares the pages it fetches with. */
  async hashesOfChatbot(db: Queryable, chatbotId: string) {
    const r = await db.query<{ id: string; url: string; content_hash: string | null; website_id: string; lang: string }>(
      'select id, url, content_hash, website_id, lang from webpages where chatbot_id = $1',
      [chatbotId],
    );
    return r.rows;
  },
  /** Stores a freshly trained page (new, or changed at the same url of the chatbot) and returns its id. */
  async storeTrained(
    db: Queryable,
    p: { organizationId: string; chatbotId: string; websiteId: string; lang: string; url: string; path: string; title: string; text: string; contentHash: string },
  ) {
    const r = await db.query<{ id: string }>(
      `insert into webpages (organization_id, chatbot_id, website_id, lang, url, path, title, text, characters, content_hash, last_trained)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
       on conflict (chatbot_id, url) do update set lang = excluded.lang, title = excluded.title, text = excluded.text,
         characters = excluded.characters, content_hash = excluded.content_hash, last_trained = now()
       returning id`,
      [p.organizationId, p.chatbotId, p.websiteId, p.lang, p.url, p.path, p.title, p.text, p.text.length, p.contentHash],
    );
    return r.rows[0].id;
  },
  /** The page was fetched again and found unchanged: it counts as trained now. */
  async markTrained(db: Queryable, id: string) {
    await db.query('update webpages set last_trained = now() where id = $1', [id]);
  },
  async moveToWebsite(db: Queryable, websiteId: string, ids: string[]) {
    await db.query('update webpages set website_id = $1 where id = any($2::uuid[])', [websiteId, ids]);
  },
  /** Marks every page of the website as being trained by the job. */
  async markWebsiteInJob(db: Queryable, jobId: string, websiteId: string) {
    await db.query('update webpages set training_job_id = $1 where website_id = $2', [jobId, websiteId]);
  },
  /** Marks the website's pages at `urls` as being trained by the job. */
  async markUrlsInJob(db: Queryable, jobId: string, websiteId: string, urls: string[]) {
    await db.query('update webpages set training_job_id = $1 where website_id = $2 and url = any($3::text[])', [jobId, websiteId, urls]);
  },
  /** The row only: its passages go with it in the caller's transaction. */
  async remove(db: Queryable, id: string) {
    await db.query('delete from webpages where id = $1', [id]);
  },
};
