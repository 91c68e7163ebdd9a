import { Box, Button, Typography } from '@mui/material';
import PlayIcon from '@mui/icons-material/PlayCircleOutline';
import CodeIcon from '@mui/icons-material/Code';
import { useListContext, useTranslate } from 'react-admin';
import { EmptyState } from './EmptyState.tsx';
import { narrowsChats, withoutNarrowing } from './historyFilters.ts';

/**
 * The empty chat history. Filtered: says no chat matches and offers to reset the filters. Unfiltered (no chat
 * yet): says when chats will appear and links to the next steps, trying the chatbot in the preview and
 * embedding it on the website.
 */
export function HistoryEmptyState() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  if (narrowsChats(filterValues))
    return (
      <Box sx={{ p: 3, textAlign: 'center' }} data-testid="chat-list-empty">
        <Typography color="text.secondary" gutterBottom>
          {translate('emptyStates.history.filtered')}
        </Typography>
        <Button onClick={() => setFilters(withoutNarrowing(filterValues), undefined, false)} data-testid="chat-list-reset-filters">
          {translate('emptyStates.history.resetFilters')}
        </Button>
      </Box>
    );
  return (
    <EmptyState
      testId="chat-list-empty"
      title={translate('emptyStates.history.title')}
      text={translate('emptyStates.history.text')}
      actions={[
        { label: translate('emptyStates.history.preview'), to: '/preview', icon: <PlayIcon />, testId: 'chat-list-empty-preview' },
        { label: translate('emptyStates.history.implementation'), to: '/implementation', icon: <CodeIcon />, testId: 'chat-list-empty-implementation' },
      ]}
    />
  );
}
