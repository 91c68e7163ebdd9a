import { Suspense, lazy, use, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route } from 'react-router';
import { CustomRoutes, Resource } from 'react-admin';
import { plugins } from './plugins/index.ts';
import type { AppResource, AppRoute } from './plugins/types.ts';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { createI18nProvider } from './providers/i18nProvider.ts';
import { AdminShell } from './layout/AdminShell.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { GuardedPage } from './layout/GuardedPage.tsx';
import { LoadingOverlay } from './layout/LoadingOverlay.tsx';
import { RedirectKeepingQuery } from './layout/RedirectKeepingQuery.tsx';
import { theme } from './layout/theme.ts';

/** Started once at load; English users wait for their catalogue, German ones start with the first screen's part. */
const i18nProviderReady = createI18nProvider();

/** Notifications draw nothing until one is sent: their snackbar loads after the first screen. */
const AppNotification = lazy(() => import('./layout/AppNotification.tsx').then((m) => ({ default: m.AppNotification })));

const routes = plugins.flatMap((p) => p.routes ?? []);
const resources = plugins.flatMap((p) => p.resources ?? []);

/** A page outside the first screen draws once the whole catalogue is in (it loads alongside the page's code). */
function AllMessages({ children }: { children: ReactNode }) {
  use(use(i18nProviderReady).allMessages());
  return children;
}

function routeElement(route: AppRoute) {
  if (route.redirectTo) return <RedirectKeepingQuery to={route.redirectTo} />;
  const element = route.firstScreen ? route.element : <AllMessages>{route.element}</AllMessages>;
  if (route.guarded === false) return <Suspense fallback={<LoadingOverlay />}>{element}</Suspense>;
  return (
    <GuardedPage flags={route} title={route.title} withAppBarTitle={!route.noLayout}>
      {element}
    </GuardedPage>
  );
}

const toRoute = (route: AppRoute) => <Route key={route.path} path={route.path} element={routeElement(route)} />;

/** Resource screens pass the same guard as every page (login and registration required, unless the resource says otherwise). */
function guarded(resource: AppResource, View: ComponentType | undefined) {
  if (!View) return undefined;
  const title = resource.options?.label ?? `resources.${resource.name}.name`;
  return function GuardedResourceView() {
    return (
      <GuardedPage flags={resource.guard ?? {}} title={title}>
        <AllMessages>
          <View />
        </AllMessages>
      </GuardedPage>
    );
  };
}

/** Any path that is not in the routes table goes to the registration (spec section 2). */
const UnknownPath = () => <RedirectKeepingQuery to="/register" />;

export function App() {
  return (
    <Suspense fallback={null}>
      <Shell />
    </Suspense>
  );
}

function Shell() {
  const i18nProvider = use(i18nProviderReady);
  return (
    <BrowserRouter>
      <AdminShell
        title="Chatbot Studio"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={AppLayout}
        notification={AppNotification}
        catchAll={UnknownPath}
        theme={theme}
        disableTelemetry
      >
        <CustomRoutes noLayout>{routes.filter((r) => r.noLayout || r.redirectTo).map(toRoute)}</CustomRoutes>
        <CustomRoutes>{routes.filter((r) => !r.noLayout && !r.redirectTo).map(toRoute)}</CustomRoutes>
        {resources.map((r) => (
          <Resource
            key={r.name}
            name={r.name}
            list={guarded(r, r.list)}
            edit={guarded(r, r.edit)}
            create={guarded(r, r.create)}
            show={guarded(r, r.show)}
            icon={r.icon}
            recordRepresentation={r.recordRepresentation}
            options={r.options}
          />
        ))}
      </AdminShell>
    </BrowserRouter>
  );
}
