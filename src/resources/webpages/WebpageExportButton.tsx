import { NamedExportButton } from '../../components/NamedExportButton.tsx';
import { useListContext, useLocaleState, useTranslate, type Exporter } from 'react-admin';
import { downloadCsv } from '../chats/exportCsv.ts';
import { webpagesCsv, webpagesFileName } from './webpageExport.ts';
import type { Webpage } from './types.ts';

/** react-admin's ExportButton for the pages matching the list's filters, as a CSV in the interface language. */
export function WebpageExportButton() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { total } = useListContext<Webpage>();
  const exporter: Exporter<Webpage> = (pages) => downloadCsv(webpagesCsv(pages, translate, locale), webpagesFileName(translate));
  // Every page the filters match (a crawl may keep more than MAX_EXPORT_RECORDS): the data provider reads them page by page.
  return <NamedExportButton exporter={exporter} maxResults={Math.max(total ?? 0, 1)} label="training.website.export.button" data-testid="pages-export" />;
}
