import { Button } from '@mui/material';
import PlayIcon from '@mui/icons-material/PlayArrowOutlined';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { errorMessage } from '../../providers/http.ts';

/** Run now: queues a run of all the chatbot's test questions; `onQueued` starts watching the score history. */
export function RunTestsButton({ chatbotId, onQueued, disabled }: { chatbotId: string | null; onQueued: () => void; disabled?: boolean }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const run = async () => {
    try {
      const r = await dataProvider.request<{ queued: boolean }>('POST', 'test-questions/run', { chatbotId });
      notify(r.queued ? 'testQuestions.run.queued' : 'testQuestions.run.already', { type: 'info' });
      onQueued();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    }
  };
  return (
    <Button variant="contained" startIcon={<PlayIcon />} onClick={run} disabled={!chatbotId || disabled} data-testid="test-run-now">
      {translate('testQuestions.run.action')}
    </Button>
  );
}
