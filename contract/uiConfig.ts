/**
 * The limits of the widget's UI configuration: the server's schema (contract/api/uiConfig.ts) is built from
 * them and the dashboard's form shows and checks them. Zod-free: the dashboard bundles it.
 */
export const MAX_RECOMMENDED_MESSAGES = 6;
export const TRIGGER_COUNT_MAX = 50;

/** Length limits of the text fields (after trimming). */
export const TEXT_LIMITS = {
  title: 60,
  introHeading: 120,
  subHeading: 240,
  startMessage: 1000,
  placeholderText: 120,
  chatbotToggleText: 40,
  recommendedMessage: 120,
  consentText: 1000,
  leadDescription: 200,
} as const;

export const COLOR_KEYS = ['header', 'messages', 'sendButton', 'chatbotButton', 'background', 'text'] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];
