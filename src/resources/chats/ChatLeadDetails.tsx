import { Box, Paper, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from './formatDate.ts';
import { LEAD_FIELDS } from '../../../contract/lead.ts';
import type { ApiChat } from './types.ts';

/** The contact details the visitor left in the lead form, field by field. */
export function ChatLeadDetails({ chat }: { chat: ApiChat }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lead = chat.lead;
  const fields = LEAD_FIELDS.filter((f) => lead?.[f]);
  if (!lead || !fields.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="chat-lead">
      <Typography variant="subtitle2" gutterBottom>
        {translate('history.lead.title')}
        {chat.leadSubmittedAt && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {translate('history.lead.submitted', { date: formatDateTime(chat.leadSubmittedAt, locale) })}
          </Typography>
        )}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5 }}>
        {fields.map((f) => (
          <Box key={f} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`history.lead.${f}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, wordBreak: 'break-word' }} data-field={f}>
              {f === 'email' ? <a href={`mailto:${lead[f]}`}>{lead[f]}</a> : f === 'phoneNumber' ? <a href={`tel:${lead[f]}`}>{lead[f]}</a> : lead[f]}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
