import type { TranslateFunction } from 'react-admin';

/**
 * A plan's name in the interface language: the catalogue names the known plans by id (profile.plans.trial is
 * "Testphase" in German, not the server's "Trial"); a plan the catalogue does not know keeps the server's name.
 */
export function planLabel(translate: TranslateFunction, plan: { planId: string; planName: string }): string {
  return translate(`profile.plans.${plan.planId}`, { _: plan.planName });
}
