import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocaleState } from 'react-admin';
import { isSupportedLocale, persistLocale } from '../lib/locale.ts';
import { LANGUAGES_QUERY_KEY } from '../hooks/useChatbotLanguages.ts';

/** Persists the interface locale and, when it changes, reloads the languages (their names are localised). */
export function LocaleSync() {
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const previous = useRef(locale);
  useEffect(() => {
    if (isSupportedLocale(locale)) persistLocale(locale);
    document.documentElement.lang = locale;
    if (previous.current !== locale) {
      previous.current = locale;
      void queryClient.invalidateQueries({ queryKey: [LANGUAGES_QUERY_KEY] });
    }
  }, [locale, queryClient]);
  return null;
}
