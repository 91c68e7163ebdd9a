import { MenuItem, Select, Tooltip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useActiveLanguage } from '../hooks/useActiveLanguage.ts';
import { languageName } from '../lib/languageNames.ts';

/** App bar control: which of the chatbot's languages training and history work on. */
export function ActiveLanguageSelect() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { active, languages, setActive, chatbotId } = useActiveLanguage();
  if (!chatbotId || languages.length === 0) return null;
  const label = translate('app.activeLanguage');
  return (
    <Tooltip title={label}>
      <Select
        size="small"
        variant="standard"
        disableUnderline
        value={active ?? ''}
        onChange={(e) => setActive(e.target.value)}
        inputProps={{ 'aria-label': label, 'data-testid': 'active-language' }}
        sx={{ flex: '0 0 auto', mx: 1, color: 'inherit', '& .MuiSvgIcon-root': { color: 'inherit' } }}
      >
        {languages.map((l) => (
          <MenuItem key={l.lang} value={l.lang}>
            {languageName(l.lang, locale)}
          </MenuItem>
        ))}
      </Select>
    </Tooltip>
  );
}
