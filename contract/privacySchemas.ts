/**
 * Request schemas of the privacy calls: retention settings, one visitor's data (export, delete) and
 * account deletion. Strict: unknown fields are refused.
 */
import { z } from 'zod';
import { LEAD_EMAIL_RE } from './lead.ts';
import { RETENTION_MONTHS, type VisitorSelector } from './privacy.ts';
import { uuid } from './ids.ts';

const email = z.string().trim().min(3).max(254).regex(LEAD_EMAIL_RE, 'invalid email');

/** PUT privacy-settings/{chatbotId} (react-admin sends the whole record back; only the period is the user's). */
export const privacySettingsBody = z.object({
  retentionMonths: z.number().int().min(RETENTION_MONTHS.min).max(RETENTION_MONTHS.max),
});

/** POST chats/visitor-data/export and …/delete: the visitor of one chat, or whoever left this e-mail address. */
export const visitorDataBody: z.ZodType<VisitorSelector> = z.union([
  z.strictObject({ chatbotId: uuid, chatId: uuid }),
  z.strictObject({ chatbotId: uuid, email }),
]);

/** POST account/delete: the account's e-mail address typed again. */
export const accountDeleteBody = z.strictObject({ email: z.string().trim().min(1).max(254) });

// ---- responses ------------------------------------------------------------------------------------

/** GET/PUT privacy-settings/{chatbotId} (the record's id is the chatbot's). */
export const privacySettings = z.object({ id: z.string(), chatbotId: z.string(), retentionMonths: z.number().int() });
export const visitorDataDeleted = z.object({ deletedChats: z.number().int(), deletedMessages: z.number().int(), deletedLeads: z.number().int() });
export const accountDeletionRequested = z.object({ deletionRequestedAt: z.string() });
