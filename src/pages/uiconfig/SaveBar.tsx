import { Button, CircularProgress, Paper, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslate } from 'react-admin';

interface Props {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}

/** Stays at the bottom of the form: nothing reaches the visitors' widget until Save. */
export function SaveBar({ dirty, saving, onSave, onDiscard }: Props) {
  const translate = useTranslate();
  return (
    <Paper
      elevation={3}
      sx={{ position: 'sticky', bottom: 0, zIndex: 2, mt: 2, p: 1.5, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} data-testid="uiconfig-dirty">
        {translate(dirty ? 'uiconfig.unsavedChanges' : 'uiconfig.noChanges')}
      </Typography>
      <Button onClick={onDiscard} disabled={!dirty || saving}>
        {translate('uiconfig.actions.discard')}
      </Button>
      <Button
        variant="contained"
        onClick={onSave}
        disabled={saving}
        startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
        data-testid="uiconfig-save"
      >
        {translate('uiconfig.actions.save')}
      </Button>
    </Paper>
  );
}
