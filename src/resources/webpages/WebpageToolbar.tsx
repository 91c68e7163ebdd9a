import { Button, Checkbox, FormControlLabel, Stack, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import ViewListIcon from '@mui/icons-material/ViewList';
import GridViewIcon from '@mui/icons-material/GridView';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { SortSelect } from '../../pages/training/SortSelect.tsx';
import type { WebpageView } from './types.ts';
import { WebpageExportButton } from './WebpageExportButton.tsx';
import { WebpageFilters } from './WebpageFilters.tsx';

const SORTS = [
  { field: 'url', label: 'training.website.sort.url' },
  { field: 'lastTrained', label: 'training.website.sort.lastTrained' },
  { field: 'favorite', label: 'training.website.sort.favorite' },
];

interface Props {
  view: WebpageView;
  onView: (v: WebpageView) => void;
  editing: boolean;
  onEditing: (on: boolean) => void;
  selected: number;
  allSelected: boolean;
  onSelectAll: (on: boolean) => void;
  onTrainSelection: () => void;
  onDeleteSelection: () => void;
  busy: boolean;
}

/** Above the pages: edit mode with selection actions, sorting, the list / grid / tree view, filters and the export. */
export function WebpageToolbar(p: Props) {
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ mb: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" justifyContent="space-between">
        <Button
          variant={p.editing ? 'contained' : 'outlined'}
          startIcon={<EditIcon />}
          onClick={() => p.onEditing(!p.editing)}
          data-testid="pages-edit-mode"
          aria-pressed={p.editing}
        >
          {translate(p.editing ? 'training.website.editDone' : 'training.website.editPages')}
        </Button>
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
          <SortSelect fields={SORTS} testId="page-sort" />
          <ToggleButtonGroup size="small" exclusive value={p.view} onChange={(_, v) => v && p.onView(v)} aria-label={translate('training.website.view.label')}>
            {(
              [
                ['list', ViewListIcon],
                ['grid', GridViewIcon],
                ['tree', AccountTreeIcon],
              ] as const
            ).map(([v, Icon]) => (
              <ToggleButton key={v} value={v} aria-label={translate(`training.website.view.${v}`)} data-testid={`pages-view-${v}`}>
                <Tooltip title={translate(`training.website.view.${v}`)}>
                  <Icon fontSize="small" />
                </Tooltip>
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" justifyContent="space-between">
        <WebpageFilters />
        <WebpageExportButton />
      </Stack>
      {p.editing && (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="pages-selection-bar">
          <FormControlLabel
            control={<Checkbox size="small" checked={p.allSelected} indeterminate={!p.allSelected && p.selected > 0} onChange={(e) => p.onSelectAll(e.target.checked)} data-testid="pages-select-all" />}
            label={translate('training.website.selectAll')}
          />
          <Button size="small" variant="contained" startIcon={<PlayArrowIcon />} disabled={!p.selected || p.busy} onClick={p.onTrainSelection} data-testid="pages-train-selection">
            {translate('training.website.trainSelection', { smart_count: p.selected })}
          </Button>
          <Button size="small" color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={!p.selected || p.busy} onClick={p.onDeleteSelection} data-testid="pages-delete-selection">
            {translate('training.website.deleteSelection', { smart_count: p.selected })}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
