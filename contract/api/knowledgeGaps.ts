/**
 * Knowledge gaps (issue 15 item 2): groups of similar visitor questions the bot could not answer well, in the
 * simple-rest dialect (`GET /knowledge-gaps?filter={"chatbotId":…,"lang":…}`), with the custom actions
 * suggestions (the bot's best passages and the nearest Q&A pairs), answer, dismiss and reask (the proof).
 */
import { z } from 'zod';
import { chatbotScope } from './training.ts';
import { uuid } from '../ids.ts';
import type { AnswerSource } from '../answerSource.ts';

/** Why a question is a gap: the bot declined, offered a person unasked, the visitor gave a thumbs-down, a weak Q&A match. */
export const GAP_REASONS = ['declined', 'handover', 'negative', 'lowScore'] as const;
export type GapReason = (typeof GAP_REASONS)[number];

/** The period a list looks back on (by the date of the questions). */
export const GAP_PERIODS = ['7d', '30d', '90d', '365d', 'all'] as const;
export type GapPeriod = (typeof GAP_PERIODS)[number];
export const GAP_PERIOD_DAYS: Record<GapPeriod, number | null> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365, all: null };

export const GAP_SORTABLE = ['count', 'lastAt'] as const;

export const knowledgeGapFilter = z.object({
  ...chatbotScope,
  /** Every language of the chatbot instead of `lang` alone. */
  allLanguages: z.boolean().optional(),
  period: z.enum(GAP_PERIODS).default('all'),
  reason: z.enum(GAP_REASONS).optional(),
  q: z.string().max(200).optional(),
});
export type KnowledgeGapFilter = z.output<typeof knowledgeGapFilter>;

const text = (max: number) => z.string().trim().min(1, 'required').max(max);

/** Answer a gap: a new Q&A pair, or the given pair of the chatbot edited. */
export const answerGapBody = z.strictObject({
  question: text(2000),
  answer: text(20000),
  qnaId: uuid.optional(),
});

/** Re-ask: which pair the new answers should use (default: the pair the answer action stored). */
export const reaskGapBody = z.strictObject({
  qnaId: uuid.optional(),
});

/** One group as the list answers it. */
export type KnowledgeGap = {
  /** `<chatbotId>.<lang>.<hash>` of the group's first question's terms: stays while the group grows; an id of any of its members finds it too. */
  id: string;
  chatbotId: string;
  lang: string;
  /** The group's most frequent question. */
  question: string;
  /** Distinct questions of the group, newest first (at most 20). */
  questions: string[];
  count: number;
  firstAt: string;
  lastAt: string;
  reasons: GapReason[];
  /** The bot's last answer to a question of the group. */
  lastAnswer: string | null;
  /** open; answered (a pair was written, the proof is pending); reopened (new questions after a dismissal or closing). */
  status: 'open' | 'answered' | 'reopened';
  /** The pair written by the answer action, if any. */
  qnaId: string | null;
};

export interface GapPassage {
  id: string;
  text: string;
  heading: string;
  score: number;
  source: { type: AnswerSource['type']; id: string; url?: string; title?: string; name?: string };
}

export interface GapSuggestions {
  question: string;
  passages: GapPassage[];
  /** Existing pairs with a similar question, best first: the customer may edit one instead of adding another. */
  pairs: { id: string; question: string; answer: string; active: boolean; similarity: number }[];
}

export interface ReaskedAnswer {
  answer: string;
  answeredBy: 'qna' | 'retrieval' | 'llm' | 'fallback';
  sources: AnswerSource[];
}

export interface ReaskResult {
  id: string;
  /** Every re-asked question is now answered from the new pair or a new source. */
  closed: boolean;
  qnaId: string | null;
  results: { question: string; before: ReaskedAnswer; after: ReaskedAnswer; usesNew: boolean }[];
}
