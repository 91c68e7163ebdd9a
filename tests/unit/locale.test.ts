import { beforeEach, describe, expect, it } from 'vitest';
import { initialLocale, LOCALE_STORAGE_KEY, persistLocale, pickLocale, signInLocale } from '../../src/lib/locale.ts';
import { usesActiveLanguage } from '../../src/layout/activeLanguageRoutes.ts';
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

describe('signInLocale', () => {
  it("takes the ID token's locale claim (the profile's preferred language)", () => {
    expect(signInLocale({ locale: 'en' })).toBe('en');
    expect(signInLocale({ locale: 'de' })).toBe('de');
    expect(signInLocale({ locale: 'en-GB' })).toBe('en');
    expect(signInLocale({ locale: 'DE_at' })).toBe('de');
  });
  it('is no preference without a supported one', () => {
    expect(signInLocale({ locale: 'fr' })).toBeNull();
    expect(signInLocale({ locale: 42 })).toBeNull();
    expect(signInLocale({})).toBeNull();
    expect(signInLocale(null)).toBeNull();
  });
});

describe('usesActiveLanguage', () => {
  it('shows the chatbot-language selector only on the screens that work on one of its languages', () => {
    for (const p of ['/training', '/training/website', '/history', '/uiconfig/contacts', '/preview']) expect(usesActiveLanguage(p), p).toBe(true);
    for (const p of ['/dashboard', '/language', '/profile', '/implementation/default', '/trainings', '/previews']) expect(usesActiveLanguage(p), p).toBe(false);
  });
});
