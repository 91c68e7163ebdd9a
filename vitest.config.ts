import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
        esbuild: { jsx: 'automatic' },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and database; two at a time fit the 2-core machines.
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'quality',
          // The answer-quality gate: trains the real server on ../shared/eval/site-hotel and asks its questions.
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
