/**
 * Time from `node --import tsx server/src/main.ts` to GET /health answering ok: on an empty data folder
 * (PGlite creates its cluster, migrations run, keys are made) and again on the same, now filled, folder.
 * The dashboard build (`npm start` builds first when dist/ is stale) is not part of this figure.
 * Usage: npm run bench -- startup   (STARTUP_RUNS=3 to change)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, round1 } from './_load.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.STARTUP_RUNS ?? 3);

/** Starts the server, waits for /health, stops it gracefully; returns milliseconds to ready. */
async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`server exited before it was ready:\n${stderr}`);
      if (performance.now() - started > 120_000) throw new Error('server not ready after 120 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok && ((await res.json()) as { status?: string }).status === 'ok') return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    if (!exited) {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await done;
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const empty: number[] = [];
const restart: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
  try {
    empty.push(await timeToHealthy(dir));
    restart.push(await timeToHealthy(dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`run ${i + 1}: empty data folder ${Math.round(empty[i])} ms, restart on it ${Math.round(restart[i])} ms`);
}
console.log(`median of ${RUNS}: empty ${Math.round(median(empty))} ms, restart ${Math.round(median(restart))} ms (load average ${os.loadavg()[0].toFixed(1)})`);
console.log(JSON.stringify({ bench: 'startup', n: RUNS, empty_ms: round1(median(empty)), restart_ms: round1(median(restart)) }));
