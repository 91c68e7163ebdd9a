/**
 * What the passages and question-answer pairs say to a question, kept per chatbot: many visitors of a site
 * ask the same thing, and without a language model the same question gets the same answer until the
 * chatbot's content changes. The key holds the chatbot, its index version (every change of its passages,
 * Q&A pairs included, moves it: migration 070's triggers; every process reads it for each answer, so a
 * training run in one process is seen by all), the chat's language and the question exactly as asked.
 * Only what depends on nothing else is kept: the contact person (the customer may change it any time) and
 * a translation are added to each answer afresh.
 */
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/index.ts';
import { retrievalSettled } from '../services/retrieval.ts';

/** Entries over all chatbots (least recently used go first): an entry is a few kilobytes of quoted text. */
export const ANSWER_CACHE_ENTRIES = 5_000;

const entries = new LRUCache<string, NonNullable<unknown>>({ max: ANSWER_CACHE_ENTRIES });

export interface AnswerCacheKey {
  chatbotId: string;
  indexVersion: string;
  lang: string;
  question: string;
}

/**
 * The key to keep an answer under, or null when it may not be kept: retrieval is not yet on its final
 * structures for this version (see retrievalSettled), or the question is longer than any a visitor may send.
 */
export function answerCacheKey(db: Queryable, k: AnswerCacheKey): string | null {
  if (k.question.length > 4000 || !retrievalSettled(db, k.chatbotId, k.indexVersion)) return null;
  return JSON.stringify([k.chatbotId, k.indexVersion, k.lang, k.question]);
}

export const answerCache = {
  get: <T>(key: string) => entries.get(key) as T | undefined,
  set: (key: string, value: NonNullable<unknown>) => void entries.set(key, value),
  /** Tests and the bench: start empty. */
  clear: () => entries.clear(),
  get size() {
    return entries.size;
  },
};
