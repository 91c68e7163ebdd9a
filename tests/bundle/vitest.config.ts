import { defineConfig } from 'vitest/config';

/**
 * The bundle budget reads the built dist/, so it runs apart from the unit project (which runs before any
 * build): scripts/test.mjs runs it right after its build step (`npm test -- bundle`).
 */
export default defineConfig({
  test: { name: 'bundle', include: ['tests/bundle/**/*.test.ts'], environment: 'node' },
});
