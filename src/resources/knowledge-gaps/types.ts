export type { GapPassage, GapReason, GapSuggestions, KnowledgeGap, ReaskResult } from '../../../contract/api/knowledgeGaps.ts';
export { GAP_PERIODS, GAP_REASONS } from '../../../contract/api/knowledgeGaps.ts';
