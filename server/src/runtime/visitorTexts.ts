/** Texts a website visitor reads when the chatbot cannot answer, in German or English. */
import { textLanguage } from './uiConfig.ts';

const TEXTS = {
  de: {
    MessageQuotaReached: 'Dieser Chatbot hat sein Nachrichtenkontingent für diesen Monat aufgebraucht. Bitte wenden Sie sich direkt an das Unternehmen.',
    SubscriptionExpired: 'Dieser Chatbot ist zurzeit nicht verfügbar.',
    RateLimited: 'Sie haben sehr viele Nachrichten in kurzer Zeit gesendet. Bitte warten Sie einen Moment.',
    OriginNotAllowed: 'Dieser Chatbot ist auf dieser Website nicht freigegeben.',
    ServerBusy: 'Gerade kommen sehr viele Fragen auf einmal. Bitte versuchen Sie es in einigen Sekunden erneut.',
  },
  en: {
    MessageQuotaReached: 'This chatbot has used up its messages for this month. Please contact the company directly.',
    SubscriptionExpired: 'This chatbot is currently not available.',
    RateLimited: 'You have sent a lot of messages in a short time. Please wait a moment.',
    OriginNotAllowed: 'This chatbot is not enabled on this website.',
    ServerBusy: 'Very many questions are coming in at once. Please try again in a few seconds.',
  },
};

export type VisitorTextKey = keyof (typeof TEXTS)['en'];

export const visitorText = (key: VisitorTextKey, lang: string | undefined) => TEXTS[textLanguage(lang ?? 'en')][key];
