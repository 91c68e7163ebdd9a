import fs from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Closed-loop HTTP load from a worker thread: `concurrency` clients each send their next request as soon as
 * the previous one is answered, until `n` requests are done. The server under test keeps the main thread,
 * so client and server do not share an event loop. Returns each request's latency in ms.
 */
export interface LoadResult {
  latencies: number[];
  errors: number;
  statuses: Record<string, number>;
  wallMs: number;
}

/** The load generators' HTTP client, for their worker threads to require (see the file). */
export const HTTP_CLIENT = fileURLToPath(new URL('./_httpClient.cjs', import.meta.url));

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, n, concurrency, warmup, httpClient } = workerData;
const request = require(httpClient).createClient(concurrency);
async function one() {
  const t = performance.now();
  try {
    const res = await request(url, { headers });
    return { ms: performance.now() - t, status: res.status };
  } catch (e) {
    return { ms: performance.now() - t, status: 'error' };
  }
}
(async () => {
  for (let i = 0; i < warmup; i++) await one();
  const latencies = [];
  const statuses = {};
  let next = 0;
  const start = performance.now();
  async function client() {
    while (next < n) {
      next++;
      const r = await one();
      latencies.push(r.ms);
      statuses[r.status] = (statuses[r.status] || 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client));
  parentPort.postMessage({ latencies, statuses, wallMs: performance.now() - start });
})();
`;

export function runLoad(opts: { url: string; headers?: Record<string, string>; n: number; concurrency: number; warmup?: number }): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { url: opts.url, headers: opts.headers ?? {}, n: opts.n, concurrency: opts.concurrency, warmup: opts.warmup ?? 100, httpClient: HTTP_CLIENT },
    });
    worker.once('message', (m: { latencies: number[]; statuses: Record<string, number>; wallMs: number }) => {
      const errors = Object.entries(m.statuses)
        .filter(([s]) => s !== '200')
        .reduce((a, [, c]) => a + c, 0);
      resolve({ latencies: m.latencies, errors, statuses: m.statuses, wallMs: m.wallMs });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Nearest-rank percentile of unsorted numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export const round1 = (x: number) => Math.round(x * 10) / 10;

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * CPU time (ms) the local PostgreSQL server's processes have used so far, from /proc (Linux; 0 elsewhere or
 * for a remote database). The difference over a run is the database's share of the work.
 */
/** CPU time (ms) one process (or `self/task/TID`, one thread) has used so far, from /proc (0 when it is gone or elsewhere than on Linux). */
export function processCpuMs(pid: number | string): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime; USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

export function postgresCpuMs(): number {
  let dirs: string[];
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  return processesCpuMs(dirs, 'postgres');
}

/**
 * CPU time (ms) the processes `pids` (those whose name starts with `named`, when given) have used so far, from
 * /proc: a local PostgreSQL backend's share of a run when its pid is known (`pg_backend_pid()`).
 */
export function processesCpuMs(pids: (number | string)[], named = ''): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith(named)) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of proc(5))
    } catch {
      // the process ended between listing and reading (or runs on another machine)
    }
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** CPU time (ms) a thread of this process has used so far: the thread whose id is the process's is its main thread. */
export function threadCpuMs(tid: number): number {
  return processCpuMs(`self/task/${tid}`);
}
