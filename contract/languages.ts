/**
 * The language pool a chatbot may speak and how a language is presented (English name, short code).
 * Zod-free and free of the database layer: the server's language service and the mock server both use it.
 */
export const LANGUAGE_POOL = [
  'bg', 'cn', 'cs', 'da', 'de-AT', 'de-CH', 'de', 'el', 'en-GB', 'en-HK', 'en-IN', 'en-US', 'en-BD', 'en', 'es', 'et',
  'fi', 'fr', 'hu', 'id', 'italian', 'ja', 'ko', 'lt', 'lv', 'nb', 'nl', 'pl', 'pt-BR', 'pt-PT', 'ro', 'ru', 'sk', 'sl',
  'sv', 'th', 'tr', 'uk', 'vi', 'zh',
] as const;
export type LanguageCode = (typeof LANGUAGE_POOL)[number];

/** English names of the pool's languages (the dashboard shows its own translation of each). */
export const LANGUAGE_NAMES: Record<string, string> = {
  bg: 'Bulgarian', cn: 'Chinese (China)', cs: 'Czech', da: 'Danish', 'de-AT': 'German (Austria)', 'de-CH': 'German (Switzerland)',
  de: 'German', el: 'Greek', 'en-GB': 'English (United Kingdom)', 'en-HK': 'English (Hong Kong)', 'en-IN': 'English (India)',
  'en-US': 'English (United States)', 'en-BD': 'English (Bangladesh)', en: 'English', es: 'Spanish', et: 'Estonian', fi: 'Finnish',
  fr: 'French', hu: 'Hungarian', id: 'Indonesian', italian: 'Italian', ja: 'Japanese', ko: 'Korean', lt: 'Lithuanian', lv: 'Latvian',
  nb: 'Norwegian (Bokmål)', nl: 'Dutch', pl: 'Polish', 'pt-BR': 'Portuguese (Brazil)', 'pt-PT': 'Portuguese (Portugal)', ro: 'Romanian',
  ru: 'Russian', sk: 'Slovak', sl: 'Slovenian', sv: 'Swedish', th: 'Thai', tr: 'Turkish', uk: 'Ukrainian', vi: 'Vietnamese', zh: 'Chinese',
};

const POOL = new Set<string>(LANGUAGE_POOL);
export const isPoolLanguage = (lang: string) => POOL.has(lang);
/** The short code users see: the pool's 'italian' is shown as 'it'. */
export const aliasOf = (lang: string) => (lang === 'italian' ? 'it' : lang);
