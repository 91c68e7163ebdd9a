import { AppBar as RaAppBar, LocalesMenuButton, TitlePortal } from 'react-admin';
import { ActiveLanguageSelect } from './ActiveLanguageSelect.tsx';
import { AdminModeBadge } from './AdminModeBadge.tsx';

/** App bar: page title, admin-mode badge, the chatbot language, the interface locale, the user menu. */
export function AppBar() {
  return (
    <RaAppBar
      toolbar={
        <>
          <ActiveLanguageSelect />
          <LocalesMenuButton />
        </>
      }
    >
      <TitlePortal />
      <AdminModeBadge />
    </RaAppBar>
  );
}
