/** Identity-provider constants of spec section 9, in one place. */
export const AUTH = {
  /** HTTP timeout of calls to the identity provider. */
  requestTimeoutSeconds: 10,
  /** Attempts after a failed call to the identity provider (configuration, silent renew). */
  retries: 3,
  /** A popup or the hidden silent-renew frame gives up after this long. */
  popupTimeoutSeconds: 60,
  /** Two tabs renewing at once wait at most this long for each other. */
  tokenLockSeconds: 5,
  /** A token expiring within this margin counts as expired (clock skew between browser and issuer). */
  tokenLeewaySeconds: 60,
  /** Renew this long before the access token expires. */
  silentRenewMarginSeconds: 60,
  /** Lifetime of the identity provider's session-check cookie (set by the provider; documented here). */
  sessionCheckCookieDays: 1,
} as const;

export async function withRetries<T>(fn: () => Promise<T>, retries: number = AUTH.retries): Promise<T> {
  let last: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await fn();
    } catch (e) {
      last = e;
      if (attempt < retries) await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
  throw last;
}
