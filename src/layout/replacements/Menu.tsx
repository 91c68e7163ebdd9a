/**
 * Stands in for @mui/material's Menu (see vite.config.ts). A closed menu draws nothing, and the app bar's
 * menus (locale, chatbot language, user) are closed on the first screen, yet MUI's menu brings its list and
 * popover code along. This one loads MUI's Menu when the first menu mounts, so it is there before a click.
 */
import { Suspense, lazy } from 'react';
import type { MenuProps } from '@mui/material/Menu';

const MuiMenu = lazy(() => import('@mui/material/Menu'));

export default function Menu(props: MenuProps) {
  return (
    <Suspense fallback={null}>
      <MuiMenu {...props} />
    </Suspense>
  );
}

// The rest of @mui/material/Menu's exports, unchanged.
export { default as menuClasses } from '../../../node_modules/@mui/material/esm/Menu/menuClasses.js';
export * from '../../../node_modules/@mui/material/esm/Menu/menuClasses.js';
