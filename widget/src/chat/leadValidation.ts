/** The lead form's checks: the contract's rules, which the server applies again. */
import { LEAD_EMAIL_RE } from '../../../contract/lead.ts';
import { isValidPhone } from '../../../contract/phone.ts';
import type { UiConfig } from '../shared/config.ts';
import type { WidgetTexts } from '../shared/texts.ts';

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
    } else if (field === 'email' && !LEAD_EMAIL_RE.test(v)) errors[field] = texts.invalidEmail;
    else if (field === 'phoneNumber' && !isValidPhone(v)) errors[field] = texts.invalidPhone;
  }
  if (!consent) errors.consent = texts.consentRequired;
  return errors;
}
