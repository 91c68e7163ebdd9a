import { Alert, Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useActiveLanguage } from '../../hooks/useActiveLanguage.ts';
import { languageName } from '../../lib/languageNames.ts';
import { ContactsTab } from './ContactsTab.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { SaveBar } from './SaveBar.tsx';
import { StylingTab } from './StylingTab.tsx';
import { TextsTab } from './TextsTab.tsx';
import { UiConfigTabs, type UiConfigTab } from './UiConfigTabs.tsx';
import { useUiConfigEditor } from './useUiConfigEditor.ts';

export type { UiConfigTab };

/**
 * /uiconfig/{text-and-messages, styling-and-colors, contacts}: the widget's configuration in the active
 * chatbot language, with the real widget beside the form showing every change before it is saved.
 */
export default function UiConfigPage({ tab }: { tab: UiConfigTab }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { active: lang, chatbotId } = useActiveLanguage();
  const editor = useUiConfigEditor(chatbotId, lang);
  const { config, record, errors } = editor;

  return (
    // inline-size containment: the form and the frame never widen the layout beyond a phone screen.
    <Box sx={{ py: 2, minWidth: 0, contain: 'inline-size' }} data-testid="uiconfig-page" data-tab={tab}>
      <Typography variant="h5" component="h1">
        {translate('uiconfig.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {lang ? translate('uiconfig.intro', { language: languageName(lang, locale) }) : translate('errors.NoLanguageSelected')}
      </Typography>
      <UiConfigTabs tab={tab} errors={errors} />
      {editor.query.error && (
        <Alert severity="error">{translate(editor.query.error.message, { _: translate('errors.Unknown') })}</Alert>
      )}
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: { lg: 'flex-start' } }}>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Card>
            <CardContent>
              {!config || !record ? (
                <Stack spacing={2}>
                  {[1, 2, 3, 4].map((i) => (
                    <Skeleton key={i} variant="rectangular" height={40} />
                  ))}
                </Stack>
              ) : tab === 'textAndMessages' ? (
                <TextsTab config={config} errors={errors} change={editor.change} />
              ) : tab === 'stylingAndColors' ? (
                <StylingTab config={config} errors={errors} locks={record.locks} change={editor.change} />
              ) : (
                <ContactsTab config={config} errors={errors} locks={record.locks} change={editor.change} />
              )}
            </CardContent>
          </Card>
          {config && <SaveBar dirty={editor.dirty} saving={editor.saving} onSave={editor.save} onDiscard={editor.discard} />}
        </Box>
        {config && chatbotId && lang && <PreviewPanel chatbotId={chatbotId} lang={lang} config={config} dirty={editor.dirty} />}
      </Stack>
    </Box>
  );
}
