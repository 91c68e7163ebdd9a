import { defaultExporter, type Exporter } from 'react-admin';
import type { KnowledgeGap } from './types.ts';

/**
 * The listed groups as CSV (the list's filters and sort) through react-admin's own CSV writer: question,
 * wordings, count, dates, reasons, language, status, named and worded in the interface's language.
 */
export const gapExporter = (translate: (key: string, options?: object) => string): Exporter<KnowledgeGap> => (records, fetchRelated, dataProvider) => {
  const t = (k: string) => translate(`knowledgeGaps.export.${k}`);
  const rows = records.map((g) => ({
    [t('question')]: g.question,
    [t('questions')]: g.questions.join(' | '),
    [t('count')]: g.count,
    [t('lastAt')]: g.lastAt,
    [t('firstAt')]: g.firstAt,
    [t('reasons')]: g.reasons.map((r) => translate(`knowledgeGaps.reasons.${r}`)).join(', '),
    [t('lang')]: g.lang,
    [t('status')]: translate(`knowledgeGaps.status.${g.status}`),
  }));
  return defaultExporter(rows, fetchRelated, dataProvider, 'knowledge-gaps');
};
