/** Interface locales of the dashboard. German is the default and the fallback (spec sections 3 and 9). */
export const SUPPORTED_LOCALES = ['de', 'en'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';
export const LOCALE_STORAGE_KEY = 'chatbot.locale';

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * The locale to start with: the one the user chose before (persisted), else the first browser language
 * we support (en-GB counts as en), else German.
 */
export function pickLocale(stored: string | null | undefined, browserLanguages: readonly string[] = []): Locale {
  if (isSupportedLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag?.toLowerCase().split(/[-_]/)[0];
    if (isSupportedLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** Reads the persisted locale and the browser's languages; storage may be unavailable (private mode). */
export function initialLocale(): Locale {
  let stored: string | null;
  try {
    stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLocale(stored, languages);
}

/**
 * The interface language a sign-in brings: the ID token's `locale` claim, which the built-in identity provider
 * fills with the profile's preferred language (first the language of the sign-up page). A regional tag (en-GB)
 * counts as its language; anything else is no preference.
 */
export function signInLocale(claims: { locale?: unknown } | null | undefined): Locale | null {
  const tag = claims?.locale;
  if (typeof tag !== 'string') return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLocale(primary) ? primary : null;
}

export function persistLocale(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}
