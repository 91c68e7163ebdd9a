'use strict';
/** English names of the 40 codes of the language pool (spec section 3); the dashboard translates them itself. */
const LANGUAGE_NAMES = {
  bg: 'Bulgarian', cn: 'Chinese', cs: 'Czech', da: 'Danish', 'de-AT': 'German (Austria)', 'de-CH': 'German (Switzerland)',
  de: 'German', el: 'Greek', 'en-GB': 'English (United Kingdom)', 'en-HK': 'English (Hong Kong)', 'en-IN': 'English (India)',
  'en-US': 'English (United States)', 'en-BD': 'English (Bangladesh)', en: 'English', es: 'Spanish', et: 'Estonian',
  fi: 'Finnish', fr: 'French', hu: 'Hungarian', id: 'Indonesian', italian: 'Italian', ja: 'Japanese', ko: 'Korean',
  lt: 'Lithuanian', lv: 'Latvian', nb: 'Norwegian (Bokmål)', nl: 'Dutch', pl: 'Polish', 'pt-BR': 'Portuguese (Brazil)',
  'pt-PT': 'Portuguese (Portugal)', ro: 'Romanian', ru: 'Russian', sk: 'Slovak', sl: 'Slovenian', sv: 'Swedish', th: 'Thai',
  tr: 'Turkish', uk: 'Ukrainian', vi: 'Vietnamese', zh: 'Chinese (Simplified)',
};

/** Short code shown to users: italian → it, otherwise the code itself. */
const aliasOf = (lang) => (lang === 'italian' ? 'it' : lang);

/**
 * Codes a chat message can be translated into. A translation service translates into base languages,
 * so regional variants and the legacy alias are left out.
 */
const TRANSLATION_TARGETS = [
  'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'hu', 'id', 'italian', 'ja', 'ko', 'lt', 'lv', 'nb', 'nl',
  'pl', 'pt-BR', 'pt-PT', 'ro', 'ru', 'sk', 'sl', 'sv', 'tr', 'uk', 'zh',
];

module.exports = { LANGUAGE_NAMES, aliasOf, TRANSLATION_TARGETS };
