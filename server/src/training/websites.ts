import type { AppContext } from '../context.ts';
import type { Db, Queryable } from '../db/index.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import { passagesRepo } from '../repositories/passages.ts';
import { schedulesRepo } from '../repositories/schedules.ts';
import { webpagesRepo } from '../repositories/webpages.ts';
import { websitesRepo } from '../repositories/websites.ts';
import { recordInOrg } from '../services/tenancy.ts';
import { removePassages } from './indexer.ts';
import { pagesTrainedThisMonth, trainingLimits } from './limits.ts';
import { scrapeJobsRepo, type ScrapeJobType } from './scrapeJobs.ts';
import { baseLang } from './lang.ts';
import { isSameSite, isUnderPath, normalizeUrl, onSiteHost, toSiteUrl } from './urls.ts';
import { buildSiteTree as siteTrees, type SiteTreeNode } from '../../../contract/siteTree.ts';

export const TRAINING_CRAWL_QUEUE = 'training-crawl';

export interface WebsiteRow {
  id: string;
  organization_id: string;
  chatbot_id: string;
  lang: string;
  domain: string;
  created_at: string;
}

export interface WebpageRow {
  id: string;
  organization_id: string;
  chatbot_id: string;
  website_id: string;
  lang: string;
  url: string;
  path: string;
  title: string;
  text?: string;
  characters: number;
  favorite: boolean;
  last_trained: string | null;
  training_job_id: string | null;
  created_at: string;
}

export const toApiWebpage = (p: WebpageRow, withText = false) => ({
  id: p.id,
  chatbotId: p.chatbot_id,
  websiteId: p.website_id,
  lang: p.lang,
  url: p.url,
  path: p.path,
  title: p.title,
  favorite: p.favorite,
  lastTrained: p.last_trained,
  beingTrained: p.training_job_id !== null,
  characters: p.characters,
  createdAt: p.created_at,
  ...(withText ? { text: p.text ?? '' } : {}),
});

export const websiteInOrg = (db: Queryable, id: string, organizationId: string) => recordInOrg<WebsiteRow>(db, 'websites', id, organizationId);

export const webpageInOrg = (db: Queryable, id: string, organizationId: string) => recordInOrg<WebpageRow>(db, 'webpages', id, organizationId);

const basesEqual = (a: string, b: string) => baseLang(a) === baseLang(b);

/** The chatbot's other website rows whose site and start folder cover `domain` (the rows a crawl of `domain` would duplicate). */
async function coveringWebsites(db: Queryable, chatbotId: string, domain: string, exceptId?: string) {
  const all = await websitesRepo.ofChatbotByAge(db, chatbotId);
  return all.filter((w) => w.id !== exceptId && isSameSite(domain, w.domain) && isUnderPath(domain, w.domain));
}

/**
 * Adds a website (a domain in one language) to a chatbot.
 *
 * Pages are stored once per chatbot (migration 061): the crawler keeps every page it meets under one
 * row, with the page's own language (html lang, else the website's). So when a site already collected
 * for one language is added for another, the pages of that language are already there, stored under the
 * first website: they are moved ("adopted") to the new website row, which lists them from now on, with
 * their index, favorites and page schedules unchanged. Nothing is fetched or trained again for that.
 * A page the customer's site declares in no language stays where it is.
 */
export async function createWebsite(db: Queryable, bot: { id: string; organization_id: string }, lang: string, domainInput: string) {
  const domain = toSiteUrl(domainInput);
  if (!domain) throw badRequest('ValidationFailed', 'Invalid URL', [{ path: 'domain', message: 'invalid URL' }]);
  // The same site and folder in the same language, also written with http or www, is the same website.
  const same = (await websitesRepo.ofChatbotLanguage(db, bot.id, lang))
    .find((w) => w.domain === domain || (isSameSite(domain, w.domain) && new URL(domain).pathname === new URL(w.domain).pathname));
  if (same) throw conflict('UrlAlreadyAdded', 'URL already added');
  const site = await websitesRepo.create(db, { organizationId: bot.organization_id, chatbotId: bot.id, lang, domain }).catch((e) => {
    // A parallel request added it between the check and the insert.
    if ((e as { code?: string }).code === '23505') throw conflict('UrlAlreadyAdded', 'URL already added');
    throw e;
  });
  const adopted = await adoptPages(db, site);
  return Object.assign(site, { adopted });
}

/**
 * Moves the chatbot's pages written in the website's language, on its site and under its folder, from
 * website rows of another language to this website (see createWebsite). Returns how many moved.
 */
export async function adoptPages(db: Queryable, site: WebsiteRow): Promise<number> {
  const candidates = await webpagesRepo.ofOtherWebsites(db, site.chatbot_id, site.id);
  const ids = candidates
    .filter((p) => basesEqual(p.lang, site.lang) && !basesEqual(p.site_lang, site.lang))
    .filter((p) => isSameSite(p.url, site.domain) && isUnderPath(p.url, site.domain))
    .map((p) => p.id);
  if (!ids.length) return 0;
  await webpagesRepo.moveToWebsite(db, site.id, ids);
  await schedulesRepo.moveWebpagesToWebsite(db, site, ids);
  return ids.length;
}

/**
 * Whether the site of a new website was already collected for this chatbot in another language: a website
 * row of another language covers its site and folder, and a spider or sitemap crawl of it has run (or is
 * under way). Crawling it again would fetch every page a second time only to find it stored already.
 */
export async function alreadyCrawled(db: Queryable, site: WebsiteRow): Promise<boolean> {
  const covering = (await coveringWebsites(db, site.chatbot_id, site.domain, site.id)).filter((w) => !basesEqual(w.lang, site.lang));
  if (!covering.length) return false;
  return scrapeJobsRepo.anyWholeSiteCrawl(db, covering.map((w) => w.id));
}

