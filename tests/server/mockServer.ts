/** The mock server as `npm run mock` starts it, on a random port, for tests that speak to it over HTTP. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The mock reads, never verifies, a JWT's claims: enough to name a caller. */
export function fakeJwt(claims: Record<string, unknown>) {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none' })}.${b64(claims)}.sig`;
}

export async function startMockServer(): Promise<{ base: string; child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/server.cjs'], {
    cwd: ROOT,
    env: { ...process.env, MOCK_PORT: '0', MOCK_LOG: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`mock-server did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`mock-server exited with ${code}:\n${out}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited; // the mock must stop on SIGTERM, not linger
  };
  return { base, child, stop };
}
