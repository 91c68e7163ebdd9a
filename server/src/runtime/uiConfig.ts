/**
 * The widget's UI configuration: its schema (shared with the dashboard's forms), the
 * default texts per language, and the plan rules (styling, contact collection, branding).
 */
import { z } from 'zod';
import { LEAD_FIELDS, type LeadField } from '../../../contract/lead.ts';
import { isCssColor } from './cssColor.ts';

// Re-exported: the schemas below are built over the contract's fields, and the server's modules take them from here.
export { LEAD_FIELDS, type LeadField };

export const MAX_RECOMMENDED_MESSAGES = 6;

const color = z.string().trim().max(64).refine(isCssColor, 'invalid CSS color');
const text = (max: number) => z.string().trim().max(max);

export const leadFieldSchema = z.strictObject({
  enabled: z.boolean(),
  required: z.boolean(),
  description: text(200),
});

export const colorsSchema = z.strictObject({
  header: color,
  messages: color,
  sendButton: color,
  chatbotButton: color,
  background: color,
  text: color,
});

export const uiConfigSchema = z.strictObject({
  title: text(60).min(1),
  introHeading: text(120),
  subHeading: text(240),
  startMessage: text(1000),
  placeholderText: text(120),
  chatbotToggleText: text(40),
  recommendedMessages: z.array(text(120).min(1)).max(MAX_RECOMMENDED_MESSAGES),
  theme: z.enum(['light', 'dark']),
  rounding: z.enum(['round', 'rounded', 'none']),
  chatbotToggleStyle: z.enum(['icon', 'iconAndText']),
  position: z.enum(['top', 'middle', 'bottom']),
  showPoweredBy: z.boolean(),
  colors: colorsSchema,
  collectContacts: z.boolean(),
  consentText: text(1000),
  leadForm: z.strictObject(Object.fromEntries(LEAD_FIELDS.map((f) => [f, leadFieldSchema])) as Record<LeadField, typeof leadFieldSchema>),
  leadFormTriggerCount: z.number().int().min(0).max(50),
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

export const STYLING_KEYS = ['theme', 'rounding', 'chatbotToggleStyle', 'position', 'colors'] as const;
export const CONTACT_KEYS = ['collectContacts', 'consentText', 'leadForm', 'leadFormTriggerCount'] as const;

const TEXTS = {
  de: {
    title: 'Chatbot',
    introHeading: 'Willkommen!',
    subHeading: 'Stellen Sie mir Ihre Frage – ich antworte mit Inhalten dieser Website.',
    startMessage: 'Hallo! Wie kann ich Ihnen helfen?',
    placeholderText: 'Ihre Nachricht …',
    chatbotToggleText: 'Fragen Sie uns',
    consentText: 'Ich bin damit einverstanden, dass meine Angaben zur Bearbeitung meiner Anfrage gespeichert werden.',
    descriptions: {
      name: 'Vollständiger Name',
      firstName: 'Vorname',
      lastName: 'Nachname',
      email: 'E-Mail-Adresse',
      phoneNumber: 'Telefonnummer',
      address: 'Straße',
      streetNumber: 'Hausnummer',
      zip: 'PLZ',
      city: 'Ort',
      country: 'Land',
    },
  },
  en: {
    title: 'Chatbot',
    introHeading: 'Welcome!',
    subHeading: 'Ask me anything – I answer from the content of this website.',
    startMessage: 'Hello! How can I help you?',
    placeholderText: 'Your message …',
    chatbotToggleText: 'Ask us',
    consentText: 'I agree that my details are stored to handle my request.',
    descriptions: {
      name: 'Full name',
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email address',
      phoneNumber: 'Phone number',
      address: 'Street',
      streetNumber: 'House number',
      zip: 'ZIP code',
      city: 'City',
      country: 'Country',
    },
  },
};

/** German texts for German variants, English for every other language. */
export const textLanguage = (lang: string): 'de' | 'en' => (lang.toLowerCase().startsWith('de') ? 'de' : 'en');

export function defaultUiConfig(lang: string): UiConfig {
  const t = TEXTS[textLanguage(lang)];
  return {
    title: t.title,
    introHeading: t.introHeading,
    subHeading: t.subHeading,
    startMessage: t.startMessage,
    placeholderText: t.placeholderText,
    chatbotToggleText: t.chatbotToggleText,
    recommendedMessages: [],
    theme: 'light',
    rounding: 'rounded',
    chatbotToggleStyle: 'icon',
    position: 'bottom',
    showPoweredBy: true,
    colors: {
      header: '#1f4e79',
      messages: '#e8f0f8',
      sendButton: '#1f4e79',
      chatbotButton: '#1f4e79',
      background: '#ffffff',
      text: '#1a1a1a',
    },
    collectContacts: false,
    consentText: t.consentText,
    leadForm: Object.fromEntries(
      LEAD_FIELDS.map((f) => [
        f,
        { enabled: f === 'name' || f === 'email' || f === 'phoneNumber', required: f === 'name' || f === 'email', description: t.descriptions[f] },
      ]),
    ) as UiConfig['leadForm'],
    leadFormTriggerCount: 3,
  };
}

/** Stored overrides on top of the defaults (nested objects merged field by field). */
export function mergeUiConfig(base: UiConfig, patch: UiConfigPatch | Record<string, unknown>): UiConfig {
  const p = patch as UiConfigPatch;
  const leadForm = { ...base.leadForm };
  for (const f of LEAD_FIELDS) if (p.leadForm?.[f]) leadForm[f] = { ...leadForm[f], ...p.leadForm[f] };
  return { ...base, ...p, colors: { ...base.colors, ...(p.colors ?? {}) }, leadForm } as UiConfig;
}

export interface PlanFlags {
  styling_allowed: boolean;
  contact_collection_allowed: boolean;
  branding_removal_allowed: boolean;
}

/** What the visitor sees: the plan's locks applied, whatever was stored before a downgrade. */
export function applyPlan(config: UiConfig, plan: PlanFlags, lang: string): UiConfig {
  const d = defaultUiConfig(lang);
  const out = { ...config };
  if (!plan.styling_allowed) for (const k of STYLING_KEYS) (out as Record<string, unknown>)[k] = d[k];
  if (!plan.contact_collection_allowed) out.collectContacts = false;
  if (!plan.branding_removal_allowed) out.showPoweredBy = true;
  return out;
}
