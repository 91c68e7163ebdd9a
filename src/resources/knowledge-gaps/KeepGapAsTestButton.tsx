import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/http.ts';
import type { KnowledgeGap } from './types.ts';

/**
 * Keeps a group's question as a test question, so the score shows whether it stays answered. Once the group was
 * answered with a pair, that pair is the source the test expects; before, the test has no expected source yet.
 */
export function KeepGapAsTestButton({ gap }: { gap: KnowledgeGap }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate();
  const [kept, setKept] = useState(false);
  const label = translate('testQuestions.fromChat.action');
  const keep = () =>
    create(
      'test-questions',
      {
        data: {
          lang: gap.lang,
          question: gap.question,
          origin: 'gap',
          expectedSource: gap.qnaId ? { type: 'qna', id: gap.qnaId } : null,
        },
      },
      {
        onSuccess: () => {
          setKept(true);
          notify('testQuestions.fromChat.done', { type: 'success' });
        },
        onError: (e) => notify(errorMessage(e), { type: 'error' }),
      },
    );
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={keep} disabled={isPending || kept} data-testid="gap-keep-as-test">
          <FactCheckIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
