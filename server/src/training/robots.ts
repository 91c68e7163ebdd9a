import { requireOnFirstUse } from '../requireOnFirstUse.ts';

const robotsParser = requireOnFirstUse<typeof import('robots-parser').default>('robots-parser');
import { safeFetch, type FetchOptions, USER_AGENT } from './fetch.ts';

export interface Robots {
  isAllowed(url: string): boolean;
  sitemaps: string[];
  crawlDelayMs: number;
}

const AGENT_TOKEN = 'ChatbotTrainer';

/** robots.txt of the site; a missing or unreadable file allows everything (as crawlers conventionally do). */
export async function loadRobots(siteUrl: string, opts: FetchOptions): Promise<Robots> {
  const robotsUrl = new URL('/robots.txt', siteUrl).toString();
  let text = '';
  try {
    const r = await safeFetch(robotsUrl, { ...opts, maxBytes: 512 * 1024, accept: 'text/plain' });
    if (r.status >= 200 && r.status < 300) text = r.body.toString('utf8');
  } catch {
    /* unreachable robots.txt: treated as absent */
  }
  const robots = robotsParser()(robotsUrl, text);
  const delay = Number(robots.getCrawlDelay(AGENT_TOKEN) ?? 0);
  return {
    isAllowed: (url) => robots.isAllowed(url, USER_AGENT) !== false,
    sitemaps: robots.getSitemaps(),
    crawlDelayMs: Number.isFinite(delay) ? Math.min(delay, 10) * 1000 : 0,
  };
}
