import { useState } from 'react';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useLocaleState, useTranslate } from 'react-admin';
import { useActiveLanguage } from '../hooks/useActiveLanguage.ts';
import { languageName } from '../lib/languageNames.ts';

/**
 * App bar control: which of the chatbot's languages training, history, the chatbot interface and the preview work
 * on. Shown only on those screens (AppBar), labelled in sight ("Chatbot-Sprache" over "Deutsch"), so it does not
 * read as a second switch of the interface language. A button and a menu (as the locale switcher) rather than
 * MUI's Select, which would bring the input components into the first screen.
 */
export function ActiveLanguageSelect() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { active, languages, setActive, chatbotId } = useActiveLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!chatbotId || languages.length === 0) return null;
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        data-testid="active-language"
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ flex: '0 0 auto', mx: 1, py: 0.25, textTransform: 'none', fontWeight: 'normal', lineHeight: 1.2, textAlign: 'left' }}
      >
        <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
          <Box component="span" sx={{ fontSize: '0.75rem' }}>
            {translate('app.activeLanguage')}
          </Box>
          <Box component="span" sx={{ fontSize: '0.9375rem' }} data-testid="active-language-value">
            {active ? languageName(active, locale) : ''}
          </Box>
        </Box>
      </Button>
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
