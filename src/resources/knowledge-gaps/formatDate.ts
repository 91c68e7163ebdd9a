/** A date and time in the interface's language. */
export const formatDateTime = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
