/** The chatbot language the dashboard works on (training, history): persisted locally (spec sections 3 and 4). */
export const ACTIVE_LANGUAGE_STORAGE_KEY = 'chatbot.activeLanguage';

export interface LanguageLike {
  lang: string;
  isDefault: boolean;
}

/** The stored language while the chatbot still has it, else the default language, else the first one. */
export function pickActiveLanguage(stored: string | null | undefined, languages: readonly LanguageLike[]): string | null {
  if (stored && languages.some((l) => l.lang === stored)) return stored;
  return languages.find((l) => l.isDefault)?.lang ?? languages[0]?.lang ?? null;
}

export function readActiveLanguage(): string | null {
  try {
    return localStorage.getItem(ACTIVE_LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function persistActiveLanguage(lang: string | null) {
  try {
    if (lang) localStorage.setItem(ACTIVE_LANGUAGE_STORAGE_KEY, lang);
    else localStorage.removeItem(ACTIVE_LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}
