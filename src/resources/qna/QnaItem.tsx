import { Box, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import { DeleteWithConfirmButton, RecordContextProvider, useLocaleState, useTranslate } from 'react-admin';
import { QnaActiveSwitch } from './QnaActiveSwitch.tsx';
import type { Qna } from './types.ts';

/** One pair as a card (phones): question, the answer's first lines, activation, edit and delete. */
export function QnaItem({ qna, onEdit }: { qna: Qna; onEdit: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <RecordContextProvider value={qna}>
      <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="qna-item" data-active={qna.active}>
        <Stack direction="row" spacing={1} alignItems="flex-start">
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }} data-testid="qna-question">
              {qna.question}
            </Typography>
            <Typography
              variant="body2"
              sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              color="text.secondary"
              data-testid="qna-answer"
            >
              {qna.answer}
            </Typography>
          </Box>
          <Tooltip title={translate('ra.action.edit')}>
            <IconButton onClick={onEdit} aria-label={translate('ra.action.edit')} data-testid="qna-edit">
              <EditIcon />
            </IconButton>
          </Tooltip>
          <DeleteWithConfirmButton resource="qna" label="" aria-label={translate('ra.action.delete')} mutationMode="pessimistic" redirect={false} data-testid="qna-delete" sx={{ minWidth: 40 }} />
        </Stack>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mt: 1 }}>
          <QnaActiveSwitch qna={qna} />
          {qna.fromChatHistory && <Chip size="small" label={translate('training.qna.fromChatHistory')} />}
          {qna.hasLink && <Chip size="small" label={translate('training.qna.hasLink')} />}
          <Typography variant="caption" color="text.secondary">
            {translate('training.qna.added', { date: new Date(qna.createdAt).toLocaleDateString(locale === 'de' ? 'de-DE' : 'en-US') })}
          </Typography>
        </Stack>
      </Paper>
    </RecordContextProvider>
  );
}
