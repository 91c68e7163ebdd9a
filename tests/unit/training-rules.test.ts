import { describe, expect, it } from 'vitest';
import { isSameSite, looksNonHtml, normalizeUrl, onSiteHost, toSiteUrl, isUnderPath } from '../../server/src/training/urls.ts';
import { baseLang } from '../../server/src/training/lang.ts';
import { isPrivateAddress } from '../../server/src/training/fetch.ts';
import { nextRuns, presetOf, SCHEDULE_PRESETS } from '../../server/src/training/schedules.ts';
import { detectType } from '../../server/src/training/documents.ts';
import { parseSitemap } from '../../server/src/training/sitemap.ts';
import { buildSiteTree } from '../../server/src/training/websites.ts';
import { normalizeQuestion } from '../../server/src/training/qna.ts';

describe('URL rules', () => {
  it('normalises: fragment, default port, tracking parameters, host case, parameter order', () => {
    expect(normalizeUrl('HTTPS://Example.COM:443/a/b?utm_source=x&b=2&a=1#top')).toBe('https://example.com/a/b?a=1&b=2');
    expect(normalizeUrl('mailto:a@b.de')).toBeNull();
    expect(normalizeUrl('/x', 'https://example.com/a/')).toBe('https://example.com/x');
    expect(normalizeUrl(`https://example.com/${'a'.repeat(3000)}`)).toBeNull();
  });
  it('forces https on a bare host and refuses a hash', () => {
    expect(toSiteUrl('example.com')).toBe('https://example.com/');
    expect(toSiteUrl('http://www.example.com/shop')).toBe('http://www.example.com/shop');
    expect(toSiteUrl('https://example.com/#x')).toBeNull();
    expect(toSiteUrl('nohost')).toBeNull();
  });
  it('treats www and non-www as the site entered, other hosts as foreign', () => {
    expect(isSameSite('https://www.example.com/a', 'https://example.com/')).toBe(true);
    expect(isSameSite('https://shop.example.com/a', 'https://example.com/')).toBe(false);
    expect(isSameSite('https://example.com:8080/', 'https://example.com/')).toBe(false);
    expect(onSiteHost('https://example.com/a', 'https://www.example.com/')).toBe('https://www.example.com/a');
    expect(isUnderPath('https://e.com/shop/x', 'https://e.com/shop/')).toBe(true);
    expect(isUnderPath('https://e.com/blog', 'https://e.com/shop/')).toBe(false);
  });
  it('knows non-HTML by extension', () => {
    expect(looksNonHtml('https://e.com/a.pdf')).toBe(true);
    expect(looksNonHtml('https://e.com/a.JPG')).toBe(true);
    expect(looksNonHtml('https://e.com/a.html')).toBe(false);
    expect(looksNonHtml('https://e.com/produkte/')).toBe(false);
  });
});

describe('private addresses', () => {
  it('refuses loopback, private, link-local and mapped addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '100.64.0.1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('languages', () => {
  it('maps pool codes to base languages', () => {
    expect(baseLang('de-AT')).toBe('de');
    expect(baseLang('en-GB')).toBe('en');
    expect(baseLang('italian')).toBe('it');
    expect(baseLang('cn')).toBe('zh');
    expect(baseLang('pt_BR')).toBe('pt');
  });
});

describe('schedules', () => {
  it('has the presets of the spec and the default of every 1 January', () => {
    expect(SCHEDULE_PRESETS).toEqual({ yearly: '0 0 1 1 *', monthly: '0 0 1 * *', weekly: '0 0 * * 1', daily: '0 0 * * *', saturday: '0 0 * * 6' });
    const from = new Date('2026-03-15T12:00:00Z');
    expect(nextRuns(SCHEDULE_PRESETS.yearly, 2, from)).toEqual(['2027-01-01T00:00:00.000Z', '2028-01-01T00:00:00.000Z']);
    expect(nextRuns(SCHEDULE_PRESETS.weekly, 1, from)).toEqual(['2026-03-16T00:00:00.000Z']);
    expect(nextRuns(SCHEDULE_PRESETS.saturday, 1, from)).toEqual(['2026-03-21T00:00:00.000Z']);
    expect(nextRuns(SCHEDULE_PRESETS.monthly, 1, from)).toEqual(['2026-04-01T00:00:00.000Z']);
    expect(presetOf('0  0 * * 6')).toBe('saturday');
    expect(presetOf('5 4 * * *')).toBeNull();
  });
  it('refuses invalid cron expressions', () => {
    for (const bad of ['', '* * * *', '0 0 * * * *', '60 0 * * *', '0 0 32 1 *', 'jeden Tag']) expect(() => nextRuns(bad), bad).toThrow();
    expect(nextRuns('*/15 8-17 * * 1-5', 3, new Date('2026-03-16T07:00:00Z'))).toEqual([
      '2026-03-16T08:00:00.000Z', '2026-03-16T08:15:00.000Z', '2026-03-16T08:30:00.000Z',
    ]);
  });
});

describe('document types by content', () => {
  it('accepts PDF, DOCX-looking zips and UTF-8 text, refuses binaries and renamed files', () => {
    expect(detectType(Buffer.from('%PDF-1.7\n...'), 'a.pdf')).toBe('pdf');
    expect(detectType(Buffer.from('Grüße aus Hamburg\n'), 'notiz.txt')).toBe('txt');
    expect(() => detectType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), 'bild.txt')).toThrow();
    expect(() => detectType(Buffer.from('%PDF-1.7'), 'tarnung.txt')).toThrow();
    expect(() => detectType(Buffer.from('plain text'), 'x.pdf')).toThrow();
    expect(() => detectType(Buffer.from([0xff, 0xfe, 0x00]), 'x.bin')).toThrow();
  });
});

describe('sitemaps and site tree', () => {
  it('reads url sets and sitemap indexes', () => {
    expect(parseSitemap('<urlset><url><loc> https://e.com/a </loc></url><url><loc>https://e.com/b</loc></url></urlset>').urls).toEqual(['https://e.com/a', 'https://e.com/b']);
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap></sitemapindex>')).toEqual({ urls: [], sitemaps: ['https://e.com/s1.xml'] });
  });
  it('nests pages by path; folders without a page have id null', () => {
    const tree = buildSiteTree('https://e.com/', [
      { id: '1', url: 'https://e.com/' },
      { id: '2', url: 'https://e.com/shop/rad.html' },
      { id: '3', url: 'https://e.com/shop/' },
      { id: '4', url: 'https://e.com/blog/2024/post' },
    ]);
    expect(tree).toMatchObject({ url: 'https://e.com/', id: '1' });
    const shop = tree.children.find((c) => c.url === 'https://e.com/shop/')!;
    expect(shop.id).toBe('3');
    expect(shop.children.map((c) => c.id)).toEqual(['2']);
    const blog = tree.children.find((c) => c.url === 'https://e.com/blog/')!;
    expect(blog.id).toBeNull();
    expect(blog.children[0].children[0]).toMatchObject({ url: 'https://e.com/blog/2024/post', id: '4' });
  });
});

describe('question normalisation for duplicate detection', () => {
  it('ignores case, spacing and final punctuation', () => {
    expect(normalizeQuestion('  Wie  lange dauert es?? ')).toBe(normalizeQuestion('wie lange dauert es'));
  });
});
