import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { ActiveLanguageSelect } from './ActiveLanguageSelect.tsx';
import { AdminModeBadge } from './AdminModeBadge.tsx';
import { LocaleSwitcher } from './LocaleSwitcher.tsx';

/** App bar: page title, admin-mode badge, the chatbot language, the interface locale, the user menu. */
export function AppBar() {
  return (
    <RaAppBar
      toolbar={
        <>
          <ActiveLanguageSelect />
          <LocaleSwitcher />
        </>
      }
    >
      <TitlePortal />
      <AdminModeBadge />
    </RaAppBar>
  );
}
