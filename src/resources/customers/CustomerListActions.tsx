import { NamedExportButton } from '../../components/NamedExportButton.tsx';
import { FilterButton, TopToolbar } from 'react-admin';
import { MAX_EXPORT_RECORDS } from '../../../contract/listPage.ts';

/** Filters to add and the export of the filtered list (read page by page: up to MAX_EXPORT_RECORDS customers per file). */
export function CustomerListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <NamedExportButton maxResults={MAX_EXPORT_RECORDS} />
    </TopToolbar>
  );
}
