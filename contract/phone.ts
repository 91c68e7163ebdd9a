/**
 * The phone number rule of the registration wizard, the profile, handover contacts and the widget's lead form.
 * Zod-free: the widget bundles it.
 *
 * Digits with an optional leading '+' and the separators people type (spaces, brackets, dots, slashes, dashes);
 * 6 to 15 digits, 15 being E.164's longest number (country code included).
 * The pattern is not exported: on its own it misses the digit count, which is how the copies drifted apart.
 */
const PHONE_RE = /^\+?[0-9 ()/.-]{6,24}$/;
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;

export function isValidPhone(input: string): boolean {
  const v = input.trim();
  const digits = v.replace(/\D/g, '').length;
  return PHONE_RE.test(v) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}
