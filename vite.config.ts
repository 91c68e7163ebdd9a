import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

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
 * The dashboard. `npm run dev` serves it with hot reload and forwards the server's paths to VITE_API_TARGET
 * (default http://localhost:3000, the server of `npm start`). The build needs no running server.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const target = env.VITE_API_TARGET || process.env.VITE_API_TARGET || 'http://localhost:3000';
  const proxied = { target, changeOrigin: false, xfwd: true };
  return {
    plugins: [nativeObjectEntries, react()],
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
      // No manual chunks: every page is a lazy import (src/plugins), so libraries used only by a page (charts,
      // xlsx, date pickers) stay in that page's chunks and the first screen loads only what it renders.
    },
  };
});
