import { describe, expect, it } from 'vitest';
import { formatSize } from '../../src/resources/documents/formatSize.ts';
import { extensionOf, precheckFile, statusForUploadError } from '../../src/resources/documents/fileCheck.ts';
import { buildSiteTree, pageIdsOf } from '../../src/resources/webpages/siteTree.ts';
import { cronOfMode, DEFAULT_PRESET, hasFiveFields, modeOfCron, SCHEDULE_PRESETS } from '../../src/resources/websites/schedulePresets.ts';
import { SCHEDULE_PRESETS as SERVER_PRESETS } from '../../server/src/training/schedules.ts';
import { phone } from '../../src/resources/contacts/contactValidation.ts';

describe('formatSize', () => {
  it('shows KB, MB and GB with up to 2 decimals in the German format', () => {
    expect(formatSize(1536, 'de')).toBe('1,5 KB');
    expect(formatSize(1024 * 1024 * 2.345, 'de')).toBe('2,35 MB');
    expect(formatSize(5 * 1024 ** 3, 'de')).toBe('5 GB');
    expect(formatSize(1234.5 * 1024 ** 3, 'de')).toBe('1.234,5 GB');
  });
  it('uses the English number format in English', () => {
    expect(formatSize(1536, 'en')).toBe('1.5 KB');
    expect(formatSize(1234.5 * 1024 ** 3, 'en')).toBe('1,234.5 GB');
  });
  it('stays in KB below 1 MB and handles 0 and bad input', () => {
    expect(formatSize(100, 'de')).toBe('0,1 KB');
    expect(formatSize(1023 * 1024, 'en')).toBe('1,023 KB');
    expect(formatSize(1024 * 1024, 'en')).toBe('1 MB');
    expect(formatSize(0, 'de')).toBe('0 KB');
    expect(formatSize(Number.NaN, 'de')).toBe('0 KB');
  });
});

describe('document pre-check', () => {
  const MB = 1024 * 1024;
  it('accepts pdf, docx and txt up to the server limit', () => {
    expect(precheckFile({ name: 'Preise.PDF', size: MB }, 20 * MB)).toBeNull();
    expect(precheckFile({ name: 'a.docx', size: 20 * MB }, 20 * MB)).toBeNull();
    expect(precheckFile({ name: 'notes.txt', size: 10 }, undefined)).toBeNull();
  });
  it('refuses other types before the size, and files over the limit', () => {
    expect(precheckFile({ name: 'photo.png', size: 99 * MB }, 20 * MB)).toBe('incorrectType');
    expect(precheckFile({ name: 'old.doc', size: 1 }, 20 * MB)).toBe('incorrectType');
    expect(precheckFile({ name: 'noextension', size: 1 }, 20 * MB)).toBe('incorrectType');
    expect(precheckFile({ name: 'big.pdf', size: 20 * MB + 1 }, 20 * MB)).toBe('oversize');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
  });
  it('maps the server answer to a queue status', () => {
    expect(statusForUploadError({ status: 413 })).toBe('oversize');
    expect(statusForUploadError({ status: 415, serverKey: 'FileTypeNotSupported' })).toBe('incorrectType');
    expect(statusForUploadError({ status: 500 })).toBe('error');
    expect(statusForUploadError({})).toBe('error');
  });
});

describe('site tree', () => {
  const pages = [
    { id: '3', url: 'https://shop.test/blog/b.html' },
    { id: '1', url: 'https://shop.test/' },
    { id: '2', url: 'https://shop.test/blog/a.html' },
    { id: '4', url: 'https://shop.test/kontakt.html' },
    { id: '5', url: 'https://shop.test/en/' },
    { id: '6', url: 'https://shop.test/en/shipping.html' },
    { id: '7', url: 'https://shop.test/search?q=rad' },
  ];
  it('nests pages by path, with folders that have no page of their own', () => {
    const [root] = buildSiteTree(pages);
    expect(root.url).toBe('https://shop.test/');
    expect(root.page?.id).toBe('1');
    expect(root.children.map((c) => c.label)).toEqual(['blog/', 'en/', 'kontakt.html', 'search?q=rad']);
    const blog = root.children[0];
    expect(blog.page).toBeNull();
    expect(blog.children.map((c) => c.page?.id)).toEqual(['2', '3']);
    const en = root.children[1];
    expect(en.page?.id).toBe('5');
    expect(en.children.map((c) => c.url)).toEqual(['https://shop.test/en/shipping.html']);
  });
  it('collects the page ids of a branch and keeps hosts apart', () => {
    const [root] = buildSiteTree(pages);
    expect(pageIdsOf(root).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(pageIdsOf(root.children[0])).toEqual(['2', '3']);
    const two = buildSiteTree([...pages, { id: '8', url: 'https://www.other.test/x.html' }, { id: '9', url: 'not a url' }]);
    expect(two.map((r) => r.label)).toEqual(['shop.test', 'www.other.test']);
    expect(buildSiteTree([])).toEqual([]);
  });
});

describe('schedule presets', () => {
  it('are the server presets, with every 1 January 00:00 as default', () => {
    expect(SCHEDULE_PRESETS).toEqual(SERVER_PRESETS);
    expect(DEFAULT_PRESET).toBe('yearly');
    expect(SCHEDULE_PRESETS.yearly).toBe('0 0 1 1 *');
    expect(SCHEDULE_PRESETS.weekly).toBe('0 0 * * 1');
    expect(SCHEDULE_PRESETS.saturday).toBe('0 0 * * 6');
  });
  it('map cron expressions to presets and back', () => {
    expect(modeOfCron('0  0 1 * * ')).toBe('monthly');
    expect(modeOfCron('0 0 * * *')).toBe('daily');
    expect(modeOfCron('30 2 * * 1-5')).toBe('advanced');
    expect(modeOfCron(null)).toBe('yearly');
    expect(cronOfMode('saturday', 'ignored')).toBe('0 0 * * 6');
    expect(cronOfMode('advanced', ' 30  2 * * 1-5 ')).toBe('30 2 * * 1-5');
    expect(hasFiveFields('0 0 1 1 *')).toBe(true);
    expect(hasFiveFields('0 0 1 1')).toBe(false);
    expect(hasFiveFields('0 0 1 1 * 2020')).toBe(false);
  });
});

describe('contact phone rule', () => {
  const rule = phone();
  it('accepts usual phone numbers and refuses the rest', () => {
    expect(rule('+49 30 123456')).toBeUndefined();
    expect(rule('(030) 123-456')).toBeUndefined();
    expect(rule('')).toBeUndefined(); // "required" reports an empty field
    expect(rule('abc')).toBe('training.contacts.validation.phone');
    expect(rule('12')).toBe('training.contacts.validation.phone');
    expect(rule('+49 30 1234 5678 9012 3456')).toBe('training.contacts.validation.phone');
  });
});
