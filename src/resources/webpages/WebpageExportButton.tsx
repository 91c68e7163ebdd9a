import { NamedExportButton } from '../../components/NamedExportButton.tsx';
import { useDataProvider, useListContext, useLocaleState, useTranslate, type Exporter } from 'react-admin';
import { downloadCsv } from '../chats/exportCsv.ts';
import { webpagesCsv, webpagesFileName } from './webpageExport.ts';
import type { Webpage } from './types.ts';

/** The server hands out at most 500 records per request; the export asks page by page for the rest. */
const PAGE = 500;

/** react-admin's ExportButton for the pages matching the list's filters, as a CSV in the interface language. */
export function WebpageExportButton() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider();
  const { filter, filterValues, sort, total } = useListContext<Webpage>();
  const exporter: Exporter<Webpage> = async (first) => {
    const pages = [...first];
    for (let page = 2; pages.length < (total ?? 0) && first.length === PAGE; page++) {
      const { data } = await dataProvider.getList<Webpage>('webpages', { filter: { ...filterValues, ...filter }, sort, pagination: { page, perPage: PAGE } });
      if (!data.length) break;
      pages.push(...data);
    }
    downloadCsv(webpagesCsv(pages, translate, locale), webpagesFileName(translate));
  };
  return <NamedExportButton exporter={exporter} maxResults={PAGE} label="training.website.export.button" data-testid="pages-export" />;
}
