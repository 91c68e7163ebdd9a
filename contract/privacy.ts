/**
 * Privacy rules shared by server, dashboard and widget: how long chats and leads may be kept, and the
 * longest consent text a lead carries. Zod-free, so the dashboard and the widget can import it; the
 * request schemas built on it are in privacySchemas.ts.
 */
import { TEXT_LIMITS } from './uiConfig.ts';

/** Months a chatbot keeps chats and leads after their last activity: the customer may shorten the default. */
export const RETENTION_MONTHS = { min: 1, max: 12, default: 12 } as const;

/** Longest consent text a lead carries: the longest the UI configuration's consent text may be. */
export const CONSENT_TEXT_MAX_CHARS = TEXT_LIMITS.consentText;

/** Whose data a visitor-data export or deletion is about: the visitor of one chat, or whoever left this e-mail address. */
export type VisitorSelector = { chatbotId: string; chatId: string } | { chatbotId: string; email: string };
