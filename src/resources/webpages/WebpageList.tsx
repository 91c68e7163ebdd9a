import { useState } from 'react';
import { Alert, Box, LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import { Confirm, ListBase, Pagination, useDataProvider, useListContext, useStore, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { WebpageCard } from './WebpageCard.tsx';
import { WebpageDataTable } from './WebpageDataTable.tsx';
import { WebpageToolbar } from './WebpageToolbar.tsx';
import { TREE_MAX_PAGES, WebpageTree } from './WebpageTree.tsx';
import type { Webpage, WebpageView } from './types.ts';

export interface WebpageListProps {
  scope: Record<string, string>;
  websiteId: string;
  /** Poll interval while scrape jobs run, so "being trained" updates by itself. */
  polling: number | false;
  /** Runs a training action with the screen's success/error handling. */
  run: (call: () => Promise<unknown>, success: string, args?: Record<string, unknown>) => Promise<boolean>;
  busy: boolean;
  onSchedule: (page: Webpage) => void;
}

/**
 * The pages of one website (the webpages resource): a dense table on desktop, cards on phones, a grid or
 * the site tree; filters, sort and page in the address; favorites; edit mode with selection actions.
 */
export function WebpageList(props: WebpageListProps) {
  return (
    <ListBase
      resource="webpages"
      filter={{ ...props.scope, websiteId: props.websiteId }}
      sort={{ field: 'url', order: 'ASC' }}
      perPage={50}
      storeKey={false}
      queryOptions={{ refetchInterval: props.polling }}
    >
      <WebpageListView {...props} />
    </ListBase>
  );
}

function WebpageListView({ scope, websiteId, polling, run, busy, onSchedule }: WebpageListProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const { data = [], isPending, total, selectedIds, onSelect, onToggleItem, onUnselectItems, filter, filterValues, sort, perPage } = useListContext<Webpage>();
  const [view, setView] = useStore<WebpageView>('training.webpages.view', 'list');
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const allFilters = { ...filterValues, ...filter };
  const filtered = Object.keys(filterValues).length > 0;

  const selectAll = async (on: boolean) => {
    if (!on) return onUnselectItems();
    const all = await dataProvider.getList<Webpage>('webpages', { filter: allFilters, pagination: { page: 1, perPage: TREE_MAX_PAGES }, sort });
    onSelect(all.data.map((p) => p.id));
  };
  const selectMany = (ids: string[], on: boolean) =>
    onSelect(on ? [...new Set([...selectedIds, ...ids])] : selectedIds.filter((id) => !ids.includes(id)));
  const trainSelection = () =>
    run(() => dataProvider.request('POST', 'webpages/train', { ...scope, websiteId, ids: selectedIds }), 'training.website.started.selection', { smart_count: selectedIds.length }).then(
      (ok) => ok && onUnselectItems(),
    );
  /** One call for the whole selection: the data provider's deleteMany of webpages is POST webpages/delete. */
  const deleteSelection = async () => {
    setConfirmDelete(false);
    const ids = [...selectedIds];
    if (await run(() => dataProvider.deleteMany('webpages', { ids }), 'training.website.deleted', { smart_count: ids.length })) onUnselectItems();
  };
  const itemProps = (p: Webpage) => ({ page: p, editing, selected: selectedIds.includes(p.id), onToggle: onToggleItem, onSchedule });
  const cards = view === 'grid' || (view === 'list' && phone);

  return (
    <Box>
      <WebpageToolbar
        view={view}
        onView={setView}
        editing={editing}
        onEditing={(on) => {
          setEditing(on);
          if (!on) onUnselectItems();
        }}
        selected={selectedIds.length}
        allSelected={!!total && selectedIds.length >= total}
        onSelectAll={selectAll}
        onTrainSelection={trainSelection}
        onDeleteSelection={() => setConfirmDelete(true)}
        busy={busy}
      />
      {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {!isPending && !total && (
        <Alert severity="info" data-testid="pages-empty">
          {translate(filtered ? 'training.website.noMatches' : 'training.website.noPages')}
        </Alert>
      )}
      {!!total && view === 'tree' && <WebpageTree filter={allFilters} editing={editing} selectedIds={selectedIds} onSelect={selectMany} polling={polling} />}
      {!!total && view === 'list' && !phone && <WebpageDataTable editing={editing} onSchedule={onSchedule} />}
      {!!total && cards && (
        <Box
          data-testid={view === 'grid' ? 'page-grid' : 'page-cards'}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: view === 'grid' ? { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' } : '1fr' }}
        >
          {data.map((p) => (
            <WebpageCard key={p.id} {...itemProps(p)} />
          ))}
        </Box>
      )}
      {view !== 'tree' && (total ?? 0) > perPage && <Pagination rowsPerPageOptions={[50, 100, 200]} />}
      <Confirm
        isOpen={confirmDelete}
        title="training.website.deleteConfirmTitle"
        content="training.website.deleteConfirm"
        translateOptions={{ smart_count: selectedIds.length }}
        onConfirm={deleteSelection}
        onClose={() => setConfirmDelete(false)}
      />
    </Box>
  );
}
