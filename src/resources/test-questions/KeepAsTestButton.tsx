import { Button } from '@mui/material';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { errorMessage } from '../../providers/http.ts';
import { activeChatbotId } from '../../providers/scope.ts';

/** History: keeps a visitor's question as a test question, expecting the source the bot answered from. */
export function KeepAsTestButton({ chatId, messageId }: { chatId: string; messageId: string }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const keep = async () => {
    try {
      await dataProvider.request('POST', 'test-questions/from-chat', { chatbotId: activeChatbotId(), chatId, messageId });
      notify('testQuestions.fromChat.done', { type: 'success' });
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    }
  };
  return (
    <Button size="small" startIcon={<FactCheckIcon fontSize="small" />} onClick={keep} data-testid="keep-as-test">
      {translate('testQuestions.fromChat.action')}
    </Button>
  );
}
