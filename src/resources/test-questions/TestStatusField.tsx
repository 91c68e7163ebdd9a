import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { TestQuestion } from './types.ts';

const COLOR = { passed: 'success', failed: 'error', new: 'default' } as const;

/** The question's result in the latest run; a failing test names what failed and the page change behind it. */
export function TestStatusField({ detail = true }: { detail?: boolean; label?: string; sortBy?: string }) {
  const t = useRecordContext<TestQuestion>();
  const translate = useTranslate();
  if (!t) return null;
  const r = t.lastResult;
  return (
    <Box data-testid="test-status" data-status={t.status}>
      <Chip size="small" color={COLOR[t.status]} variant={t.status === 'new' ? 'outlined' : 'filled'} label={translate(`testQuestions.status.${t.status}`)} />
      {detail && r && !r.passed && (
        <Box sx={{ mt: 0.5 }}>
          <Typography variant="caption" component="p" color="text.secondary">
            {[
              r.declined ? translate('testQuestions.check.declined') : null,
              r.sourceOk === false ? `✗ ${translate('testQuestions.check.source')}` : null,
              r.factsOk === false ? translate('testQuestions.missingFacts', { facts: r.missingFacts.join('; ') }) : null,
            ].filter(Boolean).join(' · ')}
          </Typography>
          {r.cause?.map((c) => (
            <Typography key={c.url} variant="caption" component="p" color="error.dark" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="test-cause">
              {translate(`testQuestions.cause.${c.outcome}`, { url: c.url })}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
