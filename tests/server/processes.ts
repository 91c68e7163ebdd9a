/**
 * The product as separate operating-system processes, the way it scales out: API processes
 * (`server/src/main.ts`) and `npm run worker` processes (`server/src/worker.ts`) started with their own
 * environment. Used by the scale-out test and bench; no test framework in here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ProductProcess {
  kind: 'api' | 'worker';
  child: ChildProcess;
  /** API processes only. */
  port: number;
  url: string;
  /** What it wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  alive(): boolean;
  /** SIGTERM (the graceful shutdown), SIGKILL if it has not ended after `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
}

// Whatever ends the test run, no product process outlives it.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});

function start(kind: 'api' | 'worker', entry: string, env: Record<string, string>, port = 0): ProductProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    // Only what is given: nothing of the test runner's own environment (DATABASE_URL, PORT…) leaks in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  return {
    kind,
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    alive: () => !ended,
    async stop(graceMs = 25_000) {
      if (ended) return exited;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(force);
      return code;
    },
  };
}

/** An API process on a free port; `env` must name DATABASE_URL (and usually RUN_WORKERS=false). */
export async function startApiProcess(env: Record<string, string>): Promise<ProductProcess> {
  const port = await freePort();
  return start('api', 'server/src/main.ts', { HOST: '127.0.0.1', PORT: String(port), ...env }, port);
}

/** An `npm run worker` process. */
export function startWorkerProcess(env: Record<string, string>): ProductProcess {
  return start('worker', 'server/src/worker.ts', env);
}

/**
 * Resolves once the process is ready: an API process answers /health, a worker has said "worker ready".
 * Rejects as soon as the process ends instead, with what it wrote.
 */
export function ready(p: ProductProcess, timeoutMs = 150_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      p.child.stdout!.off('data', onData);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => settle(new Error(`${p.kind} process not ready after ${timeoutMs} ms:\n${p.output()}`)), timeoutMs);
    void p.exited.then((code) => settle(new Error(`${p.kind} process ended with ${code} before it was ready:\n${p.output()}`)));
    const onData = () => {
      if (p.kind === 'worker' && p.output().includes('worker ready')) settle();
    };
    p.child.stdout!.on('data', onData);
    onData();
    if (p.kind !== 'api') return;
    // The listening socket is the signal; until it is open a request is refused at once, so ask again.
    const probe = async () => {
      while (!settled) {
        try {
          const res = await fetch(`${p.url}/health`);
          await res.arrayBuffer();
          if (res.ok) return settle();
        } catch {
          /* not listening yet */
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    void probe();
  });
}
