import { lazy } from 'react';
import customers from '../../resources/customers/index.ts';
import type { AppPlugin } from '../types.ts';

const AdminExpiredPage = lazy(() => import('../../pages/operators/AdminExpiredPage.tsx'));

/**
 * The operator console: the customer list (admins only, enforced by the server; the guard sends everybody
 * else to the dashboard), opening a customer in the admin view, and the page an expired admin view ends on.
 */
export const operatorsPlugin: AppPlugin = {
  name: 'operators',
  resources: [{ name: 'customers', ...customers, options: { label: 'operators.customers.title' }, guard: { operatorOnly: true } }],
  routes: [{ path: '/admin/expired', element: <AdminExpiredPage />, noLayout: true, guarded: false, title: 'operators.expired.title' }],
  menu: [{ to: '/customers', label: 'operators.menu', icon: customers.icon, operatorOnly: true }],
};
