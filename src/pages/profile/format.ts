/** Dates and prices in the interface locale. */
export const formatDate = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(locale === 'de' ? 'de-DE' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export const formatPrice = (cents: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency }).format(cents / 100);
