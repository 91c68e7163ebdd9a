import { lazy } from 'react';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import type { ApiChat } from './types.ts';

/**
 * The chats resource, declared once. Its list is the history screen (/history, composed by the history
 * plugin); the view loads with that screen, not with the app.
 */
export default {
  name: 'chats',
  list: lazy(() => import('./ChatHistory.tsx').then((m) => ({ default: m.ChatHistory }))),
  icon: ForumIcon,
  /** A chat is named by its visitor's name when they left one, else by its start. */
  recordRepresentation: (record: ApiChat) =>
    record.lead?.name || [record.lead?.firstName, record.lead?.lastName].filter(Boolean).join(' ') || record.lead?.email || new Date(record.createdAt).toLocaleString(),
};
