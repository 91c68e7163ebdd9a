import * as cheerio from 'cheerio';
import type { AppContext } from '../context.ts';
import { chatbotsRepo } from '../repositories/chatbots.ts';
import { setupPagesRepo } from '../repositories/setupPages.ts';
import { fetchPage } from '../services/webFetch.ts';

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
 * For now it fetches and stores the start page; the training crawler replaces this body.
 * A website that cannot be read ends as "failed" (no retry); a database error throws so pg-boss retries.
 */
export async function runInitialSetup(ctx: AppContext, chatbotId: string) {
  const bot = await chatbotsRepo.byId(ctx.db, chatbotId);
  if (!bot) return;
  await chatbotsRepo.setInitialSetup(ctx.db, bot.id, 'running', { pagesFound: 0, pagesTrained: 0, message: 'Fetching start page' });
  let page: { url: string; title: string; text: string };
  try {
    const res = await fetchPage(bot.url, { allowPrivate: ctx.config.CRAWL_ALLOW_PRIVATE, timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 });
    page = { url: res.url, ...extractText(res.body, res.contentType) };
  } catch (e) {
    await chatbotsRepo.setInitialSetup(ctx.db, bot.id, 'failed', { pagesFound: 0, pagesTrained: 0, message: (e as Error).message });
    return;
  }
  await chatbotsRepo.setInitialSetup(ctx.db, bot.id, 'running', { pagesFound: 1, pagesTrained: 0, message: 'Storing start page' });
  await setupPagesRepo.upsert(ctx.db, { chatbotId: bot.id, ...page });
  await chatbotsRepo.setInitialSetup(ctx.db, bot.id, 'completed', { pagesFound: 1, pagesTrained: 1 });
}

/** Title and readable text of an HTML (or plain-text) page. */
export function extractText(body: string, contentType: string): { title: string; text: string } {
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
  if (/^text\/plain/i.test(contentType)) return { title: '', text: squash(body) };
  if (contentType && !/html|xml/i.test(contentType)) throw new Error(`Not a web page (${contentType.split(';')[0]})`);
  const $ = cheerio.load(body);
  const title = squash($('title').first().text());
  $('script, style, noscript, template, svg, iframe').remove();
  // Block elements end words: without a space "<h1>Hi</h1><p>there" would read "Hithere".
  $('body *').append(' ');
  return { title, text: squash($('body').text() || $.root().text()) };
}

export async function registerInitialSetupWorker(ctx: AppContext) {
  await ctx.jobs.work<{ chatbotId: string }>(INITIAL_SETUP_QUEUE, (data) => runInitialSetup(ctx, data.chatbotId));
}
