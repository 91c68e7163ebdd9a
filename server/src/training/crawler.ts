import crypto from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
import { webpagesRepo } from '../repositories/webpages.ts';
import { websitesRepo } from '../repositories/websites.ts';
import { createAgents, FetchError, safeFetch, type FetchOptions } from './fetch.ts';
import { extractPage } from './extract.ts';
import { dropHidden, RenderSession, renderOptions } from './render.ts';
import { indexText, removePassages, storePassages } from './indexer.ts';
import { baseLang } from './lang.ts';
import { reservePageTraining, trainingLimits, webpageCount } from './limits.ts';
import { loadRobots } from './robots.ts';
import { collectSitemapUrls } from './sitemap.ts';
import { isSameSite, isUnderPath, looksNonHtml, normalizeUrl, onSiteHost, pathOf } from './urls.ts';
import { scrapeJobsRepo, statsOf, type PageOutcome, type ScrapeJobRow } from './scrapeJobs.ts';
import { pageHomes } from './websites.ts';

export interface CrawlProgress {
  pagesFound: number;
  pagesTrained: number;
}

/** Why a crawl found nothing to train: the causes the dashboard explains to the user. */
export type NoValidUrlCause = 'urlNotHtml' | 'wrongAddress' | 'noSubpages' | 'wwwPrefixNeeded';

interface Existing {
  id: string;
  url: string;
  content_hash: string | null;
  website_id: string;
  lang: string;
}

/**
 * Runs one scrape job to its end: discovers URLs (spider, sitemap, explicit list), fetches them
 * politely within the bounds, extracts the main content and (re)indexes each page atomically.
 * Never throws for a website problem: the job ends as failed with an error key instead.
 */
