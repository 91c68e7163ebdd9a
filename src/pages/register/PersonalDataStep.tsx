import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Grid, MenuItem, TextField } from '@mui/material';
import { useNavigate } from 'react-router';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { ApiUser } from '../../../contract/api/account.ts';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { ApiError } from '../../providers/http.ts';
import { userStore } from '../../providers/userStore.ts';
import { SUPPORTED_LOCALES, isSupportedLocale } from '../../lib/locale.ts';
import { serverFieldErrors, validatePersonal, type FieldErrors, type PersonalField, type PersonalValues } from './validation.ts';
import { stepHref } from './wizardSteps.ts';

const FIELDS: PersonalField[] = ['firstName', 'lastName', 'company', 'phone', 'preferredLanguage'];

/** Step "personal data": names, company, phone and preferred language; the campaign rides along. */
export function PersonalDataStep({ user, registered, campaign }: { user: ApiUser; registered: boolean; campaign: string | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale, setLocale] = useLocaleState();
  const [values, setValues] = useState<PersonalValues>({
    firstName: user.firstName,
    lastName: user.lastName,
    company: user.company,
    phone: user.phone,
    // The interface language: sign-in applied the profile's preference, and the language switch writes it.
    preferredLanguage: isSupportedLocale(locale) ? locale : (user.preferredLanguage ?? locale),
  });
  const [errors, setErrors] = useState<FieldErrors<PersonalField>>({});
  // The wizard's language switch is the preferred language too: switching it changes the field.
  const shownLocale = useRef(locale);
  useEffect(() => {
    if (shownLocale.current === locale) return;
    shownLocale.current = locale;
    setValues((v) => ({ ...v, preferredLanguage: locale }));
  }, [locale]);
  const [saving, setSaving] = useState(false);

  const set = (field: PersonalField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validatePersonal(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const saved = await dataProvider.patchUser(user.id, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        company: values.company.trim(),
        phone: values.phone.trim(),
        preferredLanguage: values.preferredLanguage as 'de' | 'en',
        ...(campaign && !user.campaign ? { campaign } : {}),
      });
      const lookup = userStore.get();
      if (lookup) userStore.set({ ...lookup, user: saved });
      // And the field is the language switch: the wizard goes on in the preferred language.
      if (saved.preferredLanguage && saved.preferredLanguage !== locale) setLocale(saved.preferredLanguage);
      // The entry the user came from becomes "personal data" explicitly, so the browser's back button
      // returns here even though a bare /register would now resolve to the website step.
      if (!registered) navigate(stepHref('personal', false), { replace: true });
      navigate(stepHref('website', registered));
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? serverFieldErrors(err.details, FIELDS) : {};
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else notify(err instanceof Error ? err.message : 'errors.Unknown', { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const field = (name: PersonalField, extra: Record<string, unknown> = {}) => ({
    id: `register-${name}`,
    name,
    label: translate(`register.fields.${name}`),
    value: values[name],
    onChange: set(name),
    error: !!errors[name],
    helperText: errors[name] ? translate(errors[name]!) : ((extra.hint as string | undefined) ?? ' '),
    required: true,
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="register-personal">
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('firstName')} autoComplete="given-name" autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('lastName')} autoComplete="family-name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('company')} autoComplete="organization" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('phone', { hint: translate('register.hints.phone') })} type="tel" autoComplete="tel" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('preferredLanguage')} select>
            {SUPPORTED_LOCALES.map((l) => (
              <MenuItem key={l} value={l}>
                {translate(`app.locales.${l}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={saving} data-testid="register-next">
          {translate('register.next')}
        </Button>
      </Box>
    </Box>
  );
}
