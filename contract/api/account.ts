/**
 * The calls of the product specification: users, chatbots (registration, verify, screenshot), languages,
 * translations and the Stripe portal session. Requests are strict zod schemas (unknown fields are refused);
 * responses are zod schemas too, so the OpenAPI document shows them, and their types are what the dashboard reads.
 */
import { z } from 'zod';
import { isValidPhone } from '../phone.ts';
import { uuid } from '../ids.ts';

export { LANGUAGE_POOL, type LanguageCode } from '../languages.ts';

// ---- responses ---------------------------------------------------------------

export const initialSetupStatus = z.enum(['pending', 'running', 'completed', 'failed']);
export type InitialSetupStatus = z.infer<typeof initialSetupStatus>;
export const subscriptionStatus = z.enum(['trialing', 'active', 'canceled', 'expired', 'demo']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

export const apiUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  phone: z.string(),
  campaign: z.string().nullable(),
  preferredLanguage: z.string().nullable(),
  isAdmin: z.boolean(),
  organization: z.object({ id: z.string(), customerId: z.string().nullable() }),
});
export type ApiUser = z.infer<typeof apiUser>;

export const planLimits = z.object({
  maxLanguages: z.number(),
  maxWebpages: z.number(),
  monthlyTrainingCycles: z.number(),
  monthlyMessages: z.number(),
  stylingAllowed: z.boolean(),
  contactCollectionAllowed: z.boolean(),
  brandingRemovalAllowed: z.boolean(),
});
export type PlanLimits = z.infer<typeof planLimits>;

export const apiSubscription = z.object({
  planId: z.string(),
  planName: z.string(),
  status: subscriptionStatus,
  priceCents: z.number(),
  currency: z.string(),
  period: z.enum(['month', 'year']),
  startedAt: z.string(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAt: z.string().nullable(),
  externalInvoice: z.boolean(),
  valid: z.boolean().describe('False once the trial or paid period is over: the chatbot stops answering.'),
  limits: planLimits,
});
export type ApiSubscription = z.infer<typeof apiSubscription>;

export const apiChatbot = z.object({
  id: z.string(),
  organizationId: z.string(),
  url: z.string(),
  lang: z.string(),
  initialSetup: initialSetupStatus,
  createdAt: z.string(),
});
export type ApiChatbot = z.infer<typeof apiChatbot>;

/** GET users/{id} and GET users/lookup */
export const userLookup = z.object({ user: apiUser, subscription: apiSubscription.nullable(), chatbot: apiChatbot.nullable() });
export type UserLookup = z.infer<typeof userLookup>;

/** GET chatbots/{id}/verify */
export const verifyResult = z.object({
  initialSetup: initialSetupStatus,
  progress: z
    .object({ pagesFound: z.number().optional(), pagesTrained: z.number().optional(), message: z.string().optional() })
    .describe('What the initial setup job reports while it runs (pages found / trained so far).'),
});
export type VerifyResult = z.infer<typeof verifyResult>;

/** GET languages/{chatbotId} entries */
export const languageEntry = z.object({
  lang: z.string(),
  isDefault: z.boolean(),
  name: z.string().describe('English name of the language (the dashboard shows its own translation).'),
  alias: z.string().describe('Short code shown to users: italian → it, otherwise the code itself.'),
});
export type LanguageEntry = z.infer<typeof languageEntry>;

/** GET translations?lang&message */
export const translationResult = z.object({ text: z.string(), lang: z.string() });
export type TranslationResult = z.infer<typeof translationResult>;

/** POST stripe/portal-session */
export const portalSession = z.object({ url: z.string() });
export type PortalSession = z.infer<typeof portalSession>;

/** GET chatbots/screenshot?url */
export const screenshotResult = z.object({
  url: z.string(),
  image: z.string().describe("data: URL of a JPEG image of the page's first screen."),
});
export type ScreenshotResult = z.infer<typeof screenshotResult>;

// ---- requests ----------------------------------------------------------------

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

export const screenshotQuery = z.object({ url: z.string().min(1).max(2000) });
export const verifyQuery = z.object({ url: z.string().max(2000).optional(), lang: z.string().max(10).optional() });

export const addLanguageBody = z.strictObject({ lang: z.string().min(1).max(10) });
export const setDefaultLanguageBody = z.strictObject({ isDefault: z.literal(true) });
export const portalSessionBody = z.strictObject({ customerId: z.string().min(1).max(200) });

/** Longest text translations?lang&message translates. */
export const MAX_TRANSLATION_CHARS = 5000;
export const translationQuery = z.object({ lang: z.string().min(1).max(10), message: z.string().min(1).max(MAX_TRANSLATION_CHARS) });
