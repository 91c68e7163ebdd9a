import { useLocaleState, useTranslate } from 'react-admin';

/**
 * A count as the history shows it: the number, or "more than 1,000" past the cap up to which the server counts
 * (counting every one of 100,000 chats for each tab took half a second), in the user's number format.
 */
export function useCountLabel() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const format = new Intl.NumberFormat(locale === 'en' ? 'en' : 'de').format;
  return (n: number, cap: number) => (n > cap ? translate('history.moreThan', { count: format(cap) }) : format(n));
}
