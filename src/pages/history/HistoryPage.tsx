import chats from '../../resources/chats/index.ts';

/** /history: the chats resource's list, laid out as the chat history screen. */
export default function HistoryPage() {
  return <chats.list />;
}
