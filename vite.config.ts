import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';

const fromRoot = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * node-polyglot (react-admin's translations) requires the `object.entries` polyfill, which brings ~13 KB of
 * es-abstract helpers into the first screen; every browser the dashboard supports has Object.entries.
 */
const nativeObjectEntries: Plugin = {
  name: 'native-object-entries',
  enforce: 'pre',
  resolveId: (id) => (id === 'object.entries' ? '\0native-object-entries.js' : null),
  load: (id) => (id === '\0native-object-entries.js' ? 'module.exports = Object.entries;' : null),
};

/**
 * Library modules the dashboard replaces by its own (src/layout/replacements), each because it brings code
 * into the first screen that the first screen never runs. Keyed by the end of the resolved path; the
 * replacement itself still reaches the original (needed by the lazy Tooltip).
 * - ra-core's router provider creates a hash router when rendered outside a router, which brings react-router's
 *   data router (~12 KB gzipped); the dashboard always renders inside the <BrowserRouter> of App.tsx.
 * - ra-ui-materialui's configurable page title carries a title editor (text fields, a popover), and its
 *   layout the preferences inspector: the dashboard has no configuration mode to open them.
 * - MUI's createTheme and ThemeProvider also serve CSS-variable themes (~7 KB gzipped); the dashboard's is plain.
 * - MUI's Tooltip draws only on hover, but brings Popper.js, and a closed Menu draws nothing: each loads when
 *   the first one mounts, right after the first screen.
 * - react-hotkeys-hook serves react-admin's menu shortcuts, which the dashboard does not set.
 */
const REPLACED: Record<string, string> = {
  '/ra-core/dist/routing/adapters/reactRouterProvider.js': 'src/layout/replacements/reactRouterProvider.ts',
  '/ra-ui-materialui/dist/layout/PageTitleConfigurable.js': 'src/layout/replacements/PageTitleConfigurable.tsx',
  '/ra-ui-materialui/dist/preferences/Inspector.js': 'src/layout/replacements/Inspector.tsx',
  '/@mui/material/esm/Tooltip/index.js': 'src/layout/replacements/Tooltip.tsx',
  '/@mui/material/esm/Menu/index.js': 'src/layout/replacements/Menu.tsx',
  '/@mui/material/esm/styles/createTheme.js': 'src/layout/replacements/createTheme.ts',
  '/@mui/material/esm/styles/ThemeProvider.js': 'src/layout/replacements/ThemeProvider.tsx',
  '/react-hotkeys-hook/packages/react-hotkeys-hook/dist/index.js': 'src/layout/replacements/reactHotkeysHook.ts',
};
/** Cheap test before resolving: the import names one of the replaced files or packages. */
const MIGHT_BE_REPLACED = /reactRouterProvider|PageTitleConfigurable|Inspector|Tooltip|Menu|createTheme|ThemeProvider|react-hotkeys-hook/;
const REPLACEMENT_PATHS = new Map(Object.entries(REPLACED).map(([suffix, file]) => [suffix, fromRoot(file)]));
const replaceLibraryModules: Plugin = {
  name: 'replace-library-modules',
  enforce: 'pre',
  async resolveId(id, importer, options) {
    if (!importer || !MIGHT_BE_REPLACED.test(id)) return null;
    const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
    if (!resolved) return null;
    for (const [suffix, replacement] of REPLACEMENT_PATHS) if (resolved.id.endsWith(suffix) && importer !== replacement) return replacement;
    return resolved;
  },
};

/**
 * The first screen in three chunks instead of ~50. Split automatically, the modules the shell shares with
 * some pages land in dozens of small chunks, and 50 files gzip ~15 KB worse than the same code in a few.
 * - react: what src/main.tsx needs before anything else (React itself);
 * - auth: the sign-in code, which main.tsx also loads alone in the silent-renew frame;
 * - shell: the app's own modules the App shell and the dashboard page import statically (followed within
 *   src/, i18n/ and contract/ only, where there are no barrel files), with the library code they use: Rolldown adds
 *   each captured module's dependencies, after tree shaking. App.tsx and DashboardPage.tsx stay chunks of
 *   their own, so dist/.vite/manifest.json names them for bench/bundleSize.ts.
 * Pages keep automatic splitting: what only pages use stays out of the first screen.
 */
const CHUNK_ROOTS = {
  react: 'src/main.tsx',
  auth: 'src/providers/authProvider.ts',
  shell: ['src/App.tsx', 'src/pages/dashboard/DashboardPage.tsx'],
};
const APP_DIRS = ['src/', 'i18n/', 'contract/'].map(fromRoot);
const chunkOf = new Map<string, 'react' | 'auth' | 'shell'>();
const firstScreenChunks: Plugin = {
  name: 'first-screen-chunks',
  apply: 'build',
  buildEnd() {
    const appCode = (id: string) => !id.includes('/node_modules/') && APP_DIRS.some((dir) => id.startsWith(dir));
    const closure = (root: string, follow: (id: string) => boolean) => {
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id) || !follow(id)) return;
        seen.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
      };
      visit(fromRoot(root));
      return seen;
    };
    chunkOf.clear();
    for (const id of closure(CHUNK_ROOTS.react, () => true)) chunkOf.set(id, 'react');
    for (const id of closure(CHUNK_ROOTS.auth, appCode)) if (!chunkOf.has(id)) chunkOf.set(id, 'auth');
    for (const root of CHUNK_ROOTS.shell) for (const id of closure(root, appCode)) if (!chunkOf.has(id)) chunkOf.set(id, 'shell');
    for (const root of [CHUNK_ROOTS.react, ...CHUNK_ROOTS.shell]) chunkOf.delete(fromRoot(root));
  },
};
const CHUNK_GROUPS = (['react', 'auth', 'shell'] as const).map((name, i) => ({
  name,
  priority: 3 - i, // React first, so the auth and shell chunks do not take it in as a dependency
  test: (id: string) => chunkOf.get(id) === name,
}));

/**
 * The dashboard. `npm run dev` serves it with hot reload and forwards the server's paths to VITE_API_TARGET
 * (default http://localhost:3000, the server of `npm start`). The build needs no running server.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const target = env.VITE_API_TARGET || process.env.VITE_API_TARGET || 'http://localhost:3000';
  const proxied = { target, changeOrigin: false, xfwd: true };
  return {
    plugins: [nativeObjectEntries, replaceLibraryModules, firstScreenChunks, react()],
    server: {
      proxy: {
        '/api': proxied,
        '/oidc': proxied,
        '/widget.js': proxied,
        '/widget': proxied,
        '/health': proxied,
      },
    },
    preview: { proxy: { '/api': proxied, '/oidc': proxied, '/widget.js': proxied, '/health': proxied } },
    build: {
      outDir: 'dist',
      sourcemap: true,
      chunkSizeWarningLimit: 1200,
      // dist/.vite/manifest.json: the chunk graph bench/bundleSize.ts follows to measure the first screen.
      manifest: true,
      // Every page is a lazy import (src/plugins), so libraries used only by a page (charts, xlsx, date
      // pickers) stay in that page's chunks; the first screen's own code is grouped (firstScreenChunks).
      rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
    },
  };
});
