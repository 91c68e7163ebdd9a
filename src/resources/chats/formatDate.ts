/** Dates and times in the interface language: German 22.11.2026, 14:45 / English Nov 22, 2026, 2:45 PM. */
export function formatDateTime(value: string | null | undefined, locale: string, style: 'short' | 'medium' = 'medium') {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'de-DE', { dateStyle: style, timeStyle: 'short' }).format(d);
}

export function formatTime(value: string, locale: string) {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'de-DE', { timeStyle: 'short' }).format(new Date(value));
}
