import zlib from 'node:zlib';
import { requireOnFirstUse } from '../requireOnFirstUse.ts';
import { safeFetch, type FetchOptions } from './fetch.ts';

const cheerio = requireOnFirstUse<typeof import('cheerio')>('cheerio');

/** Parses one sitemap document: either page URLs (urlset) or further sitemaps (sitemapindex). */
export function parseSitemap(xml: string): { urls: string[]; sitemaps: string[] } {
  const $ = cheerio().load(xml, { xml: true });
  const locs = (sel: string) =>
    $(sel)
      .map((_, el) => $(el).text().trim())
      .get()
      .filter(Boolean);
  return { urls: locs('urlset > url > loc'), sitemaps: locs('sitemapindex > sitemap > loc') };
}

/**
 * Every page URL reachable from the given sitemaps, following sitemap indexes,
 * bounded in the number of sitemap files and URLs.
 */
export async function collectSitemapUrls(
  start: string[],
  opts: FetchOptions & { maxSitemaps?: number; maxUrls?: number },
): Promise<{ urls: string[]; sitemapsRead: number }> {
  const maxSitemaps = opts.maxSitemaps ?? 50;
  const maxUrls = opts.maxUrls ?? 50_000;
  const queue = [...new Set(start)];
  const seen = new Set(queue);
  const urls = new Set<string>();
  let read = 0;
  while (queue.length && read < maxSitemaps && urls.size < maxUrls) {
    const sm = queue.shift()!;
    read++;
    let body: Buffer;
    try {
      const r = await safeFetch(sm, { ...opts, maxBytes: 50 * 1024 * 1024, accept: 'application/xml,text/xml,*/*' });
      if (r.status < 200 || r.status >= 300) continue;
      body = r.body;
    } catch {
      continue;
    }
    if (body[0] === 0x1f && body[1] === 0x8b) body = zlib.gunzipSync(body, { maxOutputLength: 100 * 1024 * 1024 });
    const parsed = parseSitemap(body.toString('utf8'));
    for (const u of parsed.urls) {
      if (urls.size >= maxUrls) break;
      urls.add(u);
    }
    for (const s of parsed.sitemaps) {
      if (!seen.has(s)) {
        seen.add(s);
        queue.push(s);
      }
    }
  }
  return { urls: [...urls], sitemapsRead: read };
}
