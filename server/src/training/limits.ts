import type { Queryable } from '../db/index.ts';

export interface TrainingLimits {
  maxWebpages: number;
  monthlyTrainingCycles: number;
  /** Page trainings per calendar month: every page of the plan may be trained `monthlyTrainingCycles` times. */
  monthlyPageBudget: number;
}

/** The organization's plan limits, read through its subscription (the trial plan if it has none). */
export async function trainingLimits(db: Queryable, organizationId: string): Promise<TrainingLimits> {
  const r = await db.query<{ max_webpages: number; monthly_training_cycles: number }>(
    `select p.max_webpages, p.monthly_training_cycles
       from plans p
       left join subscriptions s on s.plan_id = p.id and s.organization_id = $1
      where s.organization_id is not null or p.id = 'trial'
      order by (s.organization_id is null) limit 1`,
    [organizationId],
  );
  const row = r.rows[0] ?? { max_webpages: 50, monthly_training_cycles: 3 };
  return {
    maxWebpages: row.max_webpages,
    monthlyTrainingCycles: row.monthly_training_cycles,
    monthlyPageBudget: row.max_webpages * row.monthly_training_cycles,
  };
}

export async function pagesTrainedThisMonth(db: Queryable, organizationId: string): Promise<number> {
  const r = await db.query<{ pages: number }>(
    `select pages from training_usage where organization_id = $1 and month = date_trunc('month', now())::date`,
    [organizationId],
  );
  return r.rows[0]?.pages ?? 0;
}

/** Takes one page training from this month's budget; false when the budget is used up. */
export async function reservePageTraining(db: Queryable, organizationId: string, budget: number): Promise<boolean> {
  if (budget <= 0) return false;
  const r = await db.query(
    `insert into training_usage (organization_id, month, pages) values ($1, date_trunc('month', now())::date, 1)
     on conflict (organization_id, month) do update set pages = training_usage.pages + 1
      where training_usage.pages < $2
     returning pages`,
    [organizationId, budget],
  );
  return r.rowCount > 0;
}

/**
 * The pages counted against the plan's maxWebpages: distinct page URLs of the organization. A page is
 * stored once per chatbot (migration 061), whichever website row or language led to it, so a site added
 * for a second language does not count its pages twice.
 */
export async function webpageCount(db: Queryable, organizationId: string): Promise<number> {
  const r = await db.query<{ n: number }>('select count(distinct url)::int as n from webpages where organization_id = $1', [organizationId]);
  return r.rows[0].n;
}
