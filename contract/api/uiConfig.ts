/**
 * The widget's UI configuration: the stored config (GET answers, the public config) and the PUT body.
 * Limits come from contract/uiConfig.ts, which the dashboard's form shares.
 */
import { z } from 'zod';
import { LEAD_FIELDS, type LeadField } from '../lead.ts';
import { COLOR_KEYS, MAX_RECOMMENDED_MESSAGES, TEXT_LIMITS, TRIGGER_COUNT_MAX, type ColorKey } from '../uiConfig.ts';
// The color check lives with the widget's renderer on the server; it is zod-free and the widget bundles it too.
import { isCssColor } from '../cssColor.ts';

const color = z.string().trim().max(64).refine(isCssColor, 'invalid CSS color');
const text = (max: number) => z.string().trim().max(max);

export const leadFieldSchema = z.strictObject({
  enabled: z.boolean(),
  required: z.boolean(),
  description: text(TEXT_LIMITS.leadDescription),
});

export const colorsSchema = z.strictObject(Object.fromEntries(COLOR_KEYS.map((k) => [k, color])) as Record<ColorKey, typeof color>);

export const uiConfigSchema = z.strictObject({
  title: text(TEXT_LIMITS.title).min(1),
  introHeading: text(TEXT_LIMITS.introHeading),
  subHeading: text(TEXT_LIMITS.subHeading),
  startMessage: text(TEXT_LIMITS.startMessage),
  placeholderText: text(TEXT_LIMITS.placeholderText),
  chatbotToggleText: text(TEXT_LIMITS.chatbotToggleText),
  recommendedMessages: z.array(text(TEXT_LIMITS.recommendedMessage).min(1)).max(MAX_RECOMMENDED_MESSAGES),
  theme: z.enum(['light', 'dark']),
  rounding: z.enum(['round', 'rounded', 'none']),
  chatbotToggleStyle: z.enum(['icon', 'iconAndText']),
  position: z.enum(['top', 'middle', 'bottom']),
  showPoweredBy: z.boolean(),
  colors: colorsSchema,
  collectContacts: z.boolean(),
  consentText: text(TEXT_LIMITS.consentText),
  leadForm: z.strictObject(Object.fromEntries(LEAD_FIELDS.map((f) => [f, leadFieldSchema])) as Record<LeadField, typeof leadFieldSchema>),
  leadFormTriggerCount: z.number().int().min(0).max(TRIGGER_COUNT_MAX),
});
export type UiConfig = z.infer<typeof uiConfigSchema>;

/** PUT body: any subset of the fields; colors and lead form fields may be given one by one. */
export const uiConfigPatchSchema = uiConfigSchema
  .extend({
    colors: colorsSchema.partial(),
    leadForm: z.strictObject(
      Object.fromEntries(LEAD_FIELDS.map((f) => [f, leadFieldSchema.partial()])) as Record<LeadField, ReturnType<typeof leadFieldSchema.partial>>,
    ).partial(),
  })
  .partial();
export type UiConfigPatch = z.infer<typeof uiConfigPatchSchema>;
