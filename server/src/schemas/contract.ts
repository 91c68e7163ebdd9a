/**
 * The API contract of section 7 shared by the server, the mock-server and the dashboard's types.
 * Request bodies are zod schemas (strict: unknown fields are refused); responses are types.
 */
import { z } from 'zod';
import { isValidPhone } from '../../../contract/phone.ts';

// The pool lives in contract/ (no zod, no database) so the mock server can share it; the server's modules import it from here.
export { LANGUAGE_POOL, type LanguageCode } from '../../../contract/languages.ts';

export type InitialSetupStatus = 'pending' | 'running' | 'completed' | 'failed';
export type SubscriptionStatus = 'trialing' | 'active' | 'canceled' | 'expired' | 'demo';

export interface ApiUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  campaign: string | null;
  preferredLanguage: string | null;
  isAdmin: boolean;
  organization: { id: string; customerId: string | null };
}

export interface PlanLimits {
  maxLanguages: number;
  maxWebpages: number;
  monthlyTrainingCycles: number;
  monthlyMessages: number;
  stylingAllowed: boolean;
  contactCollectionAllowed: boolean;
  brandingRemovalAllowed: boolean;
}

export interface ApiSubscription {
  planId: string;
  planName: string;
  status: SubscriptionStatus;
  priceCents: number;
  currency: string;
  period: 'month' | 'year';
  startedAt: string;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  cancelAt: string | null;
  externalInvoice: boolean;
  /** False once the trial or paid period is over: the chatbot stops answering. */
  valid: boolean;
  limits: PlanLimits;
}

export interface ApiChatbot {
  id: string;
  organizationId: string;
  url: string;
  lang: string;
  initialSetup: InitialSetupStatus;
  createdAt: string;
}

/** GET users/{id} and GET users/lookup */
export interface UserLookup {
  user: ApiUser;
  subscription: ApiSubscription | null;
  chatbot: ApiChatbot | null;
}

/** GET chatbots/{id}/verify */
export interface VerifyResult {
  initialSetup: InitialSetupStatus;
  /** What the initial setup job reports while it runs (pages found / trained so far). */
  progress: { pagesFound?: number; pagesTrained?: number; message?: string };
}

/** GET languages/{chatbotId} entries */
export interface LanguageEntry {
  lang: string;
  isDefault: boolean;
  /** English name of the language (the dashboard shows its own translation). */
  name: string;
  /** Short code shown to users: italian → it, otherwise the code itself. */
  alias: string;
}

/** GET translations?lang&message */
export interface TranslationResult {
  text: string;
  lang: string;
}

/** POST stripe/portal-session */
export interface PortalSession {
  url: string;
}

/** GET chatbots/screenshot?url */
export interface ScreenshotResult {
  url: string;
  /** data: URL of a JPEG image of the page's first screen. */
  image: string;
}

// ---- ids -------------------------------------------------------------------

/**
 * A record id as PostgreSQL's uuid type reads it without error: 8-4-4-4-12 hex digits, any version or
 * variant (a stricter RFC check would turn away ids PostgreSQL accepts). Ids from paths, queries and bodies
 * are checked against it before they reach SQL, where a malformed one fails the query (a 500) instead of
 * finding nothing; `$` without the m flag ends the string, so no newline, NUL or other junk passes.
 */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID_SHAPE.test(s);
/** The same rule in request schemas: a malformed id is a 400 ValidationFailed naming its field. */
export const uuid = z.string().regex(UUID_SHAPE, 'not a uuid');

// ---- request bodies ------------------------------------------------------

export const patchUserBody = z.strictObject({
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
  company: z.string().trim().min(1).max(200).optional(),
  phone: z.string().trim().refine(isValidPhone, 'invalid phone').optional(),
  campaign: z.string().trim().max(100).nullable().optional(),
  preferredLanguage: z.enum(['de', 'en']).optional(),
});

export const createChatbotBody = z.strictObject({
  organizationId: uuid,
  url: z.string().trim().min(1).max(2000),
  lang: z.string().min(2).max(10),
});

export const addLanguageBody = z.strictObject({ lang: z.string().min(1).max(10) });
export const setDefaultLanguageBody = z.strictObject({ isDefault: z.literal(true) });
export const portalSessionBody = z.strictObject({ customerId: z.string().min(1).max(200) });
