import { ExportButton, FilterButton, TopToolbar } from 'react-admin';

/** Filters to add and the export of the filtered list (at most 5,000 customers per file). */
export function CustomerListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportButton maxResults={5000} />
    </TopToolbar>
  );
}
