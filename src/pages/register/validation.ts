/**
 * Field rules of the registration wizard and the profile (spec section 5). Each rule answers with the
 * i18n key of the message shown at the field, or undefined when the value is fine.
 */
import { normalizeChatbotUrl, type UrlProblem } from '../../../contract/chatbotUrl.ts';
import { isValidPhone } from '../../../contract/phone.ts';

// The wizard's forms take the phone rule from here with the other field rules.
export { isValidPhone };

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const REQUIRED = 'register.validation.required';

export interface PersonalValues {
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  preferredLanguage: string;
}
export type PersonalField = keyof PersonalValues;

export function validateNames(v: Pick<PersonalValues, 'firstName' | 'lastName' | 'company'>): FieldErrors<'firstName' | 'lastName' | 'company'> {
  const e: FieldErrors<'firstName' | 'lastName' | 'company'> = {};
  if (!v.firstName.trim()) e.firstName = REQUIRED;
  else if (v.firstName.trim().length > 100) e.firstName = 'register.validation.tooLong';
  if (!v.lastName.trim()) e.lastName = REQUIRED;
  else if (v.lastName.trim().length > 100) e.lastName = 'register.validation.tooLong';
  if (!v.company.trim()) e.company = REQUIRED;
  else if (v.company.trim().length > 200) e.company = 'register.validation.tooLong';
  return e;
}

export function validatePersonal(v: PersonalValues): FieldErrors<PersonalField> {
  const e: FieldErrors<PersonalField> = validateNames(v);
  if (!v.phone.trim()) e.phone = REQUIRED;
  else if (!isValidPhone(v.phone)) e.phone = 'register.validation.phone';
  if (!v.preferredLanguage) e.preferredLanguage = REQUIRED;
  return e;
}

/** The i18n key of each problem of the URL rule (errors.url.*; the API's code 'required' reads "empty" there). */
const URL_ERROR_KEYS: Record<UrlProblem, string> = { required: 'errors.url.empty', hash: 'errors.url.hash', invalid: 'errors.url.invalid' };

/** The website rule (contract/chatbotUrl.ts) as a field message; ok gives the https address to send. */
export function validateWebsite(input: string): { url: string; error?: undefined } | { url?: undefined; error: string } {
  const r = normalizeChatbotUrl(input);
  if (r.ok) return { url: r.url };
  return { error: URL_ERROR_KEYS[r.problem] };
}

/** Server field errors (400 ValidationFailed details) mapped onto the form's fields. */
export function serverFieldErrors<K extends string>(details: unknown, fields: readonly K[]): FieldErrors<K> {
  const e: FieldErrors<K> = {};
  if (!Array.isArray(details)) return e;
  for (const d of details as { path?: string; message?: string }[]) {
    const field = fields.find((f) => f === d?.path);
    if (!field) continue;
    e[field] = field === ('phone' as K) ? 'register.validation.phone' : field === ('url' as K) ? 'errors.url.invalid' : 'register.validation.invalid';
  }
  return e;
}
