import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { AppMenu } from './AppMenu.tsx';
import { AppSidebar } from './AppSidebar.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';

/** react-admin's layout (sidebar becomes a drawer on phones) with the plugins' menu and our app bar. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppBar} menu={AppMenu} sidebar={AppSidebar}>
      <OfflineNotice />
      {children}
    </Layout>
  );
}
