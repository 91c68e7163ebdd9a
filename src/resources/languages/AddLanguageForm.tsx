import { useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useLocaleState, useTranslate } from 'react-admin';
import { languageName } from '../../lib/languageNames.ts';

/** Picks a language of the pool that the chatbot does not have yet. */
export function AddLanguageForm({ available, disabled, onAdd }: { available: string[]; disabled: boolean; onAdd: (lang: string) => Promise<void> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [lang, setLang] = useState('');
  const [busy, setBusy] = useState(false);
  const sorted = [...available].sort((a, b) => languageName(a, locale).localeCompare(languageName(b, locale), locale));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }} data-testid="language-add">
      <TextField
        select
        size="small"
        id="language-add-select"
        label={translate('language.add')}
        value={lang}
        onChange={(e) => setLang(e.target.value)}
        disabled={disabled || !sorted.length}
        sx={{ width: { xs: '100%', sm: 320 } }}
      >
        {sorted.map((code) => (
          <MenuItem key={code} value={code} data-testid={`language-option-${code}`}>
            {languageName(code, locale)} ({code === 'italian' ? 'it' : code})
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        disabled={disabled || !lang || busy}
        data-testid="language-add-button"
        onClick={async () => {
          setBusy(true);
          try {
            await onAdd(lang);
            setLang('');
          } finally {
            setBusy(false);
          }
        }}
      >
        {translate('language.addButton')}
      </Button>
    </Stack>
  );
}
