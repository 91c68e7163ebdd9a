import { useState } from 'react';
import { Button, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Stack, Tooltip } from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import NoteAddIcon from '@mui/icons-material/NoteAddOutlined';
import LanguageIcon from '@mui/icons-material/LanguageOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import CloseIcon from '@mui/icons-material/CloseOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import { Link } from 'react-router';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { errorMessage } from '../../providers/http.ts';
import { useGapDialogs } from './gapDialogsContext.ts';
import { KeepGapAsTestButton } from './KeepGapAsTestButton.tsx';
import type { KnowledgeGap } from './types.ts';

/**
 * A group's actions: answer it, add a page or document (the training screens), check the answer again, keep it as a
 * test, dismiss. In the table's column they stay on one line (`wrap={false}`): wrapped, the dismiss button sat alone
 * under the others; a phone's card has the width to wrap them.
 */
export function KnowledgeGapActions({ gap, wrap = true }: { gap: KnowledgeGap; wrap?: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const dialogs = useGapDialogs();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const dismiss = async () => {
    setBusy(true);
    try {
      await dataProvider.request('POST', `knowledge-gaps/${encodeURIComponent(gap.id)}/dismiss`);
      notify('knowledgeGaps.actions.dismissed', { type: 'info' });
      refresh();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const addLabel = translate('knowledgeGaps.actions.addSource');
  const dismissLabel = translate('knowledgeGaps.actions.dismiss');
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" useFlexGap flexWrap={wrap ? 'wrap' : 'nowrap'} data-testid="gap-actions">
      <Button size="small" variant="contained" startIcon={<EditNoteIcon />} onClick={() => dialogs.answer(gap)} data-testid="gap-answer">
        {translate('knowledgeGaps.actions.answer')}
      </Button>
      {gap.status === 'answered' && (
        <Button size="small" variant="outlined" startIcon={<FactCheckIcon />} onClick={() => dialogs.prove(gap)} data-testid="gap-reask">
          {translate('knowledgeGaps.actions.reask')}
        </Button>
      )}
      <Tooltip title={addLabel}>
        <IconButton size="small" aria-label={addLabel} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)} data-testid="gap-add-source">
          <NoteAddIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem component={Link} to="/training/website" onClick={() => setMenu(null)}>
          <ListItemIcon><LanguageIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('knowledgeGaps.actions.addPage')}</ListItemText>
        </MenuItem>
        <MenuItem component={Link} to="/training/documents" onClick={() => setMenu(null)}>
          <ListItemIcon><DescriptionIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('knowledgeGaps.actions.addDocument')}</ListItemText>
        </MenuItem>
      </Menu>
      <KeepGapAsTestButton gap={gap} />
      <Tooltip title={dismissLabel}>
        <span>
          <IconButton size="small" aria-label={dismissLabel} onClick={() => void dismiss()} disabled={busy} data-testid="gap-dismiss">
            <CloseIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
