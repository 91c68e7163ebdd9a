import { ra } from './de/ra.ts';
import { app } from './de/app.ts';
import { auth } from './de/auth.ts';
import { errors } from './de/errors.ts';
import { dashboard } from './de/dashboard.ts';
import { shell } from './de/shell.ts';

/**
 * The German messages the first screen needs (app shell, dashboard, menu and titles): German users start
 * with these, and i18n/de.ts, the whole catalogue, loads with the first other page.
 */
export const deShell = { ra, app, auth, errors, dashboard, ...shell };
