import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { startTestSite, waitFor } from './fakeServers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function runWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/worker.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited, output: () => output };
}

describe('npm run worker', () => {
  it('refuses the embedded database with a clear message', async () => {
    const w = runWorker({ DATA_DIR: '/tmp/never-used-by-worker-test' });
    expect(await w.exited).toBe(1);
    expect(w.output()).toMatch(/needs DATABASE_URL/);
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('against PostgreSQL', () => {
    let s: TestServer;
    let site: Awaited<ReturnType<typeof startTestSite>>;
    let worker: ReturnType<typeof runWorker> | null = null;
    afterAll(async () => {
      worker?.child.kill('SIGTERM');
      if (worker) await worker.exited;
      await s?.close();
      await site?.close();
    });

    it('runs the initial setup that an API server without workers queued', async () => {
      [s, site] = await Promise.all([startTestServer({ RUN_WORKERS: 'false' }), startTestSite()]);
      const { user, token } = await s.createUser();
      const r = await s.api('POST', '/api/v1/chatbots', { token, body: { organizationId: user.organization_id, url: `127.0.0.1:${site.port}`, lang: 'de' } });
      expect(r.status).toBe(201);
      // The setup is queued before the answer (the signal to wait for is already there), and with no worker
      // yet nobody has taken it: still created, the chatbot still pending.
      const queued = await s.db.query<{ state: string }>(`select state from pgboss.job where name = 'initial-setup' and data->>'chatbotId' = $1`, [r.json.id]);
      expect(queued.rows).toEqual([{ state: 'created' }]);
      expect((await s.api('GET', `/api/v1/chatbots/${r.json.id}/verify`, { token })).json.initialSetup).toBe('pending');
      worker = runWorker({ DATABASE_URL: s.config.DATABASE_URL!, CRAWL_ALLOW_PRIVATE: 'true' });
      const done = await waitFor(async () => {
        const v = await s.api('GET', `/api/v1/chatbots/${r.json.id}/verify`, { token });
        return v.json.initialSetup === 'completed' || v.json.initialSetup === 'failed' ? v.json : null;
      }, 30_000, 200);
      expect(done.initialSetup, worker.output()).toBe('completed');
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    });
  });
});
