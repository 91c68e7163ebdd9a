/**
 * A visitor's feedback on a bot answer (thumbs up or down, a thumbs-down may carry a short comment).
 * Zod-free, so the widget bundles it; the request schema is contract/api/widget.ts (feedbackBody).
 */
export const FEEDBACK_RATINGS = ['up', 'down'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** Longest comment a visitor may leave with a rating. */
export const FEEDBACK_COMMENT_MAX_CHARS = 500;