/**
 * Where the crawl of one website stores a page it finds for the first time: under the chatbot's website
 * row for the page's own language on the same site (the one with the deepest folder covering the page),
 * so an English page found while crawling the German website is listed under English once English has
 * its website; else under the website being crawled. The websites are read at each call, so a website
 * added while a crawl runs receives the pages found after it.
 */
export function pageHomes(db: Queryable, chatbotId: string, websiteId: string): (lang: string, url: string) => Promise<string> {
  return async (lang, url) => {
    const all = await websitesRepo.ofChatbot(db, chatbotId);
    const own = all.find((w) => w.id === websiteId);
    if (!own || basesEqual(own.lang, lang)) return websiteId;
    const homes = all
      .filter((w) => basesEqual(w.lang, lang) && isSameSite(url, w.domain) && isUnderPath(url, w.domain))
      .sort((a, b) => new URL(b.domain).pathname.length - new URL(a.domain).pathname.length);
    return homes[0]?.id ?? websiteId;
  };
}

/** The website of a chatbot and language for a URL, created on first use (initial setup, scheduled page). */
export async function websiteFor(db: Queryable, bot: { id: string; organization_id: string }, lang: string, url: string) {
  const site = toSiteUrl(url);
  if (!site) throw badRequest('ValidationFailed', 'Invalid URL', [{ path: 'url', message: 'invalid URL' }]);
  const all = await websitesRepo.ofChatbotLanguage(db, bot.id, lang);
  const same = all.find((w) => isSameSite(site, w.domain));
  if (same) return same;
  const origin = new URL(site);
  return createWebsite(db, bot, lang, `${origin.protocol}//${origin.host}/`);
}

/** Refuses a new training run when this month's page trainings are used up. */
export async function assertCyclesLeft(db: Queryable, organizationId: string) {
  const limits = await trainingLimits(db, organizationId);
  const used = await pagesTrainedThisMonth(db, organizationId);
  if (used >= limits.monthlyPageBudget)
    throw new AppError(403, 'TrainingLimitReached', 'Monthly training cycles used up', {
      limit: 'monthlyTrainingCycles', cycles: limits.monthlyTrainingCycles, budget: limits.monthlyPageBudget, used,
    });
}

/**
 * Creates a scrape job (status initialized), marks the pages it will retrain as "being trained"
 * and hands it to the crawl queue.
 */
export async function queueScrapeJob(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'config'>,
  site: WebsiteRow,
  opts: { type: ScrapeJobType; url?: string | null; urls?: string[]; pageIds?: string[]; scrapeSubsites?: boolean; onlyNew?: boolean; removeMissing?: boolean; scheduleId?: string | null; skipCycleCheck?: boolean },
) {
  if (!opts.skipCycleCheck) await assertCyclesLeft(ctx.db, site.organization_id);
  let urls = opts.urls ?? [];
  if (opts.pageIds?.length) {
    urls = await webpagesRepo.urlsOfWebsite(ctx.db, site.id, opts.pageIds);
  }
  let url = opts.url ? normalizeUrl(opts.url) : null;
  if (opts.url && (!url || !isSameSite(url, site.domain)))
    throw badRequest('NoValidUrlsFound', 'No valid URLs found', { causes: ['wrongAddress'], url: opts.url });
  if (url) url = normalizeUrl(onSiteHost(url, site.domain));
  const job = await scrapeJobsRepo.create(ctx.db, {
    organizationId: site.organization_id, chatbotId: site.chatbot_id, websiteId: site.id, lang: site.lang, type: opts.type,
    url, urls, scrapeSubsites: opts.scrapeSubsites, onlyNew: opts.onlyNew, removeMissing: opts.removeMissing, scheduleId: opts.scheduleId,
  });
  if (opts.type === 'rescrape' && !urls.length)
    await webpagesRepo.markWebsiteInJob(ctx.db, job.id, site.id);
  else if (urls.length)
    await webpagesRepo.markUrlsInJob(ctx.db, job.id, site.id, urls);
  await ctx.jobs.send(TRAINING_CRAWL_QUEUE, { jobId: job.id }, {
    retryLimit: 1, retryDelay: 30, expireInSeconds: ctx.config.CRAWL_MAX_SECONDS + 600,
  });
  return job;
}

/** Deletes pages with their passages, in one transaction. */
export async function deleteWebpages(db: Db, organizationId: string, ids: string[]) {
  return db.transaction(async (tx) => {
    const removed = await webpagesRepo.removeInOrg(tx, organizationId, ids);
    await removePassages(tx, 'webpage', removed);
    return removed.length;
  });
}

export async function deleteWebsite(db: Db, site: WebsiteRow) {
  await db.transaction(async (tx) => {
    await passagesRepo.removeOfWebsite(tx, site.id);
    await websitesRepo.remove(tx, site.id);
  });
}

export interface TreeNode {
  url: string;
  id: string | null;
  title?: string;
  children: TreeNode[];
}

/**
 * One website's site tree as the API answers it (contract/siteTree.ts builds it): pages of the website's origin
 * nested by path segments; folders without a page of their own have id null.
 */
export function buildSiteTree(domain: string, pages: { id: string; url: string; title?: string }[]): TreeNode {
  const origin = new URL(domain).origin;
  const toApi = (n: SiteTreeNode<{ id: string; url: string; title?: string }>): TreeNode => ({
    url: n.url, id: n.page?.id ?? null, title: n.page?.title, children: n.children.map(toApi),
  });
  const [root] = siteTrees(pages.filter((p) => URL.canParse(p.url) && new URL(p.url).origin === origin));
  return root ? toApi(root) : { url: `${origin}/`, id: null, children: [] };
}
