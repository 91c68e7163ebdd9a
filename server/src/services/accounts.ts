import type { Db } from '../db/index.ts';
import { conflict } from '../errors.ts';
import { assertAllowedPassword, hashPassword } from '../auth/password.ts';
import { organizationsRepo } from '../repositories/organizations.ts';
import { subscriptionsRepo } from '../repositories/subscriptions.ts';
import { usersRepo, type UserRow } from '../repositories/users.ts';

/**
 * Creates a customer: organization, user and a trial subscription, all or nothing.
 * Local accounts get a password and use their own id as subject; accounts of an
 * external issuer are keyed by that issuer's subject.
 */
export async function createAccount(
  db: Db,
  input: {
    email: string; password?: string; subject?: string; isAdmin?: boolean; trialDays: number; firstName?: string; lastName?: string;
    /** The interface language the person signed up in: the dashboard starts in it (the ID token's locale claim). */
    preferredLanguage?: 'de' | 'en';
  },
): Promise<UserRow> {
  const email = input.email.trim();
  if (input.password !== undefined) assertAllowedPassword(input.password, email);
  if (await usersRepo.byEmail(db, email)) throw conflict('EmailTaken', 'Email address already registered');
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const org = await organizationsRepo.create(tx);
    const user = await usersRepo.create(tx, {
      organizationId: org.id, subject: input.subject ?? null, email, passwordHash, isAdmin: !!input.isAdmin,
      firstName: input.firstName ?? '', lastName: input.lastName ?? '', preferredLanguage: input.preferredLanguage ?? null,
    });
    // Local accounts: the subject is the user id, so tokens name the row directly.
    const final = input.subject ? user : await usersRepo.setSubjectToId(tx, user.id);
    await subscriptionsRepo.startTrial(tx, org.id, input.trialDays);
    return final;
  }).catch((e) => {
    // A parallel sign-up with the same address won the race between the check above and the insert.
    if ((e as { code?: string }).code === '23505' && String((e as Error).message).includes('users_email_lower'))
      throw conflict('EmailTaken', 'Email address already registered');
    throw e;
  });
}

/** Seeds or updates the operator account named by ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function ensureAdmin(db: Db, email: string, password: string, trialDays: number) {
  const existing = await usersRepo.byEmail(db, email);
  if (!existing) return createAccount(db, { email, password, isAdmin: true, trialDays });
  assertAllowedPassword(password, email);
  await usersRepo.setPassword(db, existing.id, await hashPassword(password));
  return usersRepo.setAdmin(db, email, true);
}
