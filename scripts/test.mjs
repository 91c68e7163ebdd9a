// `npm test`: type check, lint, unit tests, the server suite on PGlite and (when TEST_DATABASE_URL is set)
// again on PostgreSQL, the answer-quality gate (PGlite only), the build with its bundle budgets, then the
// Playwright suite in Chromium.
// Names every failed and flaky test, then ends with one "N passed, N failed" line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Counts and names of failed tests in a vitest JSON report. */
export function vitestSummary(report) {
  const failed = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults ?? [];
    for (const t of tests) if (t.status === 'failed') failed.push(`${name} › ${t.fullName}`);
    // A file can fail without a failed test: it did not load, or a hook threw.
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) failed.push(`${name} (${(file.message ?? '').split('\n')[0]})`);
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: Math.max(report.numFailedTests ?? 0, failed.length),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failedTitles: failed,
    flakyTitles: [],
  };
}

/**
 * Counts and names from a Playwright JSON report. A flaky test (failed, then passed on a retry) counts
 * as failed: a retry may tell flaky from broken, but it must not hide either.
 */
export function playwrightSummary(report) {
  const titles = { unexpected: [], flaky: [] };
  const walk = (suite, parents) => {
    const trail = suite.title ? [...parents, suite.title] : parents;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) if (t.status in titles) titles[t.status].push([...trail, spec.title].join(' › '));
    for (const child of suite.suites ?? []) walk(child, trail);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const s = report.stats ?? {};
  return {
    passed: s.expected ?? 0,
    failed: (s.unexpected ?? 0) + (s.flaky ?? 0),
    skipped: s.skipped ?? 0,
    failedTitles: titles.unexpected,
    flakyTitles: titles.flaky,
  };
}

/** The closing lines: failed steps, each failed and each flaky test by name, and last the plain count line. */
export function summaryLines({ passed, failed, skipped, failedTitles, flakyTitles, failedSteps }) {
  const lines = [failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps green.'];
  lines.push(...failedTitles.map((t) => `Failed: ${t}`), ...flakyTitles.map((t) => `Flaky: ${t}`));
  lines.push(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return lines;
}

function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cbtest-'));
  const only = process.argv.slice(2); // e.g. `npm test -- unit server quality`
  const want = (step) => only.length === 0 || only.includes(step);
  const total = { passed: 0, failed: 0, skipped: 0, failedTitles: [], flakyTitles: [], failedSteps: [] };

  function run(name, cmd, args, env = {}) {
    console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
    const started = performance.now();
    const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    // Each step's wall time, so a slow step shows in any run's log.
    console.log(`=== ${name}: ${Math.round((performance.now() - started) / 1000)} s`);
    if (r.status !== 0) total.failedSteps.push(name);
    return r.status === 0;
  }

  function count(step, file, summarize) {
    if (!fs.existsSync(file)) return;
    const s = summarize(JSON.parse(fs.readFileSync(file, 'utf8')));
    total.passed += s.passed;
    total.failed += s.failed;
    total.skipped += s.skipped;
    total.failedTitles.push(...s.failedTitles.map((t) => `[${step}] ${t}`));
    total.flakyTitles.push(...s.flakyTitles.map((t) => `[${step}] ${t}`));
    // Playwright exits 0 on flaky tests unless told otherwise: the step fails here all the same.
    if (s.flakyTitles.length && !total.failedSteps.includes(step)) total.failedSteps.push(step);
  }

  const vitest = (name, selection, env) => {
    const out = path.join(tmp, `${name}.json`);
    run(name, 'npx', ['vitest', 'run', ...selection, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
    count(name, out, vitestSummary);
  };

  if (want('typecheck')) run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  if (want('lint')) run('lint', 'npx', ['eslint', '.']);
  if (want('unit')) vitest('unit', ['--project', 'unit'], {});
  if (want('server')) vitest('server-pglite', ['--project', 'server'], { TEST_DATABASE_URL: '' });
  if (want('server') && process.env.TEST_DATABASE_URL) vitest('server-postgres', ['--project', 'server'], {});
  if (want('quality')) vitest('quality', ['--project', 'quality'], { TEST_DATABASE_URL: '' });
  // The bundle budgets (dashboard first screen, widget) and the browser tests both need the built dist/.
  const built = (want('bundle') || want('e2e')) && run('build', 'node', ['scripts/build-if-needed.mjs']);
  if (want('bundle') && built) vitest('bundle', ['--config', 'tests/bundle/vitest.config.ts'], {});
  if (want('e2e')) {
    const out = path.join(tmp, 'e2e.json');
    if (built) run('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    count('e2e', out, playwrightSummary);
  }

  console.log(`\n${summaryLines(total).join('\n')}`);
  process.exit(total.failedSteps.length ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
