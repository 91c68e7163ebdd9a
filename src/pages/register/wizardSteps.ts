/**
 * Which wizard step to show and where each step lives. The state comes from the server (the user's profile,
 * whether the organization has a chatbot), so a reload shows the same step; the address only says which
 * of the reachable steps the user is looking at, so back and forward work.
 *
 * Before the chatbot exists the user is "not registered" and the wizard lives on /register?step=…;
 * afterwards on /register/<step> (routes that require registration, so the guard lets them stay).
 */
import type { ApiUser } from '../../../contract/api/account.ts';

/** Spec section 2: login data, personal data, train website, get started. */
export const STEP_LABELS = ['login', 'personal', 'website', 'start'] as const;
export type WizardStep = 'personal' | 'website' | 'start';
const STEPS: readonly WizardStep[] = ['personal', 'website', 'start'];

export const stepIndex = (step: WizardStep) => STEP_LABELS.indexOf(step);

type ProfileFields = Pick<ApiUser, 'firstName' | 'lastName' | 'company' | 'phone' | 'preferredLanguage'>;

export function profileComplete(user: ProfileFields | null | undefined): boolean {
  return !!user && [user.firstName, user.lastName, user.company, user.phone, user.preferredLanguage].every((v) => !!v?.trim());
}

const isStep = (s: string | null | undefined): s is WizardStep => !!s && (STEPS as readonly string[]).includes(s);

export function resolveStep(input: { registered: boolean; requested: string | null | undefined; profileComplete: boolean }): WizardStep {
  const { registered, requested, profileComplete: complete } = input;
  if (registered) return isStep(requested) ? requested : 'website';
  // Without a chatbot there is no "get started" yet, and the website needs the personal data first.
  if (!complete) return 'personal';
  return requested === 'personal' ? 'personal' : 'website';
}

export function stepHref(step: WizardStep, registered: boolean): string {
  return registered ? `/register/${step}` : `/register?step=${step}`;
}

export function previousStep(step: WizardStep): WizardStep | null {
  const i = STEPS.indexOf(step);
  return i > 0 ? STEPS[i - 1] : null;
}
