import { useRef } from 'react';
import { InfiniteListBase, useNotify } from 'react-admin';
import { useActiveLanguageValue } from '../../providers/scope.ts';
import { ChatHistoryLayout } from './ChatHistoryLayout.tsx';
import { OlderChatsContext } from './olderChatsContext.ts';

/**
 * The chats resource (scoped to the active chatbot and language by the data provider) shown as the
 * history screen. Filters and sort live in the address next to the open chat (?chatId=…), so a filtered
 * view can be bookmarked, shared and reloaded; nothing is restored from an earlier visit (storeKey off).
 * Pages load by the server's cursor (dataProvider: chatsKeyset.ts), never by counting past older chats.
 */
export function ChatHistory() {
  const notify = useNotify();
  const loadingOlder = useRef(false);
  // The data provider adds the active chatbot and language; naming the language here as well makes
  // a switch of the chatbot language load that language's chats.
  const lang = useActiveLanguageValue();
  return (
    <OlderChatsContext.Provider value={loadingOlder}>
      <InfiniteListBase
        resource="chats"
        perPage={25}
        sort={{ field: 'createdAt', order: 'DESC' }}
        storeKey={false}
        filter={lang ? { lang } : undefined}
        queryOptions={{
          onError: (e: any) =>
            notify(loadingOlder.current ? 'errors.website.olderChatsFailed' : e?.message || 'ra.notification.http_error', { type: 'error' }),
        }}
      >
        <ChatHistoryLayout />
      </InfiniteListBase>
    </OlderChatsContext.Provider>
  );
}
