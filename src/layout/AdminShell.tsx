import { Suspense, createElement, type ComponentType, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { CoreAdminUI, localStorageStore, type CoreAdminUIProps } from 'ra-core';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  AuthenticationError,
  Error as ErrorPage,
  LoadingPage,
  type AdminContextProps,
} from 'react-admin';

import { queryClient } from '../providers/queryClient.ts';

/** One store per page load, as react-admin's <Admin> keeps it. */
const store = localStorageStore();

type Props = Pick<AdminContextProps, 'authProvider' | 'dataProvider' | 'i18nProvider' | 'theme'> &
  Pick<CoreAdminUIProps, 'catchAll' | 'layout' | 'title' | 'disableTelemetry'> & { notification: ComponentType; children: ReactNode };

/**
 * react-admin's <Admin> without the parts this app does not draw: its default login page (a form library
 * and text fields) and its English default translations would otherwise load before the first screen.
 * Signing in goes through the identity provider, so there is no login page.
 */
export function AdminShell({ authProvider, dataProvider, i18nProvider, theme, notification, children, ...ui }: Props) {
  return (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      store={store}
      queryClient={queryClient}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={AccessDenied}
          authCallbackPage={AuthCallback}
          authenticationError={AuthenticationError}
          error={ErrorPage}
          loading={LoadingPage}
          loginPage={false}
          {...ui}
        >
          {children}
        </CoreAdminUI>
        <Suspense fallback={null}>{createElement(notification)}</Suspense>
      </CssBaseline>
    </AdminContext>
  );
}
