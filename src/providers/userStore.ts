/**
 * The signed-in user's lookup (user, subscription, chatbot), loaded by the route guard and read by every
 * screen. undefined = not loaded yet, null = loading found none (a failed lookup clears all three).
 */
import { useSyncExternalStore } from 'react';
import type { UserLookup } from '../../contract/api/account.ts';

type Listener = () => void;
let current: UserLookup | null | undefined;
const listeners = new Set<Listener>();

export const userStore = {
  get: () => current,
  set(value: UserLookup | null | undefined) {
    current = value;
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useUserLookup(): UserLookup | null | undefined {
  return useSyncExternalStore(userStore.subscribe, userStore.get, userStore.get);
}
