import { useState, type MouseEvent } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Translate';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { SUPPORTED_LOCALES, type Locale } from '../lib/locale.ts';
import type { AppDataProvider } from '../providers/dataProvider.ts';
import { currentAdminParams } from '../providers/adminSession.ts';
import { userStore } from '../providers/userStore.ts';

/**
 * The one control for the interface language (German or English), in the app bar and the registration wizard.
 * Its name contains what it shows ("Sprache der Oberfläche: DE"). A signed-in customer's choice also becomes
 * the profile's preferred language, so it holds at the next sign-in (an admin viewing a customer changes only
 * their own screen).
 */
export function LocaleSwitcher() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (l: Locale) => {
    setAnchor(null);
    if (l === locale) return;
    setLocale(l);
    const user = userStore.get()?.user;
    if (!user || currentAdminParams().adminToken || user.preferredLanguage === l) return;
    dataProvider.patchUser(user.id, { preferredLanguage: l }).then(
      (saved) => {
        const lookup = userStore.get();
        if (lookup?.user.id === saved.id) userStore.set({ ...lookup, user: { ...lookup.user, preferredLanguage: saved.preferredLanguage } });
      },
      // The screen has switched already; the profile keeps the old preference until the next change.
      () => undefined,
    );
  };
  const shown = locale.toUpperCase();
  return (
    <>
      <Button
        color="inherit"
        aria-label={`${translate('app.locale')}: ${shown}`}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        data-testid="locale-switcher"
        startIcon={<LanguageIcon />}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0, mx: 0.5, flex: '0 0 auto' }}
      >
        {shown}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {SUPPORTED_LOCALES.map((l) => (
          <MenuItem key={l} selected={l === locale} data-testid={`locale-${l}`} lang={l} onClick={() => choose(l)}>
            {translate(`app.locales.${l}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
