import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslate } from 'react-admin';
import { shopThemeEditorUrl } from './shopUrl.ts';
import { StepList } from './StepList.tsx';

const SHOP_STEPS = [1, 2, 3, 4, 5].map((n) => `implementation.shop.steps.${n}`);

/** Online-shop variant: the admin store URL becomes the link to the theme's code editor, plus the steps. */
export function ShopConverter() {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editorUrl, setEditorUrl] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const r = shopThemeEditorUrl(input);
    if (!r.ok) {
      setEditorUrl(null);
      return setError(r.reason === 'empty' ? 'register.validation.required' : 'implementation.shop.invalid');
    }
    setError(null);
    setEditorUrl(r.editorUrl);
  }

  return (
    <Box data-testid="implementation-shop">
      <Stack component="form" noValidate onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
        <TextField
          id="shop-admin-url"
          size="small"
          label={translate('implementation.shop.adminUrl')}
          placeholder="https://admin.shopify.com/store/my-shop"
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            if (error) setError(null);
          }}
          error={!!error}
          helperText={error ? translate(error) : translate('implementation.shop.adminUrlHint')}
          required
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" data-testid="implementation-shop-convert">
          {translate('implementation.shop.convert')}
        </Button>
      </Stack>
      {editorUrl && (
        <Alert severity="success" sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0 } }} data-testid="implementation-shop-result">
          {translate('implementation.shop.result')}{' '}
          <Link href={editorUrl} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
            {editorUrl}
            <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }} />
          </Link>
        </Alert>
      )}
      <StepList steps={SHOP_STEPS} testId="implementation-shop-steps" />
    </Box>
  );
}
