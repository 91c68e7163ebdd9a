import type { PlanLimits } from '../../contract/api/account.ts';
import { useTranslate } from 'react-admin';
import { useUserLookup } from '../providers/userStore.ts';
import { planLabel } from '../lib/planName.ts';

export type PlanFeature = 'stylingAllowed' | 'contactCollectionAllowed' | 'brandingRemovalAllowed';

/**
 * The signed-in customer's plan and its limits, from the user lookup the route guard loaded.
 * `allows(feature)` is false while nothing is loaded, so locked screens never flash open.
 * The server enforces every limit as well; this only decides what the screens offer.
 */
export function usePlanLimits() {
  const translate = useTranslate();
  const lookup = useUserLookup();
  const subscription = lookup?.subscription ?? null;
  const limits: PlanLimits | null = subscription?.limits ?? null;
  return {
    loaded: lookup !== undefined,
    subscription,
    /** In the interface language (lib/planName.ts). */
    planName: subscription ? planLabel(translate, subscription) : null,
    limits,
    valid: subscription?.valid ?? false,
    allows: (feature: PlanFeature) => !!limits?.[feature],
    /** Whether `current` items already use up a numeric limit (languages, webpages…). */
    reached: (limit: 'maxLanguages' | 'maxWebpages' | 'monthlyTrainingCycles' | 'monthlyMessages', current: number) =>
      !limits || current >= limits[limit],
  };
}
