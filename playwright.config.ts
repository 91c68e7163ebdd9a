import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The runner sets these once; its workers inherit them, so all agree on one server.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cb-e2e-'));
process.env.E2E_ADMIN_EMAIL ??= 'admin@e2e.test';
process.env.E2E_ADMIN_PASSWORD ??= 'admin-password-1';
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
process.env.E2E_BASE_URL = baseURL;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Concurrent runs in one tree must not wipe each other's traces.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // One retry in CI tells a flaky test (fails, then passes) from a broken one (fails twice); both fail
  // the run: failOnFlakyTests makes Playwright exit non-zero, and scripts/test.mjs counts and names them.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  use: {
    baseURL,
    locale: 'de-DE',
    // Recording a trace of every action took over a third of the suite's CPU even when it was thrown away:
    // only a retry records one (CI retries once; locally add --trace on), and every failure keeps a screenshot.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // What `npm start` runs: the built server (built first if a source changed), which starts in a fraction of
    // the time the sources take through tsx.
    command: 'node scripts/build-if-needed.mjs && node dist-server/main.js',
    url: `${baseURL}/health`,
    // A fresh clone builds the dashboard, widget and server first (`npm test` has built them by then).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      CRAWL_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'warn',
      // Test questions run 1 s after the last training change instead of 5: the tests wait for the score, not for
      // a burst of changes to settle.
      TEST_RUN_DELAY_SECONDS: '1',
    },
  },
});
