import type { Queryable } from '../db/index.ts';

/** Page trainings per organization and calendar month; the budget rule is training/limits.ts. */
export const trainingUsageRepo = {
  async pagesThisMonth(db: Queryable, organizationId: string): Promise<number> {
    const r = await db.query<{ pages: number }>(
      `select pages from training_usage where organization_id = $1 and month = date_trunc('month', now())::date`,
      [organizationId],
    );
    return r.rows[0]?.pages ?? 0;
  },
  /** Counts one page training while this month's count is below `budget`; false when it is not. */
  async reservePage(db: Queryable, organizationId: string, budget: number): Promise<boolean> {
    const r = await db.query(
      `insert into training_usage (organization_id, month, pages) values ($1, date_trunc('month', now())::date, 1)
       on conflict (organization_id, month) do update set pages = training_usage.pages + 1
        where training_usage.pages < $2
       returning pages`,
      [organizationId, budget],
    );
    return r.rowCount > 0;
  },
};
