import type { Queryable } from '../db/index.ts';
import type { WebsiteRow } from '../training/websites.ts';
import type { ListPage } from './listing.ts';

/** The API's sort fields and the columns (of websites w) they order by. */
export const WEBSITES_SORTABLE = { domain: 'w.domain', createdAt: 'w.created_at', lang: 'w.lang', id: 'w.id' };

/** A website with its page count, last training and whether anything of it is being trained. */
export type WebsiteWithStats = WebsiteRow & { pages: number; last_trained: string | null; being_trained: number };

const SELECT = `select w.*, (select count(*)::int from webpages p where p.website_id = w.id) as pages,
  (select max(p.last_trained) from webpages p where p.website_id = w.id) as last_trained,
  (select count(*)::int from webpages p where p.website_id = w.id and p.training_job_id is not null) +
  (select count(*)::int from scrape_jobs j where j.website_id = w.id and j.status in ('initialized', 'running')) as being_trained
  from websites w`;

/**
 * Websites as the API lists them; creating, crawling and deleting them is training/websites.ts.
 * Callers have already checked that the chatbot (or website) is the caller's.
 */
export const websitesRepo = {
  async list(db: Queryable, organizationId: string, f: { chatbotId: string; lang?: string; id?: string[] }, page: ListPage) {
    const params: unknown[] = [organizationId, f.chatbotId];
    let where = 'w.organization_id = $1 and w.chatbot_id = $2';
    if (f.lang) where += ` and w.lang = $${params.push(f.lang)}`;
    if (f.id) where += ` and w.id = any($${params.push(f.id)}::uuid[])`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from websites w where ${where}`, params)).rows[0].n;
    const rows = await db.query<WebsiteWithStats>(`${SELECT} where ${where} order by ${page.orderBy}, w.id limit ${page.limit} offset ${page.offset}`, params);
    return { total, rows: rows.rows };
  },
  async withStats(db: Queryable, id: string) {
    return (await db.query<WebsiteWithStats>(`${SELECT} where w.id = $1`, [id])).rows[0];
  },
  /** The chatbot's websites (of one language, or the one given) by domain: the roots of the page trees. */
  async listDomains(db: Queryable, organizationId: string, f: { chatbotId: string; lang?: string; websiteId?: string }) {
    const params: unknown[] = [organizationId, f.chatbotId];
    let where = 'organization_id = $1 and chatbot_id = $2';
    if (f.lang) where += ` and lang = $${params.push(f.lang)}`;
    if (f.websiteId) where += ` and id = $${params.push(f.websiteId)}`;
    return (await db.query<{ id: string; domain: string }>(`select id, domain from websites where ${where} order by domain`, params)).rows;
  },
  async ofChatbot(db: Queryable, chatbotId: string) {
    return (await db.query<WebsiteRow>('select * from websites where chatbot_id = $1', [chatbotId])).rows;
  },
  async ofChatbotByAge(db: Queryable, chatbotId: string) {
    return (await db.query<WebsiteRow>('select * from websites where chatbot_id = $1 order by created_at, id', [chatbotId])).rows;
  },
  async ofChatbotLanguage(db: Queryable, chatbotId: string, lang: string) {
    return (await db.query<WebsiteRow>('select * from websites where chatbot_id = $1 and lang = $2', [chatbotId, lang])).rows;
  },
  async create(db: Queryable, w: { organizationId: string; chatbotId: string; lang: string; domain: string }) {
    const r = await db.query<WebsiteRow>('insert into websites (organization_id, chatbot_id, lang, domain) values ($1, $2, $3, $4) returning *', [
      w.organizationId, w.chatbotId, w.lang, w.domain,
    ]);
    return r.rows[0];
  },
  async domainAndLang(db: Queryable, id: string) {
    return (await db.query<{ domain: string; lang: string }>('select domain, lang from websites where id = $1', [id])).rows[0];
  },
  /** The row only: its pages' passages go first in the caller's transaction. */
  async remove(db: Queryable, id: string) {
    await db.query('delete from websites where id = $1', [id]);
  },
};
