import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import ScheduleIcon from '@mui/icons-material/EventRepeatOutlined';
import { DataTable, DataTableBody, useTranslate, type DataTableBodyProps } from 'react-admin';
import { WebpageFavoriteButton } from './WebpageFavoriteButton.tsx';
import { WebpageTableRow } from './WebpageTableRow.tsx';
import { WebpageTrainingState } from './WebpageTrainingState.tsx';
import type { Webpage } from './types.ts';

const Column = DataTable.Col<Webpage>;
const Body = (props: DataTableBodyProps) => <DataTableBody {...props} row={WebpageTableRow} />;

/**
 * The pages as a dense table (desktop): sortable columns, and in edit mode a tick box per row. The
 * selection's actions sit in the edit bar above (WebpageToolbar), for every view alike.
 */
export function WebpageDataTable({ editing, onSchedule }: { editing: boolean; onSchedule: (page: Webpage) => void }) {
  const translate = useTranslate();
  const col = (c: string) => translate(`training.website.columns.${c}`);
  return (
    <DataTable<Webpage>
      size="small"
      rowClick={false}
      body={Body}
      bulkActionButtons={editing ? <></> : false}
      bulkActionsToolbar={false}
      data-testid="page-list"
      sx={{ '& .RaDataTable-headerCell': { fontWeight: 600 }, '& td': { py: 0.25 } }}
    >
      <Column source="favorite" label={col('favorite')} sortByOrder="DESC" render={(p) => <WebpageFavoriteButton page={p} />} />
      <Column
        source="path"
        label={col('path')}
        render={(p) => (
          <Typography variant="body2" fontWeight={500} title={p.url} sx={{ overflowWrap: 'anywhere' }}>
            {p.path}
          </Typography>
        )}
      />
      <Column source="title" label={col('title')} render={(p) => <Typography variant="body2" color="text.secondary">{p.title}</Typography>} />
      <Column source="lastTrained" label={col('lastTrained')} sortByOrder="DESC" render={(p) => <WebpageTrainingState page={p} />} />
      <DataTable.NumberCol source="characters" label={col('characters')} sortByOrder="DESC" />
      <Column
        label={<Box component="span" sx={visuallyHidden}>{translate('training.schedule.forPage')}</Box>}
        disableSort
        render={(p) => (
          <Tooltip title={translate('training.schedule.forPage')}>
            <IconButton size="small" onClick={() => onSchedule(p)} aria-label={translate('training.schedule.forPage')} data-testid="page-schedule">
              <ScheduleIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
    </DataTable>
  );
}
