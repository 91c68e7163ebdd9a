import { createContext, useContext, type MutableRefObject } from 'react';

/**
 * Set while older chats are being loaded, so the list's error handler can tell "older chats could not
 * be loaded" from a list that failed to load at all.
 */
export const OlderChatsContext = createContext<MutableRefObject<boolean>>({ current: false });
export const useOlderChatsFlag = () => useContext(OlderChatsContext);
