/**
 * A question refused because the server is busy (503) or the visitor asked too fast (429 RateLimited) is asked
 * again after the server's Retry-After, at most MAX_RETRIES times; then the refusal stands and its text shows.
 * Other refusals (a used-up message quota is a 429 too) are final.
 */
import { isApiError } from './api.ts';

export const MAX_RETRIES = 3;
/** A longer wait than this is no "moment": the visitor reads the refusal instead. */
const MAX_WAIT_S = 30;
/** When a 503 carries no readable Retry-After (a proxy's own page). */
const DEFAULT_WAIT_S = 2;

/** Milliseconds to wait before asking again after the attempt-th refusal, or null when not to ask again. */
export function retryDelayMs(e: unknown, attempt: number, random = Math.random): number | null {
  if (!isApiError(e) || attempt >= MAX_RETRIES) return null;
  if (e.status !== 503 && !(e.status === 429 && e.key === 'RateLimited')) return null;
  const seconds = e.retryAfter ?? DEFAULT_WAIT_S;
  if (seconds > MAX_WAIT_S) return null;
  // Up to a quarter more, so widgets refused in the same instant do not all come back in the same instant.
  return seconds * 1000 * (1 + random() / 4);
}

export async function withBusyRetry<T>(
  call: () => Promise<T>,
  onBusy: () => void,
  wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (e) {
      const ms = retryDelayMs(e, attempt);
      if (ms === null) throw e;
      onBusy();
      await wait(ms);
    }
  }
}
