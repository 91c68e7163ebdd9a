import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import knowledgeGaps from '../../resources/knowledge-gaps/index.ts';
import { useTrainingScope } from '../training/useTrainingScope.ts';

/** /training/knowledge-gaps: heading, what the screen is for, and the list of the active chatbot and language. */
export default function KnowledgeGapsPage() {
  const translate = useTranslate();
  const { chatbotId, lang, ready } = useTrainingScope();
  const Screen = knowledgeGaps.list;
  return (
    <Box sx={{ mt: { xs: 1, sm: 2 }, mb: 4, minWidth: 0, contain: 'inline-size' }} data-testid="knowledge-gaps">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('knowledgeGaps.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 900 }}>
        {translate('knowledgeGaps.intro')}
      </Typography>
      {/* A new chatbot or language is a new list: no state leaks from one language to another. */}
      {ready && <Screen key={`${chatbotId}:${lang}`} />}
    </Box>
  );
}
