import { ChatHistory } from './ChatHistory.tsx';
import { chatsResource } from './resource.ts';

/** The chats resource: its list is the history screen (/history, composed by the history plugin). */
export default {
  ...chatsResource,
  list: ChatHistory,
};
