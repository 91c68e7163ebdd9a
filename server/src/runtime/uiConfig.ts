/**
 * The widget's UI configuration on the server: the default texts per language and the plan rules
 * (styling, contact collection, branding). Its schema is contract/api/uiConfig.ts.
 */
import { LEAD_FIELDS, type LeadField } from '../../../contract/lead.ts';
import type { UiConfig, UiConfigPatch } from '../../../contract/api/uiConfig.ts';

// Re-exported: the schemas live in contract/, and the server's modules take them (and the lead fields) from here.
export { LEAD_FIELDS, type LeadField };
export { MAX_RECOMMENDED_MESSAGES } from '../../../contract/uiConfig.ts';
export { colorsSchema, leadFieldSchema, uiConfigPatchSchema, uiConfigSchema, type UiConfig, type UiConfigPatch } from '../../../contract/api/uiConfig.ts';

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

/** The language's defaults with the customer's stored changes on top. */
export const effectiveUiConfig = (lang: string, stored: UiConfigPatch | Record<string, unknown>): UiConfig => mergeUiConfig(defaultUiConfig(lang), stored);

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
