import type { LeadField } from '../../../contract/lead.ts';
import type { AnswerSource } from '../../../contract/answerSource.ts';
import type { Category } from '../../../contract/api/history.ts';

/** The chat history's records as the API sends them (server/src/history/service.ts). */
export type ChatCategory = Category;

export type { AnswerSource };

export interface ApiMessage {
  id: string;
  chatId: string;
  question: string;
  translatedText: string | null;
  translatedLang: string | null;
  answer: string | null;
  optimizedAnswer: string | null;
  optimizedQnaId: string | null;
  sources: AnswerSource[];
  score: number | null;
  answeredBy: 'qna' | 'retrieval' | 'llm' | 'fallback' | null;
  createdAt: string;
  /** The visitor's thumbs up / down in the widget, and the comment a thumbs-down may carry. */
  feedbackRating?: 'up' | 'down' | null;
  feedbackComment?: string | null;
  feedbackAt?: string | null;
}

export interface ApiChat {
  id: string;
  chatbotId: string;
  lang: string;
  category: ChatCategory;
  read: boolean;
  favorite: boolean;
  lead: Partial<Record<LeadField, string>> | null;
  leadSubmittedAt: string | null;
  createdAt: string;
  lastMessageAt: string;
  messageCount: number;
  preview?: string | null;
  messages?: ApiMessage[];
}

/** Each count exact up to `cap`; past it the server says cap + 1 (see CHAT_COUNT_CAP). */
export interface ChatCounts {
  categories: { all: number; general: number; contact: number; hr: number };
  readStates: { all: number; read: number; unread: number };
  cap: number;
}

/** The list's filter values; chatbotId and lang are added by the data provider's scope. */
export interface ChatFilterValues {
  chatbotId?: string;
  lang?: string;
  category?: ChatCategory;
  read?: boolean;
  favorite?: boolean;
  from?: string;
  to?: string;
  q?: string;
  rating?: 'up' | 'down';
}
