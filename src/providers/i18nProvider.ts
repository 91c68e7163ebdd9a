import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { deShell } from '../../i18n/deShell.ts';
import { initialLocale, type Locale } from '../lib/locale.ts';

type Messages = typeof deShell;

const LOCALES = [
  { locale: 'de', name: 'Deutsch' },
  { locale: 'en', name: 'English' },
];

/** Whole catalogues load on demand: neither belongs to the first screen. */
const catalogues = new Map<Locale, Promise<Messages>>();
const catalogue = (locale: Locale) => {
  if (!catalogues.has(locale))
    catalogues.set(locale, locale === 'en' ? import('../../i18n/en.ts').then((m) => m.en as unknown as Messages) : import('../../i18n/de.ts').then((m) => m.de));
  return catalogues.get(locale)!;
};

export type AppI18nProvider = I18nProvider & {
  /** Resolves once the active locale's whole catalogue is in use: pages other than the dashboard wait for it. */
  allMessages(): Promise<void>;
};

/**
 * German users start with the part of the German catalogue the first screen draws (i18n/deShell.ts); the rest
 * loads with the first other page. English users wait for the English catalogue, which has no such part. A
 * locale change always brings the whole catalogue. Resolves once the start messages are there: polyglot needs
 * them synchronously when it is created.
 */
export async function createI18nProvider(): Promise<AppI18nProvider> {
  const startLocale = initialLocale();
  const startMessages = startLocale === 'en' ? await catalogue('en') : deShell;
  const polyglot = (locale: string, messages: Messages) => polyglotI18nProvider(() => messages, locale, LOCALES);
  let current = polyglot(startLocale, startMessages);
  let complete = startLocale === 'en';
  let changes = 0; // a later locale change wins over an earlier one still loading
  let all: Promise<void> | undefined;
  return {
    translate: (key, options) => current.translate(key, options),
    getLocale: () => current.getLocale(),
    getLocales: () => LOCALES,
    async changeLocale(locale) {
      const change = ++changes;
      const messages = await catalogue(locale === 'en' ? 'en' : 'de');
      if (change !== changes) return;
      current = polyglot(locale, messages);
      complete = true;
    },
    allMessages: () =>
      (all ??= (async () => {
        const locale = current.getLocale() === 'en' ? 'en' : 'de';
        const messages = await catalogue(locale);
        if (!complete && current.getLocale() === locale) current = polyglot(locale, messages);
        complete = true;
      })()),
  };
}