export async function runScrapeJob(
  ctx: { db: Db; config: Config },
  jobId: string,
  onProgress?: (p: CrawlProgress) => Promise<void> | void,
): Promise<ScrapeJobRow | null> {
  const { db, config } = ctx;
  const job = await scrapeJobsRepo.start(db, jobId);
  if (!job) return scrapeJobsRepo.byId(db, jobId);
  // A job retried after its process died resumes: the pages it handled keep their counts and are not trained again
  // (they are still fetched when the crawl follows links, since the queue of addresses died with the process).
  const handledBefore = await scrapeJobsRepo.handledPages(db, job.id);
  const stats = statsOf(handledBefore);
  const record = (q: Queryable, url: string, outcome: PageOutcome) => scrapeJobsRepo.recordPage(q, job.id, url, outcome);
  const progress = throttled(async () => {
    await scrapeJobsRepo.progress(db, job.id, stats);
    await onProgress?.({ pagesFound: stats.pages_found, pagesTrained: stats.pages_trained });
  }, 500);
  const notTrained: string[] = [];
  let limitReached: string | null = null;
  let renderer: RenderSession | null = null;
  try {
    const site = await websitesRepo.domainAndLang(db, job.website_id);
    if (!site) throw new Error('website deleted');
    const siteUrl = site.domain;
    const agents = createAgents(config.CRAWL_CONCURRENCY);
    const fetchOpts: FetchOptions = {
      allowPrivate: config.CRAWL_ALLOW_PRIVATE,
      agents,
      timeoutMs: config.CRAWL_PAGE_TIMEOUT_MS,
      maxBytes: Math.round(config.CRAWL_MAX_PAGE_MB * 1024 * 1024),
      maxRedirects: 5,
      retries: 2,
    };
    const deadline = Date.now() + config.CRAWL_MAX_SECONDS * 1000;
    const robots = await loadRobots(siteUrl, fetchOpts);
    // Script-filled pages are rendered in a browser launched on first need, closed when the job ends.
    renderer = new RenderSession(renderOptions(config, fetchOpts, (u) => robots.isAllowed(u)));
    const limits = await trainingLimits(db, job.organization_id);
    let pageCount = await webpageCount(db, job.organization_id);
    // A page is stored once per chatbot, whichever website (language) led to it: the pages of all the
    // chatbot's websites are known, so a page met again is neither duplicated nor counted again.
    const existing = new Map<string, Existing>();
    for (const r of await webpagesRepo.hashesOfChatbot(db, job.chatbot_id)) existing.set(r.url, r);
    const ownUrls = () => [...existing.values()].filter((e) => e.website_id === job.website_id).map((e) => e.url);
    const homeOf = pageHomes(db, job.chatbot_id, job.website_id);
    const knownHashes = new Map<string, string>(); // content hash → url, across this site
    for (const e of existing.values()) if (e.content_hash) knownHashes.set(e.content_hash, e.url);

    const causes = new Set<NoValidUrlCause>();
    const seen = new Set<string>(); // URLs queued or done
    const done = new Set<string>(); // URLs whose content was handled (final and canonical)
    const queue: { url: string; depth: number }[] = [];
    let linksFound = 0;
    let startFailed = false;

    /** Normalises a candidate and tells whether it may be crawled at all. */
    const admit = (raw: string): string | null => {
      const n = normalizeUrl(raw);
      if (!n || !isSameSite(n, siteUrl)) return null;
      const url = normalizeUrl(onSiteHost(n, siteUrl))!;
      if (!isUnderPath(url, siteUrl)) return null;
      if (looksNonHtml(url)) {
        causes.add('urlNotHtml');
        return null;
      }
      if (!robots.isAllowed(url)) return null;
      return url;
    };
    const enqueue = (raw: string, depth: number) => {
      const url = admit(raw);
      if (!url || seen.has(url)) return;
      seen.add(url);
      queue.push({ url, depth });
    };

    const follow = job.type === 'spider' || job.scrape_subsites;
    const startUrl = job.url ?? siteUrl;
    if (job.type === 'sitemap') {
      const maps = robots.sitemaps.length ? robots.sitemaps : [new URL('/sitemap.xml', siteUrl).toString()];
      const { urls } = await collectSitemapUrls(maps, { ...fetchOpts, maxUrls: config.CRAWL_MAX_PAGES * 2 });
      for (const u of urls) enqueue(u, 0);
      if (!urls.length) causes.add('wrongAddress');
    } else if (job.type === 'rescrape' || job.type === 'selective') {
      const list = job.urls.length ? job.urls : job.type === 'rescrape' ? ownUrls() : [];
      for (const u of list) enqueue(u, 0);
    } else enqueue(startUrl, 0);
    stats.pages_found = queue.length;

    let fetched = 0;
    let cyclesLeft = true;

    const handle = async ({ url, depth }: { url: string; depth: number }) => {
      const isStart = url === admit(startUrl) && depth === 0;
      const before = handledBefore.get(url);
      if (before === 'failed' || before === 'removed') return; // counted by the earlier attempt; nothing to follow
      const known = existing.get(url);
      if (!cyclesLeft && !(job.only_new && known)) {
        notTrained.push(url);
        return;
      }
      let res;
      try {
        res = await safeFetch(url, fetchOpts);
      } catch (e) {
        stats.pages_failed++;
        await record(db, url, 'failed');
        if (isStart) {
          startFailed = true;
          causes.add('wrongAddress');
          if (!new URL(siteUrl).hostname.startsWith('www.')) causes.add('wwwPrefixNeeded');
        }
        if (e instanceof FetchError && e.code === 'PrivateAddress') causes.add('wrongAddress');
        return;
      }
      if (res.status === 404 || res.status === 410) {
        if (known) {
          await removePage(db, known.id, (tx) => record(tx, url, 'removed'));
          existing.delete(url);
          stats.pages_removed++;
        } else {
          stats.pages_failed++;
          await record(db, url, 'failed');
        }
        if (isStart) causes.add('wrongAddress');
        return;
      }
      if (res.status < 200 || res.status >= 300) {
        stats.pages_failed++;
        await record(db, url, 'failed');
        if (isStart) causes.add('wrongAddress');
        return;
      }
      if (!/html|xhtml/.test(res.contentType)) {
        causes.add('urlNotHtml');
        return;
      }
      // Redirects: the page lives at its final address, if that is still on the site.
      const finalRaw = normalizeUrl(res.url);
      if (!finalRaw || !isSameSite(finalRaw, siteUrl)) return;
      let pageUrl = normalizeUrl(onSiteHost(finalRaw, siteUrl))!;
      if (pageUrl !== url) {
        if (done.has(pageUrl)) return;
        seen.add(pageUrl);
      }
      const started = performance.now();
      const raw = res.body.toString('utf8');
      let page = extractPage(dropHidden(raw), pageUrl);
      extractMs += performance.now() - started;
      extracted++;
      page = await renderer!.improve(page, { url: res.url, pageUrl, html: raw, body: res.body, contentType: res.contentType });
      if (follow && depth < config.CRAWL_MAX_DEPTH && !page.nofollow) {
        for (const link of page.links) {
          const before = queue.length;
          enqueue(link, depth + 1);
          if (queue.length > before) {
            linksFound++;
            stats.pages_found++;
          }
        }
      }
      // Canonical: several addresses of one page are collapsed onto the one it names.
      if (page.canonical) {
        const c = normalizeUrl(page.canonical);
        if (c && isSameSite(c, siteUrl)) {
          const canon = normalizeUrl(onSiteHost(c, siteUrl))!;
          if (canon !== pageUrl) {
            if (done.has(canon)) return;
            seen.add(canon);
            pageUrl = canon;
          }
        }
      }
      if (done.has(pageUrl)) return;
      done.add(pageUrl);
      done.add(url);
      if (handledBefore.has(pageUrl)) return; // trained and counted before the crash
      if (page.noindex || !page.text) return;
      const hash = crypto.createHash('sha256').update(page.text).digest('hex');
      const owner = knownHashes.get(hash);
      if (owner && owner !== pageUrl) return; // the same content under another address: a duplicate
      knownHashes.set(hash, pageUrl);
      const current = existing.get(pageUrl);
      if (current && job.only_new) return;
      if (current && current.content_hash === hash) {
        stats.pages_unchanged++;
        await db.transaction(async (tx) => {
          await webpagesRepo.markTrained(tx, current.id);
          await record(tx, pageUrl, 'unchanged');
        });
        return;
      }
      if (!current) {
        // Taken before any await: concurrent handlers must not all pass the same last free slot.
        if (pageCount >= limits.maxWebpages) {
          limitReached = 'maxWebpages';
          notTrained.push(pageUrl);
          return;
        }
        pageCount++;
      }
      if (!(await reservePageTraining(db, job.organization_id, limits.monthlyPageBudget))) {
        if (!current) pageCount--;
        limitReached = 'monthlyTrainingCycles';
        cyclesLeft = false;
        notTrained.push(pageUrl);
        return;
      }
      const declared = page.lang ? baseLang(page.lang) : null;
      // A page stored under another website keeps its language unless it declares one.
      const lang = declared && declared !== baseLang(site.lang) ? declared : current && current.website_id !== job.website_id ? current.lang : site.lang;
      const home = current ? current.website_id : await homeOf(lang, pageUrl);
      const indexed = await indexText(db, { lang, title: page.title }, page.text);
      const row = await db.transaction(async (tx) => {
        const id = await webpagesRepo.storeTrained(tx, {
          organizationId: job.organization_id, chatbotId: job.chatbot_id, websiteId: home, lang, url: pageUrl, path: pathOf(pageUrl),
          title: page.title, text: page.text, contentHash: hash,
        });
        await storePassages(tx, { organizationId: job.organization_id, chatbotId: job.chatbot_id, lang, type: 'webpage', id, title: page.title }, indexed);
        await record(tx, pageUrl, current ? 'changed' : 'added');
        return { id };
      });
      if (current) {
        if (current.content_hash) knownHashes.delete(current.content_hash);
        stats.pages_changed++;
      } else {
        stats.pages_added++;
        existing.set(pageUrl, { id: row.id, url: pageUrl, content_hash: hash, website_id: home, lang });
      }
      stats.pages_trained++;
    };

    let extractMs = 0;
    let extracted = 0;
    let truncated = false;
    // Polite concurrency: a few workers share one queue and one keep-alive agent for the host.
    const workers = robots.crawlDelayMs > 0 ? 1 : config.CRAWL_CONCURRENCY;
    let active = 0;
    await new Promise<void>((resolve, reject) => {
      const pump = () => {
        if (!queue.length && active === 0) return resolve();
        while (queue.length && active < workers) {
          if (fetched >= config.CRAWL_MAX_PAGES || Date.now() > deadline) {
            truncated = true;
            limitReached ??= fetched >= config.CRAWL_MAX_PAGES ? 'maxPages' : 'time';
            for (const q of queue.splice(0)) notTrained.push(q.url);
            break;
          }
          const item = queue.shift()!;
          fetched++;
          active++;
          handle(item)
            .then(async () => {
              if (robots.crawlDelayMs) await new Promise((r) => setTimeout(r, robots.crawlDelayMs));
              await progress.flush();
            })
            .then(() => {
              active--;
              pump();
            }, reject);
        }
        if (!queue.length && active === 0) resolve();
      };
      pump();
    });
    await progress.stop();
    agents.http.destroy();
    agents.https.destroy();

    // A complete rerun of the whole site: pages that are no longer there are removed.
    if (job.remove_missing && !truncated && !limitReached && !startFailed) {
      const gone = [...existing.values()].filter((e) => e.website_id === job.website_id && !done.has(e.url) && !seen.has(e.url));
      for (const g of gone) {
        await removePage(db, g.id, (tx) => record(tx, g.url, 'removed'));
        stats.pages_removed++;
      }
    }

    const handled = stats.pages_trained + stats.pages_unchanged;
    const collectedKnownOnly = job.only_new && done.size > 0;
    if (handled === 0 && notTrained.length === 0 && stats.pages_removed === 0 && !collectedKnownOnly) {
      if (job.type === 'spider' && linksFound === 0 && !startFailed) causes.add('noSubpages');
      if (!causes.size) causes.add('wrongAddress');
      await scrapeJobsRepo.finish(db, job.id, 'failed', stats, notTrained, limitReached, 'NoValidUrlsFound', {
        causes: [...causes],
        extractMsPerPage: extracted ? extractMs / extracted : 0,
        ...renderer.report(),
      });
    } else {
      await scrapeJobsRepo.finish(db, job.id, 'completed', stats, notTrained, limitReached, null, {
        extractMsPerPage: extracted ? extractMs / extracted : 0,
        pagesFetched: fetched,
        ...renderer.report(),
      });
    }
    await onProgress?.({ pagesFound: stats.pages_found, pagesTrained: stats.pages_trained });
  } catch (e) {
    await scrapeJobsRepo.finish(db, job.id, 'failed', stats, notTrained, limitReached, 'Unknown', { message: (e as Error).message });
  } finally {
    await progress.stop();
    await renderer?.close();
  }
  return scrapeJobsRepo.byId(db, jobId);
}

