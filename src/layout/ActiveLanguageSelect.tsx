import { useState } from 'react';
import { Button, Menu, MenuItem, Tooltip } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useLocaleState, useTranslate } from 'react-admin';
import { useActiveLanguage } from '../hooks/useActiveLanguage.ts';
import { languageName } from '../lib/languageNames.ts';

/**
 * App bar control: which of the chatbot's languages training and history work on. A button and a menu (as the
 * locale switcher) rather than MUI's Select, which would bring the input components into the first screen.
 */
export function ActiveLanguageSelect() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { active, languages, setActive, chatbotId } = useActiveLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!chatbotId || languages.length === 0) return null;
  const label = translate('app.activeLanguage');
  return (
    <>
      <Tooltip title={label}>
        <Button
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={!!anchor}
          data-testid="active-language"
          endIcon={<ArrowDropDownIcon />}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ flex: '0 0 auto', mx: 1, textTransform: 'none', fontWeight: 'normal', fontSize: '1rem' }}
        >
          {active ? languageName(active, locale) : ''}
        </Button>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {languages.map((l) => (
          <MenuItem
            key={l.lang}
            selected={l.lang === active}
            data-testid={`active-language-${l.lang}`}
            onClick={() => {
              setAnchor(null);
              setActive(l.lang);
            }}
          >
            {languageName(l.lang, locale)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
