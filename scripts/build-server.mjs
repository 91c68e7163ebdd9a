// Builds the server once into dist-server/ (`npm run build`; `npm start` through build-if-needed.mjs when a
// server source changed): esbuild bundles server/src and contract/ into ES modules Node runs without a
// TypeScript loader, and a migrated embedded database is made for the first start on an empty data folder.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(ROOT, 'dist-server');
/**
 * The entries: the API server, the embedded database's thread (server/src/db/pglite.ts starts it from beside
 * the bundle), the extraction child (server/src/training/extractionSandbox.ts, likewise), the operator CLI
 * (what the browser tests and the CLI's own tests run; `npm run admin` runs its sources), and the maker of
 * the start database (run below, at build time only).
 */
export const ENTRIES = {
  main: 'server/src/main.ts',
  pgliteThread: 'server/src/db/pgliteThread.ts',
  extractChild: 'server/src/training/extractChild.ts',
  admin: 'server/src/cli/admin.ts',
  makeStartTemplate: 'server/src/db/makeStartTemplate.ts',
};

/**
 * Code that finds files next to its source (the migrations, the built dashboard, the extraction child) reads
 * `import.meta.url`; bundled, that would be the bundle's address. Each source file's `import.meta.url` is
 * therefore its own source address, computed from the bundle's at run time: the build can move with the checkout.
 */
const sourceImportMetaUrl = (outdir) => ({
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      const rel = path.relative(outdir, args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'ts' };
    });
  },
});

/**
 * Bundles `entries` (name → source file) into `outdir`, all files side by side, to be run from `runFrom` (where
 * the folder is moved to; a sibling of it, so the sources' relative addresses hold). The folder must lie inside
 * the checkout (or have node_modules beside it): dependencies stay external and load from node_modules.
 */
export async function bundleServer(outdir, { entries = ENTRIES, runFrom = outdir } = {}) {
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(ROOT, file)])),
    outdir,
    bundle: true,
    splitting: true, // dynamic imports stay lazy: code a start does not need is not loaded at start
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external', // dependencies load from node_modules as they are (PGlite's WASM and extensions, oidc-provider…)
    sourcemap: 'linked',
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
    define: { __SERVER_BUILD__: JSON.stringify(path.relative(path.join(ROOT, 'server/src/db'), runFrom)) },
    plugins: [sourceImportMetaUrl(outdir)],
  });
}

/** Bundles the entries into `outdir`, then makes the start database in it. */
export async function buildServer(outdir = SERVER_OUT) {
  const tmp = `${outdir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  await bundleServer(tmp, { runFrom: outdir });
  execFileSync(process.execPath, [path.join(tmp, 'makeStartTemplate.js'), path.join(tmp, 'pgdata-template')], { stdio: 'inherit' });
  // Swapped in whole: a server started meanwhile finds the old build or the new one, never half of one.
  const old = `${outdir}.old-${process.pid}`;
  if (fs.existsSync(outdir)) fs.renameSync(outdir, old);
  fs.renameSync(tmp, outdir);
  fs.rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await buildServer(process.argv[2]);
