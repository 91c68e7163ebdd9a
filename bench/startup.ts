/**
 * Time from starting the server to GET /health answering ok: on an empty data folder (the built server copies
 * its start template; the sources let PGlite create its cluster and run every migration) and again on the same,
 * now filled, folder. Both ways are measured, alternately so they share the machine's load: the built server
 * (`node dist-server/main.js`, what `npm start` runs; built first if a source changed) and the sources through tsx.
 * Also the CPU time the process used until then (all its threads, from /proc), which a busy machine disturbs less.
 * The dashboard and server builds are not part of these figures.
 * Usage: npm run bench -- startup   (STARTUP_RUNS=3 to change)
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, round1 } from './_load.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const WAYS = {
  built: ['dist-server/main.js'],
  sources: ['--import', 'tsx', 'server/src/main.ts'],
} as const;
type Way = keyof typeof WAYS;

/** CPU milliseconds a process used so far, all threads (utime + stime of /proc/PID/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts the server, waits for /health, stops it gracefully; returns milliseconds to ready and CPU used by then. */
async function timeToHealthy(way: Way, dataDir: string): Promise<{ ms: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...WAYS[way]], {
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
        if (res.ok && ((await res.json()) as { status?: string }).status === 'ok') return { ms: performance.now() - started, cpu: cpuMs(child.pid!) };
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

execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-needed.mjs')], { cwd: ROOT, stdio: 'inherit' });
const figures = Object.fromEntries(
  (Object.keys(WAYS) as Way[]).map((w) => [w, { empty: [] as number[], restart: [] as number[], emptyCpu: [] as number[], restartCpu: [] as number[] }]),
);
for (let i = 0; i < RUNS; i++) {
  for (const way of Object.keys(WAYS) as Way[]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
    const f = figures[way];
    try {
      const empty = await timeToHealthy(way, dir);
      const restart = await timeToHealthy(way, dir);
      f.empty.push(empty.ms);
      f.emptyCpu.push(empty.cpu);
      f.restart.push(restart.ms);
      f.restartCpu.push(restart.cpu);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    console.log(
      `run ${i + 1}, ${way}: empty data folder ${Math.round(f.empty[i])} ms (CPU ${f.emptyCpu[i]} ms), ` +
        `restart on it ${Math.round(f.restart[i])} ms (CPU ${f.restartCpu[i]} ms)`,
    );
  }
}
const { built, sources } = figures;
console.log(
  `median of ${RUNS}: built empty ${Math.round(median(built.empty))} ms, restart ${Math.round(median(built.restart))} ms; ` +
    `sources empty ${Math.round(median(sources.empty))} ms, restart ${Math.round(median(sources.restart))} ms (load average ${os.loadavg()[0].toFixed(1)})`,
);
console.log(
  JSON.stringify({
    bench: 'startup',
    n: RUNS,
    empty_ms: round1(median(built.empty)),
    restart_ms: round1(median(built.restart)),
    empty_cpu_ms: median(built.emptyCpu),
    restart_cpu_ms: median(built.restartCpu),
    sources_empty_ms: round1(median(sources.empty)),
    sources_restart_ms: round1(median(sources.restart)),
    sources_empty_cpu_ms: median(sources.emptyCpu),
    sources_restart_cpu_ms: median(sources.restartCpu),
    load_average: Number(os.loadavg()[0].toFixed(1)),
  }),
);
