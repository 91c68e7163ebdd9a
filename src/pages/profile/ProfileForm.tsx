import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, Grid, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ApiUser } from '../../../contract/api/account.ts';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { ApiError } from '../../providers/http.ts';
import { userStore } from '../../providers/userStore.ts';
import { serverFieldErrors, validateNames, type FieldErrors } from '../register/validation.ts';

type Field = 'firstName' | 'lastName' | 'company';
const FIELDS: Field[] = ['firstName', 'lastName', 'company'];

/** First and last name and company, saved with validation; the email is shown, not editable. */
export function ProfileForm({ user }: { user: ApiUser }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [values, setValues] = useState<Record<Field, string>>({ firstName: user.firstName, lastName: user.lastName, company: user.company });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [saving, setSaving] = useState(false);
  const dirty = FIELDS.some((f) => values[f] !== user[f]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateNames(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const saved = await dataProvider.patchUser(user.id, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        company: values.company.trim(),
      });
      const lookup = userStore.get();
      if (lookup) userStore.set({ ...lookup, user: saved });
      setValues({ firstName: saved.firstName, lastName: saved.lastName, company: saved.company });
      notify('profile.saved', { type: 'success' });
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? serverFieldErrors(err.details, FIELDS) : {};
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else notify(err instanceof Error ? err.message : 'errors.Unknown', { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const field = (name: Field, autoComplete: string) => (
    <TextField
      id={`profile-${name}`}
      name={name}
      label={translate(`register.fields.${name}`)}
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        if (errors[name]) setErrors((x) => ({ ...x, [name]: undefined }));
      }}
      error={!!errors[name]}
      helperText={errors[name] ? translate(errors[name]!) : ' '}
      autoComplete={autoComplete}
      required
      fullWidth
    />
  );

  return (
    <Card component="form" noValidate onSubmit={submit} data-testid="profile-form">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('profile.personal')}
        </Typography>
        <Grid container columnSpacing={2} rowSpacing={1}>
          <Grid size={{ xs: 12, sm: 6 }}>{field('firstName', 'given-name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('lastName', 'family-name')}</Grid>
          <Grid size={12}>{field('company', 'organization')}</Grid>
          <Grid size={12}>
            <TextField label={translate('profile.email')} value={user.email} fullWidth slotProps={{ input: { readOnly: true } }} helperText={translate('profile.emailHint')} />
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={saving || !dirty} data-testid="profile-save">
            {translate('ra.action.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
