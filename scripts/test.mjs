// `npm test`: type check, unit tests, the server suite on PGlite and (when TEST_DATABASE_URL is set)
// again on PostgreSQL, the answer-quality gate (PGlite only), then the Playwright suite in Chromium.
// Ends with one "N passed, N failed" line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cbtest-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit server quality`
const want = (step) => only.length === 0 || only.includes(step);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  skipped += j.numPendingTests + (j.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}

const vitest = (name, project, env) => {
  const out = path.join(tmp, `${name}.json`);
  run(name, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
  countVitest(out);
};

if (want('typecheck')) run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
if (want('unit')) vitest('unit', 'unit', {});
if (want('server')) vitest('server-pglite', 'server', { TEST_DATABASE_URL: '' });
if (want('server') && process.env.TEST_DATABASE_URL) vitest('server-postgres', 'server', {});
if (want('quality')) vitest('quality', 'quality', { TEST_DATABASE_URL: '' });
if (want('e2e')) {
  const out = path.join(tmp, 'e2e.json');
  if (run('build', 'node', ['scripts/build-if-needed.mjs']))
    run('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  countPlaywright(out);
}

console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps green.'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
