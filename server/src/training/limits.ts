import type { Queryable } from '../db/index.ts';
import { subscriptionsRepo } from '../repositories/subscriptions.ts';
import { trainingUsageRepo } from '../repositories/trainingUsage.ts';
import { webpagesRepo } from '../repositories/webpages.ts';

export interface TrainingLimits {
  maxWebpages: number;
  monthlyTrainingCycles: number;
  /** Page trainings per calendar month: every page of the plan may be trained `monthlyTrainingCycles` times. */
  monthlyPageBudget: number;
}

/** The organization's plan limits, read through its subscription (the trial plan if it has none). */
export async function trainingLimits(db: Queryable, organizationId: string): Promise<TrainingLimits> {
  const row = (await subscriptionsRepo.trainingPlanOf(db, organizationId)) ?? { max_webpages: 50, monthly_training_cycles: 3 };
  return {
    maxWebpages: row.max_webpages,
    monthlyTrainingCycles: row.monthly_training_cycles,
    monthlyPageBudget: row.max_webpages * row.monthly_training_cycles,
  };
}

export async function pagesTrainedThisMonth(db: Queryable, organizationId: string): Promise<number> {
  return trainingUsageRepo.pagesThisMonth(db, organizationId);
}

/** Takes one page training from this month's budget; false when the budget is used up. */
export async function reservePageTraining(db: Queryable, organizationId: string, budget: number): Promise<boolean> {
  if (budget <= 0) return false;
  return trainingUsageRepo.reservePage(db, organizationId, budget);
}

/**
 * The pages counted against the plan's maxWebpages: distinct page URLs of the organization. A page is
 * stored once per chatbot (migration 061), whichever website row or language led to it, so a site added
 * for a second language does not count its pages twice.
 */
export async function webpageCount(db: Queryable, organizationId: string): Promise<number> {
  return webpagesRepo.distinctUrlCount(db, organizationId);
}
