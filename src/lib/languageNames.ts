/** Codes of the language pool that are not BCP 47 tags, mapped to the tag Intl understands. */
const INTL_TAG: Record<string, string> = { cn: 'zh', italian: 'it' };

/** A language's name in the interface locale (de → "Deutsch" in German, "German" in English). */
export function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(INTL_TAG[code] ?? code) ?? code;
  } catch {
    return code;
  }
}
