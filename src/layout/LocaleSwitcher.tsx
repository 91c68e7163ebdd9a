import { useState, type MouseEvent } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Translate';
import { useLocaleState, useTranslate } from 'react-admin';
import { SUPPORTED_LOCALES } from '../lib/locale.ts';

/** App bar control for the interface language (German or English). */
export function LocaleSwitcher() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        aria-label={translate('app.locale')}
        aria-haspopup="menu"
        data-testid="locale-switcher"
        startIcon={<LanguageIcon />}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0, mx: 0.5 }}
      >
        {locale.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {SUPPORTED_LOCALES.map((l) => (
          <MenuItem
            key={l}
            selected={l === locale}
            data-testid={`locale-${l}`}
            lang={l}
            onClick={() => {
              setAnchor(null);
              setLocale(l);
            }}
          >
            {translate(`app.locales.${l}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
