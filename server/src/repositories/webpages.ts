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
};
