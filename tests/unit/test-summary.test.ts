// @vitest-environment node
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

type Summary = { passed: number; failed: number; skipped: number; failedTitles: string[]; flakyTitles: string[] };
// A plain .mjs script (`npm test` runs before any TypeScript tooling): imported by URL, typed here.
const script = pathToFileURL(path.resolve(__dirname, '../../scripts/test.mjs')).href;
const { playwrightSummary, vitestSummary, summaryLines } = (await import(script)) as {
  playwrightSummary: (report: unknown) => Summary;
  vitestSummary: (report: unknown) => Summary;
  summaryLines: (total: Summary & { failedSteps: string[] }) => string[];
};

const ROOT = path.resolve(__dirname, '../..');
const result = (status: string, retry: number) => ({ status, retry, duration: 10, errors: [] });
const test = (status: string, results: object[]) => ({ projectName: 'chromium', expectedStatus: 'passed', status, results });

/** Playwright's JSON report (reporter "json") for one file: a pass, a flaky test, a broken one and a skipped one. */
const PLAYWRIGHT_REPORT = {
  config: {},
  errors: [],
  stats: { startTime: '2026-11-24T08:00:00.000Z', duration: 1000, expected: 1, unexpected: 1, flaky: 1, skipped: 1 },
  suites: [
    {
      title: 'shell.spec.ts',
      file: 'shell.spec.ts',
      specs: [{ title: '/dashboard shows its content', ok: true, tests: [test('expected', [result('passed', 0)])] }],
      suites: [
        {
          title: 'admin mode',
          file: 'shell.spec.ts',
          specs: [
            { title: 'opens the dashboard', ok: true, tests: [test('flaky', [result('failed', 0), result('passed', 1)])] },
            { title: 'keeps the token out of the address', ok: false, tests: [test('unexpected', [result('failed', 0), result('failed', 1)])] },
            { title: 'later', ok: true, tests: [test('skipped', [result('skipped', 0)])] },
          ],
        },
      ],
    },
  ],
};

describe('the Playwright summary', () => {
  it('counts a flaky test (failed, then passed on retry) as failed and names it apart from the broken one', () => {
    expect(playwrightSummary(PLAYWRIGHT_REPORT)).toEqual({
      passed: 1,
      failed: 2,
      skipped: 1,
      failedTitles: ['shell.spec.ts › admin mode › keeps the token out of the address'],
      flakyTitles: ['shell.spec.ts › admin mode › opens the dashboard'],
    });
  });

  it('passes a clean run', () => {
    const clean = { ...PLAYWRIGHT_REPORT, stats: { expected: 4, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] };
    expect(playwrightSummary(clean)).toMatchObject({ passed: 4, failed: 0, failedTitles: [], flakyTitles: [] });
  });
});

describe('the vitest summary', () => {
  it('names failed tests, and a file that failed without a failed test', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: path.join(ROOT, 'tests/unit/url.test.ts'),
          status: 'failed',
          assertionResults: [
            { fullName: 'normalizeUrl keeps the path', status: 'passed' },
            { fullName: 'normalizeUrl drops the hash', status: 'failed' },
          ],
        },
        { name: path.join(ROOT, 'tests/unit/i18n.test.ts'), status: 'failed', message: 'Cannot find module x\n  at …', assertionResults: [] },
      ],
    };
    expect(vitestSummary(report)).toEqual({
      passed: 3,
      failed: 2,
      skipped: 1,
      failedTitles: ['tests/unit/url.test.ts › normalizeUrl drops the hash', 'tests/unit/i18n.test.ts (Cannot find module x)'],
      flakyTitles: [],
    });
  });
});

describe('the closing lines', () => {
  it('name the failed and flaky tests and end with the plain count line', () => {
    const lines = summaryLines({ ...playwrightSummary(PLAYWRIGHT_REPORT), passed: 10, skipped: 0, failedSteps: ['e2e'] });
    expect(lines).toEqual([
      'Failed steps: e2e',
      'Failed: shell.spec.ts › admin mode › keeps the token out of the address',
      'Flaky: shell.spec.ts › admin mode › opens the dashboard',
      '10 passed, 2 failed',
    ]);
  });

  it('are two lines when all is green', () => {
    expect(summaryLines({ passed: 5, failed: 0, skipped: 2, failedTitles: [], flakyTitles: [], failedSteps: [] })).toEqual([
      'All steps green.',
      '5 passed, 0 failed, 2 skipped',
    ]);
  });
});
