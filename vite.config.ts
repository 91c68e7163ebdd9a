import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The dashboard. `npm run dev` serves it with hot reload and forwards the server's paths to VITE_API_TARGET
 * (default http://localhost:3000, the server of `npm start`). The build needs no running server.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const target = env.VITE_API_TARGET || process.env.VITE_API_TARGET || 'http://localhost:3000';
  const proxied = { target, changeOrigin: false, xfwd: true };
  return {
    plugins: [react()],
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
      rollupOptions: {
        output: {
          // Libraries that change rarely get their own long-cached chunks; pages stay lazy (src/plugins).
          manualChunks(id: string) {
            if (!id.includes('node_modules')) return undefined;
            if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'react';
            if (/node_modules\/(@mui|@emotion)\//.test(id)) return 'mui';
            if (/node_modules\/(react-admin|ra-[a-z-]+)\//.test(id)) return 'react-admin';
            return undefined;
          },
        },
      },
    },
  };
});
