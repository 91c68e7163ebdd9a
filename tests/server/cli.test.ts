import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { freePort, startTestServer, type TestServer } from './helpers.ts';

/**
 * The operator CLI as a child process against a data folder: on its own (embedded
 * database closed), while a server holds it (through the server), and afterwards.
 * With TEST_DATABASE_URL both talk to that PostgreSQL database directly.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const usePostgres = !!process.env.TEST_DATABASE_URL;
const { bundleServer, ENTRIES } = (await import(pathToFileURL(path.join(ROOT, 'scripts/build-server.mjs')).href)) as {
  bundleServer: (outdir: string, opts: { entries: Record<string, string> }) => Promise<void>;
  ENTRIES: Record<'admin' | 'pgliteThread', string>;
};
/** The CLI bundled once as the server build bundles it: a call then loads one file, not every source through tsx. */
let cliBundle: string;
let dataDir: string;
let port: number;
let databaseUrl: string | undefined;

function cli(args: string[], opts: { viaNpm?: boolean } = {}) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const [cmd, argv] = opts.viaNpm
    ? ['npm', ['run', '-s', 'admin', '--', ...args]]
    : [process.execPath, [path.join(cliBundle, 'admin.js'), ...args]];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(cmd as string, argv as string[], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const serverFile = () => path.join(dataDir, 'server.json');
// Outside the data folder, as an operator would keep them.
const backupFile = () => path.join(`${dataDir}-files`, 'backup.tar.gz');

let s: TestServer | null = null;
async function startServer() {
  // The server's own port is random; the public URL (hence issuer and audience) is the one the CLI uses too.
  s = await startTestServer({ DATA_DIR: usePostgres ? ':memory:' : dataDir, PUBLIC_URL: `http://localhost:${port}` });
  databaseUrl = s.config.DATABASE_URL;
  return s;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
  cliBundle = `${dataDir}-cli`;
  fs.mkdirSync(cliBundle);
  // Dependencies stay external: found through a node_modules beside the bundle, as in the checkout.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(cliBundle, 'node_modules'));
  await bundleServer(cliBundle, { entries: { admin: ENTRIES.admin, pgliteThread: ENTRIES.pgliteThread } });
  fs.mkdirSync(`${dataDir}-files`);
  port = await freePort();
  // PostgreSQL: the test server creates the throwaway database the CLI then uses.
  if (usePostgres) await startServer();
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}-files`, { recursive: true, force: true });
  fs.rmSync(cliBundle, { recursive: true, force: true });
});

describe.skipIf(usePostgres)('operator CLI on an embedded database no server holds', () => {
  it('creates users, refuses bad input with exit codes, mints tokens', async () => {
    const created = await cli(['create-user', 'Ops@Example.test', 'long-password-42', '--admin']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Ops@Example\.test \([0-9a-f-]{36}\): admin = true\n$/);

    const bad = await cli(['create-user', 'not-an-email', 'short']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('email: not a valid email address');
    expect(bad.stderr).toContain('password: the password must have at least 8 characters');

    const token = await cli(['token', 'ops@example.test']);
    expect(token.code).toBe(0);
    expect(token.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    expect(decodeJwt(token.stdout.trim())).toMatchObject({ email: 'Ops@Example.test', roles: ['admin'], iss: `http://localhost:${port}/oidc` });
    expect(fs.existsSync(serverFile())).toBe(false);
  }, 120_000);
});

