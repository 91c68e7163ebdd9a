/** The lead form's checks, the same rules as the server's (which checks again). */
import type { UiConfig } from '../shared/config.ts';
import type { WidgetTexts } from '../shared/texts.ts';

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const PHONE_RE = /^\+?[0-9 ()/.-]{6,24}$/;

export function validateLead(
  form: UiConfig['leadForm'],
  values: Record<string, string>,
  consent: boolean,
  texts: WidgetTexts,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(form)) {
    if (!rule.enabled) continue;
    const v = (values[field] ?? '').trim();
    if (!v) {
      if (rule.required) errors[field] = texts.required;
    } else if (field === 'email' && !EMAIL_RE.test(v)) errors[field] = texts.invalidEmail;
    else if (field === 'phoneNumber' && (!PHONE_RE.test(v) || v.replace(/\D/g, '').length < 6)) errors[field] = texts.invalidPhone;
  }
  if (!consent) errors.consent = texts.consentRequired;
  return errors;
}
