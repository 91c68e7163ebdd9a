import { Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useStore, useTranslate } from 'react-admin';
import { WidgetFrame } from '../preview/WidgetFrame.tsx';
import type { UiConfig } from './uiConfigModel.ts';

export type PreviewSize = 'large' | 'small' | 'noPreview';
const SIZES: PreviewSize[] = ['large', 'small', 'noPreview'];

/** Frame sizes: large shows the desktop panel (wider than the widget's 480 px phone break), small a phone. */
const FRAME = {
  large: { width: { xs: '100%', lg: 500 }, height: 720 },
  small: { width: { xs: '100%', sm: 360 }, maxWidth: 360, height: 640 },
} as const;

interface Props {
  chatbotId: string;
  lang: string;
  config: UiConfig;
  dirty: boolean;
}

/** The real widget beside the form, showing every unsaved change live (chatbotConfigChange). */
export function PreviewPanel({ chatbotId, lang, config, dirty }: Props) {
  const translate = useTranslate();
  const [size, setSize] = useStore<PreviewSize>('uiconfig.previewSize', 'large');
  const [open, setOpen] = useStore<boolean>('uiconfig.previewOpen', true);
  return (
    <Box data-testid="uiconfig-preview" sx={{ position: { lg: 'sticky' }, top: { lg: 72 }, alignSelf: { lg: 'flex-start' }, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2" component="h2" sx={{ mr: 'auto' }}>
          {translate('uiconfig.preview.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={size}
          onChange={(_, v: PreviewSize | null) => v && setSize(v)}
          aria-label={translate('uiconfig.preview.size')}
        >
          {SIZES.map((s) => (
            <ToggleButton key={s} value={s} data-testid={`preview-size-${s}`}>
              {translate(`uiconfig.preview.sizes.${s}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {size !== 'noPreview' && (
        <>
          <WidgetFrame
            chatbotId={chatbotId}
            lang={lang}
            config={config}
            open={open}
            title={translate('uiconfig.preview.frameTitle')}
            testId="uiconfig-preview-frame"
            sx={FRAME[size]}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => setOpen(!open)} data-testid="preview-open-toggle">
              {translate(open ? 'uiconfig.preview.showButton' : 'uiconfig.preview.showChat')}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {translate(dirty ? 'uiconfig.preview.unsaved' : 'uiconfig.preview.saved')}
            </Typography>
          </Stack>
        </>
      )}
    </Box>
  );
}
