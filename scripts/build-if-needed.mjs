// Builds the dashboard and widget when dist/ is missing or older than what they are built from,
// so `npm start` on a fresh clone needs no separate build step.
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

/**
 * The files the bundles are built from: the input folders and files, plus every file outside them that
 * their code reaches through relative imports (the API contract and helpers in server/src, and what
 * those import). Only that closure of server/ counts, so editing a route does not rebuild the dashboard.
 */
export function buildInputs(root) {
  const envFiles = fs.readdirSync(root).filter((f) => f.startsWith('.env'));
  const files = [...INPUT_DIRS, ...INPUT_FILES, ...envFiles].flatMap((p) => walk(path.join(root, p), []));
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

const STAMP = ['dist', '.build-stamp'];

/** Why the bundles must be (re)built, or null when dist/ is newer than every input. */
export function rebuildReason(root) {
  const stamp = path.join(root, ...STAMP);
  if (!fs.existsSync(stamp)) return 'First start: building dashboard and widget…';
  const built = fs.statSync(stamp).mtimeMs;
  const changed = buildInputs(root).find((f) => fs.statSync(f).mtimeMs > built);
  return changed ? `${path.relative(root, changed) || '.'} changed: rebuilding dashboard and widget…` : null;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const reason = rebuildReason(root);
  if (!reason) return;
  console.log(reason);
  // Stamped with the time the build started: a file saved during the build triggers the next one.
  const started = new Date();
  execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
  const stamp = path.join(root, ...STAMP);
  fs.writeFileSync(stamp, started.toISOString());
  fs.utimesSync(stamp, started, started);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
