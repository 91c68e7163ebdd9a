import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// A plain .mjs script (it runs before any TypeScript tooling): imported by URL, typed here.
const script = pathToFileURL(path.resolve(__dirname, '../../scripts/build-if-needed.mjs')).href;
const { rebuildReason, serverBuildInputs } = (await import(script)) as {
  rebuildReason: (root: string, build?: 'dashboard' | 'server') => string | null;
  serverBuildInputs: (root: string) => string[];
};

let root: string;
const write = (rel: string, text = '') => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
/** Sets a file's time relative to the server build's stamp (at t = 1000 s). */
const at = (rel: string, seconds: number) => fs.utimesSync(path.join(root, rel), seconds, seconds);
const reason = () => rebuildReason(root, 'server');

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-server-if-needed-'));
  write('server/src/main.ts', "import { ok } from './routes/users.ts';\nimport { pathId } from '../../contract/ids.ts';\n");
  write('server/src/routes/users.ts', 'export const ok = 1;\n');
  write('server/migrations/001_foundation.sql', 'create table t (id int);\n');
  write('contract/ids.ts', "export { uuid as pathId } from './uuid.ts';\n");
  write('contract/uuid.ts', 'export const uuid = 1;\n');
  write('contract/dashboardOnly.ts', 'export const x = 1;\n');
  write('src/App.tsx', 'export {};\n');
  for (const rel of ['scripts/build-server.mjs', 'tsconfig.json', 'package-lock.json', 'dist-server/.build-stamp']) write(rel);
  for (const f of serverBuildInputs(root)) fs.utimesSync(f, 500, 500);
  for (const rel of ['contract', 'contract/dashboardOnly.ts', 'src', 'src/App.tsx']) at(rel, 500);
  at('dist-server/.build-stamp', 1000);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('build-if-needed, the server build', () => {
  it('builds on a first start and not again while nothing changed', () => {
    expect(reason()).toBeNull();
    fs.rmSync(path.join(root, 'dist-server/.build-stamp'));
    expect(reason()).toBe('First start: building server…');
  });

  it('rebuilds when a server source or a migration changes (the start template holds the migrations)', () => {
    for (const rel of ['server/src/routes/users.ts', 'server/migrations/001_foundation.sql']) {
      at(rel, 2000);
      expect(reason(), rel).toBe(`${rel} changed: rebuilding server…`);
      at(rel, 500);
    }
  });

  it('rebuilds when a migration is added', () => {
    write('server/migrations/002_more.sql');
    expect(reason()).toMatch(/^server\/migrations(\/002_more\.sql)? changed/);
  });

  it('rebuilds for what the server imports from outside server/, also through another file, and for the build settings', () => {
    for (const rel of ['contract/uuid.ts', 'scripts/build-server.mjs', 'tsconfig.json', 'package-lock.json']) {
      at(rel, 2000);
      expect(reason(), rel).toBe(`${rel} changed: rebuilding server…`);
      at(rel, 500);
    }
  });

  it('does not rebuild for the dashboard or contract files the server does not import', () => {
    at('src/App.tsx', 2000);
    at('contract/dashboardOnly.ts', 2000);
    expect(reason()).toBeNull();
  });
});
