import type { Queryable } from '../db/index.ts';
import { signInFailuresRepo } from './signInFailuresRepo.ts';

/**
 * Progressive delay after failed sign-ins, counted per account (across client addresses: a spray from many
 * addresses) and per client address (across accounts: one address trying many accounts). A few failures are
 * free (typos); each further one locks the key for twice as long as the one before, up to MAX_DELAY_SECONDS.
 * An address gets more free failures than an account: an office behind one NAT address has many users.
 */
export const FAILURE_WINDOW_SECONDS = 15 * 60;
export const FREE_FAILURES = { account: 3, address: 10 } as const;
export const MAX_DELAY_SECONDS = 60;

/** Seconds a key stays locked after its `failures`-th failure: 0 while free, then 1, 2, 4, … up to the cap. */
export function delayAfterFailures(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** (failures - free - 1));
}

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
/** The client address's key, and the account's when one is named (a sign-up for a taken address names none). */
const keysOf = (address: string, email?: string) => ({ address: `address:${address}`, ...(email ? { account: accountKey(email) } : {}) });

export function signInThrottle(db: Queryable) {
  return {
    /** Seconds the caller must wait before this account (if named) may be tried from this address (0: go ahead). */
    async secondsToWait(address: string, email?: string) {
      return signInFailuresRepo.secondsLocked(db, Object.values(keysOf(address, email)));
    },

    async failed(address: string, email?: string) {
      for (const [kind, key] of Object.entries(keysOf(address, email)) as [keyof typeof FREE_FAILURES, string][]) {
        const failures = await signInFailuresRepo.increment(db, key, FAILURE_WINDOW_SECONDS);
        const delay = delayAfterFailures(failures, FREE_FAILURES[kind]);
        if (delay > 0) await signInFailuresRepo.lock(db, key, delay);
      }
    },

    /**
     * The right password ends the account's count. The address keeps its count: otherwise a sprayer could
     * reset it by signing in to an account of its own between guesses.
     */
    async succeeded(email: string) {
      await signInFailuresRepo.clear(db, accountKey(email));
    },
  };
}
