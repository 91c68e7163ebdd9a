import { NamedExportButton } from '../../components/NamedExportButton.tsx';
import { FilterButton, TopToolbar } from 'react-admin';
import { MAX_PAGE } from '../../../contract/api/simpleRest.ts';

/** Filters to add and the export of the filtered list (one page of the API: at most MAX_PAGE customers per file). */
export function CustomerListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <NamedExportButton maxResults={MAX_PAGE} />
    </TopToolbar>
  );
}