describe('operator CLI while the server runs on the same data', () => {
  beforeAll(async () => {
    if (!s) await startServer();
  });

  it('advertises itself to the CLI only for an embedded database, owner-readable', () => {
    if (usePostgres) return expect(fs.existsSync(serverFile())).toBe(false);
    const stat = fs.statSync(serverFile());
    expect(stat.mode & 0o777).toBe(0o600);
    const content = JSON.parse(fs.readFileSync(serverFile(), 'utf8'));
    expect(content).toMatchObject({ url: s!.url, pid: process.pid });
    expect(content.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('runs create-user, set-admin and token; the printed token works against the API', async () => {
    const email = `cli-${Date.now()}@example.test`;
    const created = await cli(['create-user', email, 'long-password-42']);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`${email} (`);
    expect(created.stdout).toContain('admin = false');

    // Only the token on stdout, also through npm.
    const token = await cli(['token', email], { viaNpm: true });
    expect(token.code).toBe(0);
    expect(token.stdout.trim().split('\n')).toHaveLength(1);
    const claims = decodeJwt(token.stdout.trim());
    expect(claims).toMatchObject({ email, roles: [], iss: s!.app.ctx.issuer, aud: s!.app.ctx.audience });
    expect(claims.exp! - claims.iat!).toBe(900);

    const lookup = await s!.api('GET', '/api/v1/users/lookup', { token: token.stdout.trim() });
    expect(lookup.status).toBe(200);
    expect(JSON.stringify(lookup.json)).toContain(email);

    const promoted = await cli(['set-admin', email, 'true']);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain('admin = true');
    const adminToken = (await cli(['token', email])).stdout.trim();
    expect(decodeJwt(adminToken).roles).toEqual(['admin']);
    const row = await s!.db.query<{ is_admin: boolean }>('select is_admin from users where lower(email) = lower($1)', [email]);
    expect(row.rows[0].is_admin).toBe(true);

    expect((await cli(['set-admin', email, 'false'])).stdout).toContain('admin = false');
  }, 120_000);

  it('sees what the CLI created before the server started', async () => {
    if (usePostgres) return;
    const token = await cli(['token', 'ops@example.test']);
    expect(token.code).toBe(0);
    expect((await s!.api('GET', '/api/v1/users/lookup', { token: token.stdout.trim() })).status).toBe(200);
  }, 60_000);

  it('gives clear errors and exit codes through the server too', async () => {
    await s!.createUser({ email: 'dup@example.test' });
    const cases: [string[], number, string][] = [
      [['token', 'nobody@example.test'], 3, 'No user with email nobody@example.test'],
      [['create-user', 'DUP@example.test', 'long-password-42'], 4, 'Email address already registered'],
      [['set-admin', 'nobody@example.test', 'true'], 3, 'No user with email'],
      [['create-user', 'x@example.test', 'short'], 2, 'at least 8 characters'],
      [['create-user', 'nope', 'long-password-42'], 2, 'not a valid email address'],
      [['set-admin', 'x@example.test', 'yes'], 2, 'true or false'],
      [['create-user', 'x@example.test'], 2, 'Usage:'],
      [['frobnicate'], 2, 'Unknown command "frobnicate"'],
      [['token', 'a@example.test', '--admin'], 2, 'Unknown option --admin'],
    ];
    const results = await Promise.all(cases.map(([args]) => cli(args)));
    cases.forEach(([args, code, text], i) => {
      expect({ args, code: results[i].code, stdout: results[i].stdout }).toEqual({ args, code, stdout: '' });
      expect(results[i].stderr).toContain(text);
    });
  }, 120_000);

  it('backs up the embedded database through the server and refuses to restore under it; PostgreSQL points to pg_dump', async () => {
    if (usePostgres) {
      for (const command of ['backup', 'restore']) {
        const r = await cli([command, backupFile()]);
        expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
        expect(r.stderr).toContain('pg_dump');
      }
      expect(fs.existsSync(backupFile())).toBe(false);
      return;
    }
    const backup = await cli(['backup', backupFile()]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up .+ to .+backup\.tar\.gz \(\d+ bytes\)\n$/);
    const written = fs.readFileSync(backupFile());
    expect([...written.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(fs.statSync(backupFile()).mode & 0o777).toBe(0o600);
    // Made after the backup: a restore takes the data back to before it.
    await s!.createUser({ email: 'after-backup@example.test' });

    const refused = await cli(['restore', backupFile()]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`A server (pid ${process.pid}) holds ${dataDir}: stop it`);
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('pgdata'))).toEqual(['pgdata']);
    expect((await s!.db.query('select 1 from users where email = $1', ['after-backup@example.test'])).rows).toHaveLength(1);
  }, 120_000);

  it('refuses the internal endpoint without the secret or through a proxy', async () => {
    if (usePostgres) {
      expect((await s!.api('POST', '/internal/operator', { body: { command: 'token', email: 'a@b.test' } })).status).toBe(404);
      return;
    }
    const { secret } = JSON.parse(fs.readFileSync(serverFile(), 'utf8'));
    const body = { command: 'token', email: 'ops@example.test' };
    expect((await s!.api('POST', '/internal/operator', { body, headers: { 'x-operator-secret': 'f'.repeat(64) } })).status).toBe(401);
    expect((await s!.api('POST', '/internal/operator', { body })).status).toBe(401);
    const proxied = await s!.api('POST', '/internal/operator', { body, headers: { 'x-operator-secret': secret, 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(404);
    const ok = await s!.api('POST', '/internal/operator', { body, headers: { 'x-operator-secret': secret } });
    expect(ok.status).toBe(200);
    expect(ok.json.token).toBeTruthy();
    const unknownField = await s!.api('POST', '/internal/operator', { body: { ...body, extra: 1 }, headers: { 'x-operator-secret': secret } });
    expect(unknownField.status).toBe(400);
  });
});

describe.skipIf(usePostgres)('after the server stops', () => {
  it('removes its server file; the CLI opens the database itself, and survives a stale file', async () => {
    await s!.close();
    s = null;
    expect(fs.existsSync(serverFile())).toBe(false);
    // A file left by a crashed server (its process is gone).
    fs.writeFileSync(serverFile(), JSON.stringify({ url: `http://127.0.0.1:${await freePort()}`, secret: 'x', pid: 2 ** 22 + 17 }), { mode: 0o600 });
    const token = await cli(['token', 'ops@example.test']);
    expect(token.stderr).toBe('');
    expect(token.code).toBe(0);
    expect(fs.existsSync(serverFile())).toBe(false);
  }, 120_000);

  it('restores a backup, keeping the replaced database aside, and refuses files that are no backup', async () => {
    const text = path.join(`${dataDir}-files`, 'notes.txt');
    fs.writeFileSync(text, 'not a backup');
    const gzipped = path.join(`${dataDir}-files`, 'other.tar.gz');
    fs.writeFileSync(gzipped, zlib.gzipSync(Buffer.from('not a database either')));
    for (const [file, why] of [[text, 'not a gzip file'], [gzipped, 'does not open as a database'], [path.join(dataDir, 'missing.tar.gz'), 'Cannot read']]) {
      const r = await cli(['restore', file]);
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: why === 'Cannot read' ? 1 : 2, stdout: '' });
      expect(r.stderr).toContain(why);
    }
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('pgdata'))).toEqual(['pgdata']);

    const restored = await cli(['restore', backupFile()]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${backupFile()} into ${path.join(dataDir, 'pgdata')}`);
    const kept = fs.readdirSync(dataDir).filter((f) => f.startsWith('pgdata.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(restored.stdout).toContain(path.join(dataDir, kept[0]));
    // The data of the backup: the user made before it is there, the one made after it is not.
    expect((await cli(['token', 'ops@example.test'])).code).toBe(0);
    const later = await cli(['token', 'after-backup@example.test']);
    expect(later.code).toBe(3);
  }, 180_000);
});
