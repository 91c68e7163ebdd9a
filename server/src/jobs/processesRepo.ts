import type { Queryable } from '../db/index.ts';

/** pg-boss's schema (its default). */
const BOSS = 'pgboss';

export interface ProcessRow {
  id: string;
  host: string;
  pid: number;
  pid_namespace: string | null;
}

/** An active job no live process vouches for; started_on (as text, exact) guards against a newer attempt. */
export interface OrphanRow {
  id: string;
  name: string;
  started_on: string;
  data: unknown;
}

/** SQL of the job processes' heartbeats (job_processes), their jobs (job_runs) and the recovery of orphaned jobs. */
export const processesRepo = {
  async register(db: Queryable, p: ProcessRow) {
    await db.query(
      `insert into job_processes (id, host, pid, pid_namespace) values ($1, $2, $3, $4)
       on conflict (id) do update set last_beat = now()`,
      [p.id, p.host, p.pid, p.pid_namespace],
    );
  },
  /** False when another process has declared this one dead and removed its row. */
  async beat(db: Queryable, id: string) {
    return (await db.query('update job_processes set last_beat = now() where id = $1', [id])).rowCount > 0;
  },
  async remove(db: Queryable, ids: string[]) {
    if (!ids.length) return;
    await db.query('delete from job_runs where process_id = any($1::uuid[])', [ids]);
    await db.query('delete from job_processes where id = any($1::uuid[])', [ids]);
  },
  /** Other processes' rows: the caller decides which of them are gone. */
  async others(db: Queryable, id: string) {
    return (await db.query<ProcessRow & { stale: boolean }>(
      `select id, host, pid, pid_namespace, last_beat < now() - make_interval(secs => $2) as stale from job_processes where id <> $1`,
      [id, STALE_SECONDS],
    )).rows;
  },
  /** Records that `processId` runs this attempt of the job (the one pg-boss just made active). */
  async claim(db: Queryable, processId: string, queue: string, jobId: string) {
    await db.query(
      `insert into job_runs (job_id, queue, process_id, job_started_on)
       select id, name, $3, started_on from ${BOSS}.job where name = $1 and id = $2 and state = 'active'
       on conflict (job_id) do update set queue = excluded.queue, process_id = excluded.process_id, job_started_on = excluded.job_started_on`,
      [queue, jobId, processId],
    );
  },
  async release(db: Queryable, processId: string, jobId: string) {
    await db.query('delete from job_runs where job_id = $1 and process_id = $2', [jobId, processId]);
  },
  /**
   * Active jobs whose attempt belongs to one of `dead`, or to no known process: recorded with a process
   * row that is gone, or recorded with none at all for longer than a claim can take (the process died
   * between pg-boss's fetch and its claim). `everything`: every active job (one embedded database, one
   * process: at its start nothing can still be running).
   */
  async orphans(db: Queryable, dead: string[], everything: boolean) {
    return (await db.query<OrphanRow>(
      `select j.id, j.name, j.started_on::text as started_on, j.data
         from ${BOSS}.job j
         left join job_runs r on r.job_id = j.id and r.job_started_on = j.started_on
         left join job_processes p on p.id = r.process_id
        where j.state = 'active'
          and ($2 or r.process_id = any($1::uuid[])
               or (r.job_id is not null and p.id is null)
               or (r.job_id is null and j.started_on < now() - make_interval(secs => $3)))`,
      [dead, everything, UNCLAIMED_SECONDS],
    )).rows;
  },
  /**
   * Hands an orphaned attempt back to pg-boss: retried at once (a crash is no failure of the job, so a
   * few more attempts than its retry limit are allowed), or failed when it keeps dying. Only if it is still
   * that attempt: a job another process has taken meanwhile keeps running there. A retry that collides
   * with a waiting copy of a singleton or stately job fails this one instead (the copy runs).
   */
  async recover(db: Queryable, o: OrphanRow): Promise<'retry' | 'failed' | null> {
    const set = (state: string) =>
      db.query<{ state: 'retry' | 'failed' }>(
        `update ${BOSS}.job set state = ${state}, start_after = now(),
            completed_on = case when ${state} = 'failed'::${BOSS}.job_state then now() end,
            output = jsonb_build_object('message', 'The process running this job stopped')
          where name = $1 and id = $2 and state = 'active' and started_on = $3::timestamptz
          returning state::text as state`,
        [o.name, o.id, o.started_on],
      );
    const retryOrFail = `(case when retry_count < retry_limit + ${EXTRA_ATTEMPTS} then 'retry' else 'failed' end)::${BOSS}.job_state`;
    try {
      return (await set(retryOrFail)).rows[0]?.state ?? null;
    } catch (e) {
      if ((e as { code?: string }).code !== '23505') throw e;
      return (await set(`'failed'::${BOSS}.job_state`)).rows[0]?.state ?? null;
    }
  },
};

/** A process whose last beat is older than this is dead (it beats every BEAT_SECONDS). */
export const STALE_SECONDS = 40;
export const BEAT_SECONDS = 10;
/** An active job without any claim after this long lost its process between fetch and claim. */
const UNCLAIMED_SECONDS = 120;
/** Crashes a job may live through beyond its own retry limit before it counts as failed. */
const EXTRA_ATTEMPTS = 3;
