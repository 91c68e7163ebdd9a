import { useState } from 'react';
import { Alert, Box, Card, CardContent, List, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { activeChatbotId } from '../../providers/scope.ts';
import { useUserLookup } from '../../providers/userStore.ts';
import { LANGUAGES_QUERY_KEY, useChatbotLanguages } from '../../hooks/useChatbotLanguages.ts';
import { languageName } from '../../lib/languageNames.ts';
import { UpgradePrompt, usePlanLimits } from '../../components/UpgradePrompt.tsx';
import { AddLanguageForm } from './AddLanguageForm.tsx';
import { LanguageRow } from './LanguageRow.tsx';
import { useWebsiteCounts } from './useWebsiteCounts.ts';

/** /language: the chatbot's languages; add from the pool, delete, set default, websites per language. */
export default function LanguagePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  useUserLookup(); // re-render when the chatbot becomes known
  const chatbotId = activeChatbotId();
  const { data: languages = [], isPending, error } = useChatbotLanguages(chatbotId);
  const pool = useQuery({ queryKey: [LANGUAGES_QUERY_KEY, 'pool'], queryFn: () => dataProvider.getLanguagePool(), staleTime: Infinity });
  const websites = useWebsiteCounts(chatbotId);
  const { limits, reached } = usePlanLimits();
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);

  if (!chatbotId) return <Alert severity="warning">{translate('errors.NoLanguageSelected')}</Alert>;

  /** Every change reloads the languages (and so the active language's fallback). */
  async function run(action: () => Promise<unknown>, success: string, args?: Record<string, unknown>) {
    setBusy(true);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: [LANGUAGES_QUERY_KEY] });
      notify(success, { type: 'success', messageArgs: args });
    } catch (err) {
      notify(err instanceof Error ? err.message : 'errors.Unknown', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const present = new Set(languages.map((l) => l.lang));
  const available = (pool.data ?? []).filter((code) => !present.has(code));
  const limitReached = !!limits && reached('maxLanguages', languages.length);

  return (
    <Box sx={{ py: 2 }} data-testid="language-page">
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('language.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('language.intro')}
      </Typography>
      <Stack spacing={2}>
        <Card>
          <CardContent>
            {error && <Alert severity="error">{translate(error.message, { _: translate('errors.Unknown') })}</Alert>}
            {!isPending && !error && languages.length === 0 && <Typography color="text.secondary">{translate('app.noLanguages')}</Typography>}
            <List disablePadding data-testid="language-list">
              {languages.map((entry) => (
                <LanguageRow
                  key={entry.lang}
                  entry={entry}
                  websites={websites.data?.[entry.lang] ?? 0}
                  busy={busy}
                  onSetDefault={() =>
                    run(() => dataProvider.setDefaultLanguage(chatbotId, entry.lang), 'language.defaultSet', { name: languageName(entry.lang, locale) })
                  }
                  onDelete={() => setToDelete(entry.lang)}
                />
              ))}
            </List>
            {limits && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="language-usage">
                {translate('language.usage', { used: languages.length, max: limits.maxLanguages })}
              </Typography>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Stack spacing={2}>
              {limitReached && <UpgradePrompt reason="maxLanguages" max={limits!.maxLanguages} />}
              <AddLanguageForm
                available={available}
                disabled={busy || limitReached}
                onAdd={(lang) => run(() => dataProvider.addLanguage(chatbotId, lang), 'language.added', { name: languageName(lang, locale) })}
              />
            </Stack>
          </CardContent>
        </Card>
      </Stack>
      <Confirm
        isOpen={!!toDelete}
        title={translate('language.deleteTitle')}
        content={translate('language.deleteConfirm', { name: toDelete ? languageName(toDelete, locale) : '' })}
        onConfirm={() => {
          const lang = toDelete!;
          setToDelete(null);
          void run(() => dataProvider.deleteLanguage(chatbotId, lang), 'language.deleted', { name: languageName(lang, locale) });
        }}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
