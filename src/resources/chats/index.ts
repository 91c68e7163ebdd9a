import ForumIcon from '@mui/icons-material/ForumOutlined';
import { ChatHistory } from './ChatHistory.tsx';

/** The chats resource: its one view is the history screen (/history). */
export default {
  list: ChatHistory,
  icon: ForumIcon,
  recordRepresentation: (record: { id: string }) => record.id,
};
