/**
 * ra-core's default router provider (ra-core/dist/routing/adapters/reactRouterProvider.js) with one
 * difference: it never creates a router of its own. ra-core's version falls back to a hash router when it
 * is rendered outside one, and that fallback alone brings react-router's whole data router (createRouter,
 * loaders, actions, fetchers: ~12 KB gzipped) into the first screen. The dashboard always renders inside
 * the <BrowserRouter> of App.tsx, so vite.config.ts puts this module in place of ra-core's.
 */
import { createElement, useCallback, useContext, useEffect, useRef, Fragment, type ReactNode } from 'react';
import {
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useBlocker,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate as useRouterNavigate,
  useParams,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
} from 'react-router';
import type { RouterProvider } from 'ra-core';

/** Blocking navigation needs a data router, which the dashboard does not use (as in ra-core's version). */
const useCanBlock = () => {
  const router = useContext(UNSAFE_DataRouterContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  return !!(router && state);
};

/** react-router's navigate changes at every navigation; a stable function spares ra-core's users re-renders. */
const useNavigate = () => {
  const navigate = useRouterNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback((...args: unknown[]) => (latest.current as (...a: unknown[]) => void)(...args), []);
};

function RouterWrapper({ children }: { basename?: string; children: ReactNode }) {
  if (!useInRouterContext()) throw new Error('The dashboard renders react-admin inside the <BrowserRouter> of App.tsx');
  return createElement(Fragment, null, children);
}

export const reactRouterProvider = {
  useNavigate,
  useLocation,
  useParams,
  useBlocker,
  useMatch,
  useInRouterContext,
  useCanBlock,
  Link,
  Navigate,
  Route,
  Routes,
  Outlet,
  RouterWrapper,
  matchPath,
} as unknown as RouterProvider;
