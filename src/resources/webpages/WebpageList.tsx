import { useState } from 'react';
import { Alert, Box, LinearProgress, List, Paper } from '@mui/material';
import { Confirm, ListBase, Pagination, useDataProvider, useListContext, useStore, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { WebpageCard } from './WebpageCard.tsx';
import { WebpageRow } from './WebpageRow.tsx';
import { WebpageToolbar } from './WebpageToolbar.tsx';
import { TREE_MAX_PAGES, WebpageTree } from './WebpageTree.tsx';
import type { Webpage, WebpageView } from './types.ts';

interface Props {
  scope: Record<string, string>;
  websiteId: string;
  /** Poll interval while scrape jobs run, so "being trained" updates by itself. */
  polling: number | false;
  /** Runs a training action with the screen's success/error handling. */
  run: (call: () => Promise<unknown>, success: string, args?: Record<string, unknown>) => Promise<boolean>;
  busy: boolean;
  onSchedule: (page: Webpage) => void;
}

/** The pages of one website: list, grid or site tree; favorites; edit mode with selection actions. */
export function WebpageList(props: Props) {
  return (
    <ListBase
      resource="webpages"
      filter={{ ...props.scope, websiteId: props.websiteId }}
      sort={{ field: 'url', order: 'ASC' }}
      perPage={50}
      disableSyncWithLocation
      storeKey="training.webpages"
      queryOptions={{ refetchInterval: props.polling }}
    >
      <WebpageListView {...props} />
    </ListBase>
  );
}

function WebpageListView({ scope, websiteId, polling, run, busy, onSchedule }: Props) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data = [], isPending, total, selectedIds, onSelect, onToggleItem, onUnselectItems, filter, sort } = useListContext<Webpage>();
  const [view, setView] = useStore<WebpageView>('training.webpages.view', 'list');
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const selectAll = async (on: boolean) => {
    if (!on) return onUnselectItems();
    const all = await dataProvider.getList<Webpage>('webpages', { filter: filter ?? {}, pagination: { page: 1, perPage: TREE_MAX_PAGES }, sort });
    onSelect(all.data.map((p) => p.id));
  };
  const selectMany = (ids: string[], on: boolean) =>
    onSelect(on ? [...new Set([...selectedIds, ...ids])] : selectedIds.filter((id) => !ids.includes(id)));
  const trainSelection = () =>
    run(() => dataProvider.request('POST', 'webpages/train', { ...scope, websiteId, ids: selectedIds }), 'training.website.started.selection', { smart_count: selectedIds.length }).then(
      (ok) => ok && onUnselectItems(),
    );
  const deleteSelection = async () => {
    setConfirmDelete(false);
    const n = selectedIds.length;
    if (await run(() => dataProvider.request('POST', 'webpages/delete', { ...scope, ids: selectedIds }), 'training.website.deleted', { smart_count: n })) onUnselectItems();
  };
  const itemProps = (p: Webpage) => ({ page: p, editing, selected: selectedIds.includes(p.id), onToggle: onToggleItem, onSchedule });

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
      {isPending && <LinearProgress />}
      {!isPending && !total && <Alert severity="info" data-testid="pages-empty">{translate('training.website.noPages')}</Alert>}
      {!!total && view === 'tree' && <WebpageTree filter={filter ?? {}} editing={editing} selectedIds={selectedIds} onSelect={selectMany} polling={polling} />}
      {!!total && view === 'list' && (
        <Paper variant="outlined">
          <List disablePadding data-testid="page-list">
            {data.map((p) => (
              <WebpageRow key={p.id} {...itemProps(p)} />
            ))}
          </List>
        </Paper>
      )}
      {!!total && view === 'grid' && (
        <Box data-testid="page-grid" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' } }}>
          {data.map((p) => (
            <WebpageCard key={p.id} {...itemProps(p)} />
          ))}
        </Box>
      )}
      {view !== 'tree' && (total ?? 0) > 50 && <Pagination rowsPerPageOptions={[50, 100, 200]} />}
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
