/** A scheduled run time. Schedules run in UTC on the server, so they are shown in UTC too. */
export function formatRun(iso: string, locale: string): string {
  const text = new Date(iso).toLocaleString(locale === 'de' ? 'de-DE' : 'en-US', {
    weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: 'UTC',
  });
  return `${text} UTC`;
}
