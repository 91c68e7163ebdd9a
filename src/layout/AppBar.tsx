import { Box } from '@mui/material';
import { useLocation } from 'react-router';
import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { ActiveLanguageSelect } from './ActiveLanguageSelect.tsx';
import { AdminModeBadge } from './AdminModeBadge.tsx';
import { AppUserMenu } from './AppUserMenu.tsx';
import { LocaleSwitcher } from './LocaleSwitcher.tsx';
import { usesActiveLanguage } from './activeLanguageRoutes.ts';

/**
 * App bar: page title, admin-mode badge, the interface language (the one language switch) and the user menu; on
 * the screens that work on one of the chatbot's languages also the labelled chatbot-language selector. On a phone
 * those screens leave the title to the page's own heading, which stands right below: the bar has no room for both.
 */
export function AppBar() {
  const { pathname } = useLocation();
  const withLanguage = usesActiveLanguage(pathname);
  return (
    <RaAppBar
      userMenu={<AppUserMenu />}
      toolbar={
        <>
          {withLanguage && <ActiveLanguageSelect />}
          <LocaleSwitcher />
        </>
      }
    >
      <TitlePortal sx={withLanguage ? { display: { xs: 'none', sm: 'block' } } : undefined} />
      {withLanguage && <Box sx={{ flex: 1, display: { sm: 'none' } }} />}
      <AdminModeBadge />
    </RaAppBar>
  );
}
