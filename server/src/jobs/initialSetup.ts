import type { AppContext } from '../context.ts';
import { requireOnFirstUse } from '../requireOnFirstUse.ts';
import { chatbotsRepo } from '../repositories/chatbots.ts';
import { setupPagesRepo } from '../repositories/setupPages.ts';
import { safeFetch, type FetchError } from '../training/fetch.ts';
import { extractPage } from '../training/extract.ts';
import { runScrapeJob } from '../training/crawler.ts';
import { scrapeJobsRepo } from '../training/scrapeJobs.ts';
import { websiteFor } from '../training/websites.ts';
import { queueEmbeddings } from './embeddings.ts';

const cheerio = requireOnFirstUse<typeof import('cheerio')>('cheerio');

export const INITIAL_SETUP_QUEUE = 'initial-setup';

const MAX_TEXT = 200_000;

/** Queues the setup of a new chatbot; a queue failure is recorded instead of leaving it pending forever. */
export async function queueInitialSetup(ctx: AppContext, chatbotId: string) {
  try {
    await ctx.jobs.send(INITIAL_SETUP_QUEUE, { chatbotId }, { singletonKey: chatbotId, retryLimit: 2, retryDelay: 5 });
  } catch (e) {
    await chatbotsRepo.setInitialSetup(ctx.db, chatbotId, 'failed', { pagesFound: 0, pagesTrained: 0, message: `Could not queue setup: ${(e as Error).message}` });
  }
}

/**
 * The initial setup of a new chatbot: pending → running → completed | failed, with progress.
 * A real spider crawl of the chatbot's website in its language (training/crawler.ts), reporting
 * pagesFound / pagesTrained while it runs. The start page is probed first (https, then http when
 * the site has no TLS) and kept in setup_pages. A website that cannot be read ends as "failed"
 * (no retry); a database error throws so pg-boss retries.
 */
export async function runInitialSetup(ctx: AppContext, chatbotId: string) {
  const bot = await chatbotsRepo.byId(ctx.db, chatbotId);
  if (!bot) return;
  await chatbotsRepo.setInitialSetup(ctx.db, bot.id, 'running', { pagesFound: 0, pagesTrained: 0, message: 'Fetching start page' });
  const fetchOpts = { allowPrivate: ctx.config.CRAWL_ALLOW_PRIVATE, timeoutMs: ctx.config.CRAWL_PAGE_TIMEOUT_MS, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };
  const candidates = bot.url.startsWith('https://') ? [bot.url, bot.url.replace(/^https:/, 'http:')] : [bot.url];
  let startUrl: string | null = null;
  let reason = '';
  for (const url of candidates) {
    try {
      const res = await safeFetch(url, fetchOpts);
      if (res.status >= 400) {
        reason = `The website answered ${res.status}`;
        continue;
      }
      startUrl = url;
      if (/html/.test(res.contentType)) {
        const page = extractPage(res.body.toString('utf8'), res.url);
        await setupPagesRepo.upsert(ctx.db, { chatbotId: bot.id, url: res.url, title: page.title, text: page.text });
      }
      break;
    } catch (e) {
      reason ||= (e as Error).message;
      if ((e as FetchError).code === 'PrivateAddress') break;
    }
  }
  if (!startUrl) {
    await chatbotsRepo.setInitialSetup(ctx.db, bot.id, 'failed', { pagesFound: 0, pagesTrained: 0, message: reason });
    return;
  }
  const site = await websiteFor(ctx.db, bot, bot.lang, startUrl);
  // A setup retried after its process died resumes its crawl instead of leaving it "running" beside a new one.
  const job = (await scrapeJobsRepo.unfinishedSetupCrawl(ctx.db, bot.id)) ?? (await scrapeJobsRepo.create(ctx.db, {
    organizationId: bot.organization_id, chatbotId: bot.id, websiteId: site.id, lang: site.lang, type: 'spider', url: startUrl,
  }));
  const done = await runScrapeJob(ctx, job.id, (p) => chatbotsRepo.setInitialSetup(ctx.db, bot.id, 'running', { ...p }));
  await queueEmbeddings(ctx, bot.id);
  const progress = { pagesFound: done?.pages_found ?? 0, pagesTrained: done?.pages_trained ?? 0 };
  if (done?.status === 'completed') await chatbotsRepo.setInitialSetup(ctx.db, bot.id, 'completed', progress);
  else
    await chatbotsRepo.setInitialSetup(ctx.db, bot.id, 'failed', {
      ...progress,
      message: done?.error === 'NoValidUrlsFound' ? 'No valid URLs found' : (done?.error_details?.message as string) ?? 'Crawl failed',
    });
}

/** Title and readable text of an HTML (or plain-text) page. */
export function extractText(body: string, contentType: string): { title: string; text: string } {
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
  if (/^text\/plain/i.test(contentType)) return { title: '', text: squash(body) };
  if (contentType && !/html|xml/i.test(contentType)) throw new Error(`Not a web page (${contentType.split(';')[0]})`);
  const $ = cheerio().load(body);
  const title = squash($('title').first().text());
  $('script, style, noscript, template, svg, iframe').remove();
  // Block elements end words: without a space "<h1>Hi</h1><p>there" would read "Hithere".
  $('body *').append(' ');
  return { title, text: squash($('body').text() || $.root().text()) };
}

export async function registerInitialSetupWorker(ctx: AppContext) {
  await ctx.jobs.work<{ chatbotId: string }>(INITIAL_SETUP_QUEUE, async (data) => {
    try {
      await runInitialSetup(ctx, data.chatbotId);
    } catch (e) {
      // Never leave the wizard watching "running" forever: record the failure, then let pg-boss retry.
      await chatbotsRepo
        .setInitialSetup(ctx.db, data.chatbotId, 'failed', { pagesFound: 0, pagesTrained: 0, message: (e as Error).message })
        .catch(() => {});
      throw e;
    }
  });
}
