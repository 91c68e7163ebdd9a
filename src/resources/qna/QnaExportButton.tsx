import { NamedExportButton } from '../../components/NamedExportButton.tsx';
import { useDataProvider, useListContext, useLocaleState, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { errorMessage } from '../../providers/http.ts';

/**
 * react-admin's export button; its exporter has the server write qna.xlsx (spec: one sheet, 2 columns) with
 * every pair the list's filters match, in the list's order, headed in the interface language.
 */
export function QnaExportButton() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { filter, filterValues, sort } = useListContext();
  const exporter = async () => {
    try {
      await dataProvider.download('qna/export', { ...filterValues, ...filter }, 'qna.xlsx', {
        sort: JSON.stringify([sort.field, sort.order]),
        locale: locale === 'en' ? 'en' : 'de',
      });
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    }
  };
  // The file is written by the server from the filters, so the button's own fetch needs one record only.
  return <NamedExportButton exporter={exporter} maxResults={1} label="training.qna.export" variant="outlined" data-testid="qna-export" />;
}
