/**
 * A file size as people read it: KB, MB or GB with up to 2 decimals, in the locale's number format
 * (German: "1,5 MB"). 1 KB = 1024 bytes; sizes under 1 KB still show in KB so every row has one unit.
 */
const UNITS = ['KB', 'MB', 'GB'] as const;

export function formatSize(bytes: number, locale: string): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let value = safe / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 }).format(value);
  return `${number} ${UNITS[unit]}`;
}
