import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { TestQuestion } from './types.ts';

/** The expected page (its path) or training source, and the expected facts. */
export function ExpectedSourceField(_: { label?: string }) {
  const t = useRecordContext<TestQuestion>();
  const translate = useTranslate();
  if (!t) return null;
  let where = translate('testQuestions.anySource');
  if (t.expectedUrl) {
    try {
      where = new URL(t.expectedUrl).pathname;
    } catch {
      where = t.expectedUrl;
    }
  } else if (t.expectedSource) where = translate(`testQuestions.source.${t.expectedSource.type}`);
  return (
    <>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} title={t.expectedUrl ?? undefined}>{where}</Typography>
      {t.expectedFacts.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{t.expectedFacts.join('; ')}</Typography>
      )}
    </>
  );
}
