/**
 * react-admin's query client, with one change: requests are sent whatever the browser says about the
 * network. By default react-query holds queries and saves while offline and replays them when the network
 * returns: a save then spins, and later goes out silently. Sent at once, the fetch wrapper answers
 * NoInternetConnection (spec section 8) and the screen says so; nothing is replayed behind the user's back.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

/** Retrying cannot help while offline; other failures keep react-query's three retries of a read. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.key === 'NoInternetConnection') return false;
  return failureCount < 3;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { networkMode: 'always', retry: shouldRetry },
      mutations: { networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
