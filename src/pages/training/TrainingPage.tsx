import { Box, Tab, Tabs, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import websites from '../../resources/websites/index.ts';
import documents from '../../resources/documents/index.ts';
import qna from '../../resources/qna/index.ts';
import contacts from '../../resources/contacts/index.ts';
import { TRAINING_TABS, type TrainingTab } from './trainingTabs.ts';
import { useTrainingScope } from './useTrainingScope.ts';

const SCREENS: Record<TrainingTab, { list: React.ComponentType }> = {
  website: websites,
  documents,
  questionAnswer: qna,
  contacts,
};

/** /training/<tab>: one heading "Training", the four sources as tabs, and the chosen source's screen. */
export default function TrainingPage({ tab }: { tab: TrainingTab }) {
  const translate = useTranslate();
  const { chatbotId, lang } = useTrainingScope();
  const Screen = SCREENS[tab].list;
  return (
    // inline-size containment: long unbroken URLs and paths never widen the layout beyond a phone screen.
    <Box sx={{ mt: { xs: 1, sm: 2 }, mb: 4, minWidth: 0, contain: 'inline-size' }} data-testid={`training-${tab}`}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('training.title')}
      </Typography>
      <Tabs value={tab} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {TRAINING_TABS.map((t) => (
          <Tab key={t.tab} value={t.tab} label={translate(`training.tabs.${t.tab}`)} component={Link} to={`/training/${t.path}`} data-testid={`training-tab-${t.tab}`} />
        ))}
      </Tabs>
      {/* A new chatbot or language is a new screen: no list state leaks from one language to another. */}
      <Screen key={`${chatbotId}:${lang}`} />
    </Box>
  );
}
