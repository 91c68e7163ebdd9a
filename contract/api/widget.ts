/**
 * Bodies of the widget's public API (start a chat, send a message, leave contact details). The widget
 * itself bundles only the zod-free rules of contract/widget.ts and contract/lead.ts.
 */
import { z } from 'zod';
import { LEAD_FIELDS, LEAD_VALUE_MAX_CHARS, type LeadField } from '../lead.ts';
import { CONSENT_TEXT_MAX_CHARS } from '../privacy.ts';
import { FEEDBACK_COMMENT_MAX_CHARS, FEEDBACK_RATINGS } from '../feedback.ts';

export const startChatBody = z.strictObject({
  lang: z.string().trim().min(1).max(10).optional(),
  visitorId: z.string().trim().min(8).max(64).regex(/^[\w-]+$/).optional(),
  source: z.enum(['widget', 'demo']).default('widget'),
});

/**
 * A visitor's message; the longest allowed is configured (WIDGET_MAX_MESSAGE_CHARS), so the schema takes it.
 * Built once per length: building a zod schema for every message was a tenth of the server's CPU for an answer.
 */
export const sendMessageBody = (maxChars: number) => {
  let schema = messageBodies.get(maxChars);
  if (!schema) messageBodies.set(maxChars, (schema = z.strictObject({ text: z.string().trim().min(1).max(maxChars) })));
  return schema;
};
const messageBodies = new Map<number, z.ZodType<{ text: string }>>();

export const leadBody = z.strictObject({
  ...Object.fromEntries(LEAD_FIELDS.map((f) => [f, z.string().trim().max(LEAD_VALUE_MAX_CHARS).optional()])),
  consent: z.literal(true, { error: 'consent is required' }),
  // The consent text the form showed, stored as proof of consent; a widget that does not send it gets the configured text.
  consentText: z.string().trim().min(1).max(CONSENT_TEXT_MAX_CHARS).optional(),
}) as z.ZodType<Partial<Record<LeadField, string>> & { consent: true; consentText?: string }>;

/**
 * A visitor's rating of one answer: a second rating replaces the first (comment included). An empty comment
 * is no comment.
 */
export const feedbackBody = z.strictObject({
  rating: z.enum(FEEDBACK_RATINGS),
  comment: z
    .string()
    .trim()
    .max(FEEDBACK_COMMENT_MAX_CHARS)
    .optional()
    .transform((c) => c || null),
});
