// Builds the dashboard and widget when dist/ is missing or older than what they are built from, and the
// server when dist-server/ is (scripts/build-server.mjs), so `npm start` on a fresh clone needs no separate build step.
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Everything under these is bundle input (vite's and esbuild's entries and their folders). */
const INPUT_DIRS = ['src', 'i18n', 'widget', 'public'];
/** Single files that change the build: the page, the build config, dependencies, and the VITE_* env files vite inlines. */
const INPUT_FILES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
const IGNORED = new Set(['node_modules', 'dist', '.git']);
const CODE = /\.(m?[jt]sx?|json)$/;
const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
/** `import type …` / `export type …` are erased from the bundle: what they name is no input. */
const TYPE_ONLY = /\b(?:import|export)\s+type\s[^;'"]*?\bfrom\s*['"][^'"]+['"]/g;

function walk(p, out) {
  if (!fs.existsSync(p)) return out;
  out.push(p); // a folder's own time changes when a file is added or removed
  if (fs.statSync(p).isDirectory())
    for (const e of fs.readdirSync(p)) if (!IGNORED.has(e)) walk(path.join(p, e), out);
  return out;
}

function resolveImport(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** `paths` (folders walked) plus every file their code reaches through relative imports, and what those import. */
function withImports(root, paths) {
  const files = paths.flatMap((p) => walk(path.join(root, p), []));
  const seen = new Set(files);
  for (let i = 0; i < files.length; i++) {
    if (!CODE.test(files[i]) || !fs.statSync(files[i]).isFile()) continue;
    for (const [, spec] of fs.readFileSync(files[i], 'utf8').replace(TYPE_ONLY, '').matchAll(RELATIVE_IMPORT)) {
      const target = resolveImport(files[i], spec);
      if (target && !seen.has(target)) {
        seen.add(target);
        files.push(target);
      }
    }
  }
  return files;
}

/**
 * The files the bundles are built from: the input folders and files, plus every file outside them that
 * their code reaches through relative imports (the API contract and helpers in server/src, and what
 * those import). Only that closure of server/ counts, so editing a route does not rebuild the dashboard.
 */
export function buildInputs(root) {
  const envFiles = fs.readdirSync(root).filter((f) => f.startsWith('.env'));
  return withImports(root, [...INPUT_DIRS, ...INPUT_FILES, ...envFiles]);
}

/**
 * The files the server build is made from: the server's code and migrations (the start template holds them),
 * what it imports from elsewhere (contract/), the build script, the compiler settings and the dependencies.
 */
export function serverBuildInputs(root) {
  return withImports(root, ['server', 'scripts/build-server.mjs', 'tsconfig.json', 'package-lock.json']);
}

/** The two builds: what they are made of, where their stamp is, how they are made. */
export const BUILDS = {
  dashboard: { what: 'dashboard and widget', inputs: buildInputs, stamp: ['dist', '.build-stamp'], command: 'npm run -s build:client' },
  server: { what: 'server', inputs: serverBuildInputs, stamp: ['dist-server', '.build-stamp'], command: 'npm run -s build:server' },
};

/** Why a build (`BUILDS` key) must be (re)made, or null when its stamp is newer than every input. */
export function rebuildReason(root, build = 'dashboard') {
  const { what, inputs, stamp } = BUILDS[build];
  const stampFile = path.join(root, ...stamp);
  if (!fs.existsSync(stampFile)) return `First start: building ${what}…`;
  const built = fs.statSync(stampFile).mtimeMs;
  const changed = inputs(root).find((f) => fs.statSync(f).mtimeMs > built);
  return changed ? `${path.relative(root, changed) || '.'} changed: rebuilding ${what}…` : null;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  for (const [build, { command, stamp }] of Object.entries(BUILDS)) {
    const reason = rebuildReason(root, build);
    if (!reason) continue;
    console.log(reason);
    // Stamped with the time the build started: a file saved during the build triggers the next one.
    const started = new Date();
    execSync(command, { cwd: root, stdio: 'inherit' });
    const stampFile = path.join(root, ...stamp);
    fs.writeFileSync(stampFile, started.toISOString());
    fs.utimesSync(stampFile, started, started);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
