import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { ApiError } from '../../providers/http.ts';
import { UICONFIG_QUERY_KEY, uiConfigApi } from './uiConfigApi.ts';
import { draftKey, draftStore, useDraft } from './draftStore.ts';
import { serverFieldErrors, validateUiConfig, type FieldErrors, type UiConfig } from './uiConfigModel.ts';

/**
 * The UI configuration of one chatbot language: the saved record, the customer's unsaved draft (shared by
 * the tabs), field errors from the local checks and from the server, and saving (PUT of the whole form).
 */
export function useUiConfigEditor(chatbotId: string | null, lang: string | null) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = chatbotId && lang ? draftKey(chatbotId, lang) : null;
  const query = useQuery({
    queryKey: [UICONFIG_QUERY_KEY, chatbotId, lang],
    queryFn: () => uiConfigApi.get(chatbotId!, lang!),
    enabled: !!key,
  });
  const draft = useDraft(key);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const saved = query.data?.config;
  const config = draft ?? saved;
  const dirty = !!draft && !!saved && JSON.stringify(draft) !== JSON.stringify(saved);

  function change(update: (c: UiConfig) => UiConfig) {
    if (!key || !config) return;
    const next = update(config);
    // Changed back to what is saved: no draft, so nothing to warn about when leaving.
    draftStore.set(key, saved && JSON.stringify(next) === JSON.stringify(saved) ? undefined : next);
    // A field the customer corrects loses its old message; new problems show on save.
    setErrors((prev) => {
      const still = validateUiConfig(next);
      return Object.fromEntries(Object.entries(prev).filter(([p]) => p in still));
    });
  }

  function discard() {
    if (key) draftStore.set(key, undefined);
    setErrors({});
  }

  async function save() {
    if (!config || !chatbotId || !lang || !key) return;
    const local = validateUiConfig(config);
    setErrors(local);
    if (Object.keys(local).length) {
      notify('uiconfig.validation.fixErrors', { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      // After a downgrade the stored config may still hide the branding; the plan no longer allows that.
      const body = query.data?.locks.brandingRemoval ? { ...config, showPoweredBy: true } : config;
      const record = await uiConfigApi.save(chatbotId, lang, body);
      queryClient.setQueryData([UICONFIG_QUERY_KEY, chatbotId, lang], record);
      draftStore.set(key, undefined);
      notify('uiconfig.saved', { type: 'success' });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setErrors(serverFieldErrors(e.details));
      notify(e instanceof Error ? e.message : 'errors.Unknown', { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return { query, record: query.data, config, dirty, errors, saving, change, discard, save };
}

export type UiConfigEditor = ReturnType<typeof useUiConfigEditor>;
