import { useState } from 'react';
import { Button, CircularProgress, Tooltip } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { ApiError } from '../../providers/http.ts';
import { useTranslationAvailable } from './useTranslationAvailable.ts';
import type { ApiMessage } from './types.ts';

/**
 * Translates the visitor's message into the interface language (translations?lang&message) and keeps
 * the translation on the message. Without a translation provider the button says why it cannot.
 */
export function TranslateMessageButton({ message, onTranslated }: { message: ApiMessage; onTranslated: (m: ApiMessage) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { available } = useTranslationAvailable();
  const [busy, setBusy] = useState(false);
  const explain = () => notify('history.translate.notConfigured', { type: 'warning', autoHideDuration: 6000 });

  const run = async () => {
    if (available === false) return explain();
    setBusy(true);
    try {
      const result = await dataProvider.translate(locale, message.question);
      onTranslated(await dataProvider.saveTranslation(message.chatId, message.id, result.text, result.lang));
    } catch (e) {
      if (e instanceof ApiError && (e.serverKey === 'FeatureNotConfigured' || e.status === 501)) explain();
      else notify(e instanceof ApiError && e.serverKey ? e.message : 'history.translate.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button
      size="small"
      onClick={() => void run()}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} aria-hidden /> : <TranslateIcon fontSize="small" />}
      aria-description={available === false ? translate('history.translate.notConfigured') : undefined}
      data-testid="translate-button"
      sx={{ opacity: available === false ? 0.6 : 1 }}
    >
      {translate('history.translate.button')}
    </Button>
  );
  return available === false ? <Tooltip title={translate('history.translate.notConfigured')}>{button}</Tooltip> : button;
}
