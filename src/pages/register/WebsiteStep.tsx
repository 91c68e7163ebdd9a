import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Grid, MenuItem, TextField } from '@mui/material';
import { useNavigate } from 'react-router';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { UserLookup } from '../../../contract/api/account.ts';
import { LANGUAGES_QUERY_KEY } from '../../hooks/useChatbotLanguages.ts';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { ApiError } from '../../providers/http.ts';
import { loadUser } from '../../providers/session.ts';
import { languageName } from '../../lib/languageNames.ts';
import { validateWebsite } from './validation.ts';
import { stepHref } from './wizardSteps.ts';

/**
 * Step "train website", first half: the website address (as in the browser, forced to https) and the
 * chatbot's language. Creating the chatbot registers the user; the wizard continues on /register/website.
 */
export function WebsiteStep({ lookup }: { lookup: UserLookup | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale] = useLocaleState();
  const [url, setUrl] = useState('');
  const [lang, setLang] = useState<string>(lookup?.user.preferredLanguage ?? 'de');
  const [errors, setErrors] = useState<{ url?: string; lang?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const checked = url.trim() ? validateWebsite(url) : null;
  const pool = useQuery({ queryKey: [LANGUAGES_QUERY_KEY, 'pool'], queryFn: () => dataProvider.getLanguagePool(), staleTime: Infinity });
  // Until the pool is loaded the chosen language is the only option, so the select never shows an unknown value.
  const codes = pool.data ?? [lang];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const r = validateWebsite(url);
    if (r.error !== undefined) return setErrors({ url: r.error });
    if (!lang) return setErrors({ lang: 'register.validation.required' });
    // Spec section 5: without a loaded user the registration cannot go on.
    if (!lookup?.user) return setErrors({ form: 'errors.RegistrationFailed' });
    setErrors({});
    setSaving(true);
    try {
      await dataProvider.createChatbot({ organizationId: lookup.user.organization.id, url: r.url, lang });
      await finish();
    } catch (err) {
      if (err instanceof ApiError && err.serverKey === 'AlreadyRegistered') return void (await finish());
      if (err instanceof ApiError && err.serverKey === 'ValidationFailed') setErrors({ url: 'errors.url.invalid' });
      else if (err instanceof ApiError && err.serverKey === 'LanguageNotAvailable') setErrors({ lang: 'errors.LanguageNotAvailable' });
      else notify(err instanceof Error ? err.message : 'errors.Unknown', { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  /** The lookup now has the chatbot: the user is registered and the wizard moves to the registered routes. */
  async function finish() {
    const fresh = await loadUser();
    if (!fresh?.chatbot) return setErrors({ form: 'errors.RegistrationFailed' });
    navigate(stepHref('website', true), { replace: true });
  }

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="register-website">
      {errors.form && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="register-form-error">
          {translate(errors.form)}
        </Alert>
      )}
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            id="register-url"
            name="url"
            label={translate('register.fields.url')}
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              if (errors.url) setErrors((x) => ({ ...x, url: undefined }));
            }}
            onBlur={() => url.trim() && setErrors((x) => ({ ...x, url: validateWebsite(url).error }))}
            error={!!errors.url}
            helperText={
              errors.url
                ? translate(errors.url)
                : checked?.url
                  ? translate('register.hints.urlResult', { url: checked.url })
                  : translate('register.hints.url')
            }
            placeholder="www.example.com"
            type="url"
            inputMode="url"
            autoComplete="url"
            required
            fullWidth
            autoFocus
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            id="register-lang"
            name="lang"
            select
            label={translate('register.fields.lang')}
            value={lang}
            onChange={(e) => setLang(e.target.value)}
            error={!!errors.lang}
            helperText={errors.lang ? translate(errors.lang) : translate('register.hints.lang')}
            required
            fullWidth
          >
            {codes.map((code) => (
              <MenuItem key={code} value={code}>
                {languageName(code, locale)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2 }}>
        <Button onClick={() => navigate(stepHref('personal', false))} data-testid="register-back">
          {translate('register.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="register-next">
          {translate('register.createChatbot')}
        </Button>
      </Box>
    </Box>
  );
}
