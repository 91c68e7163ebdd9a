import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { de } from '../../i18n/de.ts';
import { initialLocale } from '../lib/locale.ts';

type Messages = typeof de;

/** English is loaded on demand (German is the default), so the first screen does not carry both catalogues. */
let english: Promise<Messages> | undefined;
const loadEnglish = () => (english ??= import('../../i18n/en.ts').then((m) => m.en as unknown as Messages));

/**
 * German by default; the start locale is the persisted one, else the browser's (lib/locale.ts). Resolves
 * once the start locale's messages are there: polyglot needs them synchronously when it is created.
 */
export async function createI18nProvider(): Promise<I18nProvider> {
  const startLocale = initialLocale();
  const startMessages = startLocale === 'en' ? await loadEnglish() : de;
  return polyglotI18nProvider((locale) => (locale === startLocale ? startMessages : locale === 'en' ? loadEnglish() : de), startLocale, [
    { locale: 'de', name: 'Deutsch' },
    { locale: 'en', name: 'English' },
  ]);
}