/**
 * Runs `write` at most every `everyMs`; a call inside the pause is written when it ends, so the pages done
 * just before a slow one show while it loads. `stop` cancels what is pending and waits for a running write:
 * nothing may report progress after the job's end.
 */
function throttled(write: () => Promise<void>, everyMs: number) {
  let last = 0;
  let pending: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const now = () => {
    last = Date.now();
    running = running.then(write, write);
    return running;
  };
  return {
    flush() {
      if (stopped) return Promise.resolve();
      const wait = everyMs - (Date.now() - last);
      if (wait <= 0) return now();
      pending ??= setTimeout(() => {
        pending = null;
        if (!stopped) now().catch(() => {}); // a failed progress write is retried by the next one
      }, wait);
      return Promise.resolve();
    },
    async stop() {
      stopped = true;
      if (pending) clearTimeout(pending);
      pending = null;
      await running.catch(() => {});
    },
  };
}

/** Deletes a page and its passages together (and whatever `alsoIn` writes, in the same transaction). */
export async function removePage(db: Db, id: string, alsoIn?: (tx: Queryable) => Promise<void>) {
  await db.transaction(async (tx) => {
    await removePassages(tx, 'webpage', id);
    await webpagesRepo.remove(tx, id);
    await alsoIn?.(tx);
  });
}
