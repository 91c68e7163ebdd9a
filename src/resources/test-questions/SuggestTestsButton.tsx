import { Button } from '@mui/material';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { errorMessage } from '../../providers/http.ts';

/** Adds test questions suggested from the chatbot's content (FAQ questions, Q&A pairs, headings). */
export function SuggestTestsButton({ chatbotId, onAdded }: { chatbotId: string | null; onAdded: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const suggest = async () => {
    try {
      const added = await dataProvider.request<unknown[]>('POST', 'test-questions/suggest', { chatbotId });
      notify(added.length ? 'testQuestions.suggest.done' : 'testQuestions.suggest.none', { type: added.length ? 'success' : 'info', messageArgs: { smart_count: added.length } });
      refresh();
      if (added.length) onAdded();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    }
  };
  return (
    <Button size="small" startIcon={<LightbulbIcon />} onClick={suggest} disabled={!chatbotId} data-testid="test-suggest">
      {translate('testQuestions.suggest.action')}
    </Button>
  );
}
