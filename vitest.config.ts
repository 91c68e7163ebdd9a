import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // vitest's default is one worker fewer than cores: a single one on the 2-core machines.
          maxWorkers: 2,
        },
        esbuild: { jsx: 'automatic' },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One migrated template database per run; each file's server starts from a copy of it.
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and database. A file waits much of its time (jobs polled every
          // 0.5 s, crawls, PostgreSQL's own processes), so three at a time keep the 2-core machines busy.
          pool: 'forks',
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: 'quality',
          // The answer-quality gates: train the real server on ../shared/eval/site-hotel and bench/quality/sites/*, ask their questions.
          include: ['tests/quality/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: 'forks',
          maxWorkers: 1,
        },
      },
    ],
  },
});
