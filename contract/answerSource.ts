/**
 * Where an answer comes from: the page, document or question-answer pair the bot answered from, as the
 * server stores it with the message, the widget shows it under the answer and the chat history lists it.
 * Types only: nothing of it reaches a bundle.
 */
export interface AnswerSource {
  type: 'webpage' | 'document' | 'qna';
  id: string;
  url?: string;
  title?: string;
  name?: string;
  /** Relevance of the unit to the question (the widget does not show it). */
  score: number;
}
