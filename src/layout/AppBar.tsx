import { useLocation } from 'react-router';
import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { ActiveLanguageSelect } from './ActiveLanguageSelect.tsx';
import { AdminModeBadge } from './AdminModeBadge.tsx';
import { AppUserMenu } from './AppUserMenu.tsx';
import { LocaleSwitcher } from './LocaleSwitcher.tsx';
import { usesActiveLanguage } from './activeLanguageRoutes.ts';

/**
 * App bar: page title, admin-mode badge, the interface language (the one language switch) and the user menu; on
 * the screens that work on one of the chatbot's languages also the labelled chatbot-language selector.
 */
export function AppBar() {
  const { pathname } = useLocation();
  return (
    <RaAppBar
      userMenu={<AppUserMenu />}
      toolbar={
        <>
          {usesActiveLanguage(pathname) && <ActiveLanguageSelect />}
          <LocaleSwitcher />
        </>
      }
    >
      <TitlePortal />
      <AdminModeBadge />
    </RaAppBar>
  );
}
