import { useEffect } from 'react';
import { useTranslate } from 'ra-core';

export const TITLE_SEPARATOR = ' · ';

/** The browser tab's title: `App title · route title` (spec section 2). */
export function usePageTitle(titleKey: string | undefined) {
  const translate = useTranslate();
  const app = translate('app.title');
  const page = titleKey ? translate(titleKey) : '';
  useEffect(() => {
    document.title = page ? `${app}${TITLE_SEPARATOR}${page}` : app;
  }, [app, page]);
}
