import { useState } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, List, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, ListBase, useCreate, useDataProvider, useDelete, useListContext, useLocaleState, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import type { LanguageRecord } from '../../providers/languagesProvider.ts';
import { activeChatbotId } from '../../providers/scope.ts';
import { useUserLookup } from '../../providers/userStore.ts';
import { LANGUAGES_QUERY_KEY } from '../../hooks/useChatbotLanguages.ts';
import { languageName } from '../../lib/languageNames.ts';
import { UpgradePrompt, usePlanLimits } from '../../components/UpgradePrompt.tsx';
import { AddLanguageForm } from './AddLanguageForm.tsx';
import { LanguageRow } from './LanguageRow.tsx';
import { useWebsiteCounts } from './useWebsiteCounts.ts';

/** The chatbot's languages (the `languages` resource): add from the pool, delete, set default, websites per language. */
export function LanguageList() {
  const translate = useTranslate();
  useUserLookup(); // re-render when the chatbot becomes known
  const chatbotId = activeChatbotId();
  if (!chatbotId) return <Alert severity="warning">{translate('errors.NoLanguageSelected')}</Alert>;
  return (
    // The default language first, the others in the order they were added.
    <ListBase resource="languages" filter={{ chatbotId }} sort={{ field: 'isDefault', order: 'DESC' }} perPage={100} disableSyncWithLocation storeKey={false}>
      <LanguageListView chatbotId={chatbotId} />
    </ListBase>
  );
}

function LanguageListView({ chatbotId }: { chatbotId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: languages = [], isPending, error } = useListContext<LanguageRecord>();
  const pool = useQuery({ queryKey: [LANGUAGES_QUERY_KEY, 'pool'], queryFn: () => dataProvider.getLanguagePool(), staleTime: Infinity });
  const websites = useWebsiteCounts(chatbotId);
  const { limits, reached } = usePlanLimits();
  const [create] = useCreate<LanguageRecord>();
  const [update] = useUpdate<LanguageRecord>();
  const [remove] = useDelete<LanguageRecord>();
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<LanguageRecord | null>(null);

  /** Every change reloads the languages: this list, the app bar's language and its fallback (spec section 4). */
  async function run(action: () => Promise<unknown>, success: string, lang: string) {
    setBusy(true);
    try {
      await action();
      notify(success, { type: 'success', messageArgs: { name: languageName(lang, locale) } });
    } catch (err) {
      notify(err instanceof Error ? err.message : 'errors.Unknown', { type: 'error' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: [LANGUAGES_QUERY_KEY] });
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
            {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
            {error && <Alert severity="error">{translate(error.message, { _: translate('errors.Unknown') })}</Alert>}
            {!isPending && !error && languages.length === 0 && <Typography color="text.secondary">{translate('app.noLanguages')}</Typography>}
            <List disablePadding data-testid="language-list">
              {languages.map((entry) => (
                <LanguageRow
                  key={entry.id}
                  entry={entry}
                  websites={websites.data?.[entry.lang] ?? 0}
                  busy={busy}
                  onSetDefault={() =>
                    run(() => update('languages', { id: entry.id, data: { chatbotId, isDefault: true }, previousData: entry }, { returnPromise: true }), 'language.defaultSet', entry.lang)
                  }
                  onDelete={() => setToDelete(entry)}
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
                onAdd={(lang) => run(() => create('languages', { data: { chatbotId, lang } }, { returnPromise: true }), 'language.added', lang)}
              />
            </Stack>
          </CardContent>
        </Card>
      </Stack>
      <Confirm
        isOpen={!!toDelete}
        title={translate('language.deleteTitle')}
        content={translate('language.deleteConfirm', { name: toDelete ? languageName(toDelete.lang, locale) : '' })}
        onConfirm={() => {
          const entry = toDelete!;
          setToDelete(null);
          void run(() => remove('languages', { id: entry.id, previousData: entry, meta: { chatbotId } }, { mutationMode: 'pessimistic', returnPromise: true }), 'language.deleted', entry.lang);
        }}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
