import polyglotI18nProvider from 'ra-i18n-polyglot';
import { de } from '../../i18n/de.ts';
import { en } from '../../i18n/en.ts';
import { initialLocale, type Locale } from '../lib/locale.ts';

const messages: Record<Locale, typeof de> = { de, en: en as unknown as typeof de };

/** German by default; the start locale is the persisted one, else the browser's (lib/locale.ts). */
export const i18nProvider = polyglotI18nProvider((locale) => messages[locale as Locale] ?? de, initialLocale(), [
  { locale: 'de', name: 'Deutsch' },
  { locale: 'en', name: 'English' },
]);
