import { MenuItem, TextField } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useActiveLanguage } from '../hooks/useActiveLanguage.ts';
import { languageName } from '../lib/languageNames.ts';

/** App bar control: which of the chatbot's languages training and history work on. */
export function ActiveLanguageSelect() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { active, languages, setActive, chatbotId } = useActiveLanguage();
  if (!chatbotId || languages.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      label={translate('app.activeLanguage')}
      value={active ?? ''}
      onChange={(e) => setActive(e.target.value)}
      data-testid="active-language"
      sx={{
        minWidth: 140,
        mx: 1,
        '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.5)' },
        display: { xs: 'none', sm: 'inline-flex' },
      }}
    >
      {languages.map((l) => (
        <MenuItem key={l.lang} value={l.lang}>
          {languageName(l.lang, locale)}
        </MenuItem>
      ))}
    </TextField>
  );
}
