import ForumIcon from '@mui/icons-material/ForumOutlined';
import type { ApiChat } from './types.ts';

/**
 * What the app registers of the chats resource (name, icon, record name): small enough for the first
 * screen. Its views are added in index.ts, which only the lazily loaded history screen imports.
 */
export const chatsResource = {
  name: 'chats',
  icon: ForumIcon,
  /** A chat is named by its visitor's name when they left one, else by its start. */
  recordRepresentation: (record: ApiChat) =>
    record.lead?.name || [record.lead?.firstName, record.lead?.lastName].filter(Boolean).join(' ') || record.lead?.email || new Date(record.createdAt).toLocaleString(),
};
