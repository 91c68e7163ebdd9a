import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { Db } from '../db/index.ts';
import { BEAT_SECONDS, processesRepo, type OrphanRow, type ProcessRow } from './processesRepo.ts';
import { processAlive } from '../processAlive.ts';

export type GivenUpJob = OrphanRow;

export interface Recovery {
  readonly processId: string;
  /** Records that this process runs the job pg-boss just handed it. */
  claim(queue: string, jobId: string): Promise<void>;
  release(jobId: string): Promise<void>;
  /** One round: retries the jobs of dead processes. Runs every BEAT_SECONDS on its own. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

function pidNamespace() {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return null; // not Linux: only the heartbeat tells
  }
}

/**
 * Jobs of a process that died are retried by a live one within a minute, never after pg-boss's long
 * expiry. Each job-running process beats in job_processes and records the attempts it runs in job_runs;
 * a process is dead when it stopped beating (STALE_SECONDS), or at once when it ran on this host in this
 * pid namespace and its pid is gone. A job running in a live process is never taken away: recovery only
 * touches the attempt it saw (pg-boss's started_on). With the embedded database there is one process,
 * so at its start every active job is orphaned.
 */
export async function startRecovery(
  db: Db,
  opts: { everythingActiveAtStart: boolean; onGiveUp: (job: GivenUpJob) => Promise<void>; log: (message: string) => void },
): Promise<Recovery> {
  const me: ProcessRow = { id: randomUUID(), host: os.hostname(), pid: process.pid, pid_namespace: pidNamespace() };
  await processesRepo.register(db, me);

  const goneHere = (p: ProcessRow) =>
    p.host === me.host && !!me.pid_namespace && p.pid_namespace === me.pid_namespace && (p.pid === me.pid || !processAlive(p.pid));

  const recoverAll = async (dead: string[], everything: boolean) => {
    for (const orphan of await processesRepo.orphans(db, dead, everything)) {
      const outcome = await processesRepo.recover(db, orphan);
      if (outcome) opts.log(`job ${orphan.name} ${orphan.id} of a stopped process: ${outcome === 'retry' ? 'retried' : 'failed after repeated crashes'}`);
      if (outcome === 'failed') await opts.onGiveUp(orphan);
    }
    await processesRepo.remove(db, dead);
  };

  const sweep = async () => {
    const others = await processesRepo.others(db, me.id);
    await recoverAll(others.filter((p) => p.stale || goneHere(p)).map((p) => p.id), false);
  };

  if (opts.everythingActiveAtStart) {
    const others = await processesRepo.others(db, me.id);
    await recoverAll(others.map((p) => p.id), true);
  } else await sweep();

  let running: Promise<void> | null = null;
  const tick = async () => {
    if (!(await processesRepo.beat(db, me.id))) {
      // Declared dead while alive (a stalled event loop): its jobs may run twice now; come back to life.
      opts.log('this process missed its heartbeats; its running jobs may have been retried elsewhere');
      await processesRepo.register(db, me);
    }
    await sweep();
  };
  const timer = setInterval(() => {
    running ??= tick()
      .catch((e: Error) => opts.log(`job recovery: ${e.message}`))
      .finally(() => (running = null));
  }, BEAT_SECONDS * 1000);
  timer.unref();

  return {
    processId: me.id,
    claim: (queue, jobId) => processesRepo.claim(db, me.id, queue, jobId),
    release: (jobId) => processesRepo.release(db, me.id, jobId),
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
      // Jobs still running after the graceful stop's wait are handed back now, not after the unclaimed grace.
      await recoverAll([me.id], false);
    },
  };
}
