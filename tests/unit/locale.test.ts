import { beforeEach, describe, expect, it } from 'vitest';
import { initialLocale, LOCALE_STORAGE_KEY, persistLocale, pickLocale } from '../../src/lib/locale.ts';
import { pickActiveLanguage } from '../../src/lib/activeLanguage.ts';

describe('pickLocale', () => {
  it('keeps the persisted locale', () => {
    expect(pickLocale('en', ['de-DE'])).toBe('en');
    expect(pickLocale('de', ['en-US'])).toBe('de');
  });
  it('falls back to the first supported browser language', () => {
    expect(pickLocale(null, ['en-GB', 'de'])).toBe('en');
    expect(pickLocale(null, ['fr-FR', 'en_US', 'de'])).toBe('en');
    expect(pickLocale('xx', ['de-AT'])).toBe('de');
  });
  it('falls back to German when nothing fits', () => {
    expect(pickLocale(null, ['fr', 'it'])).toBe('de');
    expect(pickLocale(undefined, [])).toBe('de');
  });
});

describe('initialLocale', () => {
  beforeEach(() => localStorage.clear());
  it('reads what persistLocale stored', () => {
    persistLocale('en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(initialLocale()).toBe('en');
    persistLocale('de');
    expect(initialLocale()).toBe('de');
  });
});

describe('pickActiveLanguage', () => {
  const langs = [
    { lang: 'en', isDefault: false },
    { lang: 'de', isDefault: true },
    { lang: 'fr', isDefault: false },
  ];
  it('keeps the stored language while the chatbot has it', () => expect(pickActiveLanguage('fr', langs)).toBe('fr'));
  it('falls back to the default', () => expect(pickActiveLanguage('it', langs)).toBe('de'));
  it('falls back to the first without a default', () =>
    expect(pickActiveLanguage(null, langs.map((l) => ({ ...l, isDefault: false })))).toBe('en'));
  it('is null without languages', () => expect(pickActiveLanguage('de', [])).toBeNull());
});
