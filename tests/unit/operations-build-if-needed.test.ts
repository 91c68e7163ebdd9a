import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// A plain .mjs script (it runs before any TypeScript tooling): imported by URL, typed here.
const script = pathToFileURL(path.resolve(__dirname, '../../scripts/build-if-needed.mjs')).href;
const { rebuildReason, buildInputs } = (await import(script)) as {
  rebuildReason: (root: string) => string | null;
  buildInputs: (root: string) => string[];
};

let root: string;
const write = (rel: string, text = '') => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
/** Sets a file's time relative to the build stamp (at t = 1000 s). */
const at = (rel: string, seconds: number) => fs.utimesSync(path.join(root, rel), seconds, seconds);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-needed-'));
  write('index.html');
  write('src/main.tsx', "import { ERROR_KEYS } from '../server/src/errors.ts';\nimport type { Api } from '../server/src/contract.ts';\n");
  write('widget/src/loader.ts', "import { isCssColor } from '../../server/src/runtime/cssColor';\n");
  write('server/src/errors.ts', "export { keys as ERROR_KEYS } from './errorKeys.ts';\n");
  write('server/src/errorKeys.ts', 'export const keys = {};\n');
  write('server/src/runtime/cssColor.ts', 'export const isCssColor = () => true;\n');
  write('server/src/contract.ts', 'export type Api = {};\n');
  write('server/src/routes/users.ts', 'export {};\n');
  write('dist/.build-stamp');
  for (const f of buildInputs(root)) fs.utimesSync(f, 500, 500);
  for (const f of ['server/src/contract.ts', 'server/src/routes/users.ts']) at(f, 500);
  at('dist/.build-stamp', 1000);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('build-if-needed', () => {
  it('builds on a first start and not again while nothing changed', () => {
    expect(rebuildReason(root)).toBeNull();
    fs.rmSync(path.join(root, 'dist/.build-stamp'));
    expect(rebuildReason(root)).toMatch(/First start/);
  });

  it('rebuilds when a server file the bundles import changes, also one reached through another', () => {
    at('server/src/runtime/cssColor.ts', 2000);
    expect(rebuildReason(root)).toMatch(/server\/src\/runtime\/cssColor\.ts changed/);
    at('server/src/runtime/cssColor.ts', 500);
    at('server/src/errorKeys.ts', 2000);
    expect(rebuildReason(root)).toMatch(/server\/src\/errorKeys\.ts changed/);
  });

  it('rebuilds when a file is removed from an input folder', () => {
    fs.rmSync(path.join(root, 'widget/src/loader.ts'));
    expect(rebuildReason(root)).toMatch(/widget\/src changed/);
  });

  it('does not rebuild for server files the bundles do not import, or import only as types', () => {
    at('server/src/routes/users.ts', 2000);
    at('server/src/contract.ts', 2000);
    expect(rebuildReason(root)).toBeNull();
  });

  it('rebuilds for the input folders, the build config, the lock file and VITE_ env files', () => {
    for (const rel of ['i18n/de.ts', 'widget/build.ts', 'vite.config.ts', 'package-lock.json', '.env.production']) {
      write(rel);
      const dir = path.dirname(rel);
      if (dir !== '.') at(dir, 500); // the folder's own time is tested below
      at(rel, 2000);
      expect(rebuildReason(root), rel).toContain(`${rel} changed`);
      fs.rmSync(path.join(root, rel));
      if (dir !== '.') at(dir, 500);
    }
  });
});
