/**
 * The widget's UI configuration as the dashboard edits it. The type and the limits are the contract's
 * (type-only import of the schema, so zod stays out of the bundle).
 */
import type { UiConfig } from '../../../contract/api/uiConfig.ts';
import { isCssColor } from '../../../contract/cssColor.ts';
import { LEAD_FIELDS, type LeadField } from '../../../contract/lead.ts';
import { COLOR_KEYS as CONTRACT_COLOR_KEYS, MAX_RECOMMENDED_MESSAGES, TEXT_LIMITS, TRIGGER_COUNT_MAX, type ColorKey } from '../../../contract/uiConfig.ts';

export type { UiConfig, ColorKey };
export { LEAD_FIELDS, type LeadField, MAX_RECOMMENDED_MESSAGES, TEXT_LIMITS, TRIGGER_COUNT_MAX };
/** A copy the form may order as it likes. */
export const COLOR_KEYS: ColorKey[] = [...CONTRACT_COLOR_KEYS];

export interface UiConfigRecord {
  id: string;
  chatbotId: string;
  lang: string;
  config: UiConfig;
  defaults: UiConfig;
  locks: { styling: boolean; contactCollection: boolean; brandingRemoval: boolean };
}

/** Field path (as the server reports it, e.g. "colors.header") → i18n key of the message. */
export type FieldErrors = Record<string, string>;

/** The checks the server makes, run before saving so the customer sees them at the field at once. */
export function validateUiConfig(c: UiConfig): FieldErrors {
  const errors: FieldErrors = {};
  const tooLong = (path: string, value: string, max: number) => {
    if (value.trim().length > max) errors[path] = 'uiconfig.validation.tooLong';
  };
  if (!c.title.trim()) errors.title = 'uiconfig.validation.required';
  for (const key of ['title', 'introHeading', 'subHeading', 'startMessage', 'placeholderText', 'chatbotToggleText', 'consentText'] as const)
    tooLong(key, c[key], TEXT_LIMITS[key]);
  c.recommendedMessages.forEach((m, i) => {
    if (!m.trim()) errors[`recommendedMessages.${i}`] = 'uiconfig.validation.required';
    else tooLong(`recommendedMessages.${i}`, m, TEXT_LIMITS.recommendedMessage);
  });
  if (c.recommendedMessages.length > MAX_RECOMMENDED_MESSAGES) errors.recommendedMessages = 'uiconfig.validation.tooMany';
  for (const key of COLOR_KEYS) if (!isCssColor(c.colors[key])) errors[`colors.${key}`] = 'uiconfig.validation.color';
  for (const f of LEAD_FIELDS) {
    tooLong(`leadForm.${f}.description`, c.leadForm[f].description, TEXT_LIMITS.leadDescription);
    if (c.leadForm[f].required && !c.leadForm[f].enabled) errors[`leadForm.${f}.required`] = 'uiconfig.validation.requiredNeedsEnabled';
  }
  if (c.collectContacts && !LEAD_FIELDS.some((f) => c.leadForm[f].enabled)) errors.leadForm = 'uiconfig.validation.oneField';
  const n = c.leadFormTriggerCount;
  if (!Number.isInteger(n) || n < 0 || n > TRIGGER_COUNT_MAX) errors.leadFormTriggerCount = 'uiconfig.validation.triggerCount';
  return errors;
}

/** The server's 400 details ([{ path, code, message }]) as field errors; unknown shapes give none. */
export function serverFieldErrors(details: unknown): FieldErrors {
  if (!Array.isArray(details)) return {};
  const out: FieldErrors = {};
  for (const d of details) {
    if (!d || typeof d !== 'object' || typeof (d as { path?: unknown }).path !== 'string') continue;
    const { path, code, message } = d as { path: string; code?: string; message?: string };
    out[path || 'form'] = serverMessageKey(code, message);
  }
  return out;
}

function serverMessageKey(code?: string, message?: string): string {
  if (message === 'invalid CSS color') return 'uiconfig.validation.color';
  if (message?.includes('required field must be enabled')) return 'uiconfig.validation.requiredNeedsEnabled';
  if (message?.includes('at least one field')) return 'uiconfig.validation.oneField';
  if (code === 'too_big') return 'uiconfig.validation.tooLong';
  if (code === 'too_small') return 'uiconfig.validation.required';
  return 'uiconfig.validation.invalid';
}

/** Errors of one field or of anything below it (a tab shows a mark when one of its fields is wrong). */
export const errorsUnder = (errors: FieldErrors, prefixes: string[]) =>
  Object.keys(errors).some((p) => prefixes.some((x) => p === x || p.startsWith(`${x}.`)));

/** <input type=color> needs #rrggbb: short hex is expanded, other valid colors are left to the text field. */
export function toHexColor(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  const m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  return m ? `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}` : null;
}
