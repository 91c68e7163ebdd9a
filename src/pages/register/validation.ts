/**
 * Field rules of the registration wizard and the profile (spec section 5). Each rule answers with the
 * i18n key of the message shown at the field, or undefined when the value is fine.
 */
import { normalizeChatbotUrl } from '../../lib/url.ts';

/**
 * The server's PHONE_RE (server/src/schemas/contract.ts), repeated here so the dashboard does not bundle
 * zod with the contract; tests/unit/onboarding-validation.test.ts checks that both agree.
 */
export const PHONE_RE = /^\+?[0-9 ()/.-]{6,24}$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const REQUIRED = 'register.validation.required';

/** A phone number: digits with an optional leading +, spaces, brackets, dots, slashes or dashes; 6+ digits. */
export function isValidPhone(input: string): boolean {
  const v = input.trim();
  return PHONE_RE.test(v) && v.replace(/\D/g, '').length >= 6 && v.replace(/\D/g, '').length <= 15;
}

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

/** The website rule of src/lib/url.ts as a field message; ok gives the https address to send. */
export function validateWebsite(input: string): { url: string; error?: undefined } | { url?: undefined; error: string } {
  const r = normalizeChatbotUrl(input);
  if (r.ok) return { url: r.url };
  return { error: `errors.url.${r.reason}` };
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
