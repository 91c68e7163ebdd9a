import type { Account, KoaContextWithOIDC } from 'oidc-provider';
import type { Queryable } from '../db/index.ts';
import { usersRepo, type UserRow } from '../repositories/users.ts';

/** The claims the dashboard reads from the ID token. */
export function userClaims(user: UserRow) {
  return {
    sub: user.subject,
    email: user.email,
    // The local provider does not confirm addresses by mail, so it does not claim they are verified.
    email_verified: false,
    given_name: user.first_name,
    family_name: user.last_name,
    // The profile's preferred language (first the language the person signed up in): the dashboard applies it at sign-in.
    ...(user.preferred_language ? { locale: user.preferred_language } : {}),
  };
}

/** oidc-provider's findAccount: accounts are rows of `users`, keyed by their subject. */
export function accountFinder(db: Queryable) {
  return async (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
    const user = await usersRepo.bySubject(db, sub);
    if (!user) return undefined;
    return { accountId: user.subject, claims: () => userClaims(user) };
  };
}

/** The claims access tokens carry besides the standard ones, identical to auth/tokens.ts. */
export async function accessTokenClaims(db: Queryable, accountId: string | undefined) {
  if (!accountId) return undefined;
  const user = await usersRepo.bySubject(db, accountId);
  if (!user) return undefined;
  return { email: user.email, roles: user.is_admin ? ['admin'] : [] };
}
