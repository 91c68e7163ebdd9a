import { Chip, Stack, Typography } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import type { AnswerSource } from './types.ts';

/**
 * The sources an answer used: webpages open on the customer's site, question-answer pairs and
 * documents open in the training screen (deep links by id).
 */
export function MessageSources({ sources }: { sources: AnswerSource[] }) {
  const translate = useTranslate();
  if (!sources?.length) return null;
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={0.5} alignItems="center" sx={{ mt: 0.75 }} data-testid="message-sources">
      <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
        {translate('history.message.sources')}:
      </Typography>
      {sources.map((s) => {
        const label = s.title || s.name || s.url || translate(`history.message.source${s.type === 'qna' ? 'Qna' : s.type === 'document' ? 'Document' : 'Webpage'}`);
        if (s.type === 'webpage' && s.url)
          return (
            <Chip key={`${s.type}:${s.id}`} size="small" icon={<LinkIcon />} label={label} component="a" href={s.url} target="_blank" rel="noopener noreferrer" clickable title={s.url} sx={{ maxWidth: 260 }} />
          );
        const to = s.type === 'qna' ? `/training/question-answer?qnaId=${s.id}` : `/training/documents?documentId=${s.id}`;
        return (
          <Chip
            key={`${s.type}:${s.id}`}
            size="small"
            icon={s.type === 'qna' ? <QuizIcon /> : <DescriptionIcon />}
            label={label}
            component={Link}
            to={to}
            clickable
            title={translate(`history.message.source${s.type === 'qna' ? 'Qna' : 'Document'}`)}
            sx={{ maxWidth: 260 }}
          />
        );
      })}
    </Stack>
  );
}
