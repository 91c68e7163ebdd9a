import type { AuthInfo } from '../context.ts';
import type { Db, Queryable } from '../db/index.ts';
import { badRequest, notFound } from '../errors.ts';
import type { ApiUser, UserLookup } from '../../../contract/api/account.ts';
import { logAdminAccess } from '../plugins/app/auth.ts';
import { usersRepo, type ProfilePatch, type UserRow } from '../repositories/users.ts';
import { chatbotsRepo } from '../repositories/chatbots.ts';
import { organizationsRepo } from '../repositories/organizations.ts';
import { getSubscription } from './subscriptions.ts';
import { toApiChatbot } from './chatbots.ts';
import { syncWizardContact } from './contacts.ts';

export async function toApiUser(db: Queryable, user: UserRow): Promise<ApiUser> {
  const org = await organizationsRepo.billingCustomer(db, user.organization_id);
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    company: user.company,
    phone: user.phone,
    campaign: user.campaign,
    preferredLanguage: user.preferred_language,
    isAdmin: user.is_admin,
    organization: { id: user.organization_id, customerId: org?.customer_id ?? null },
  };
}

/** The user with their organization's subscription and chatbot. */
export async function lookupUser(db: Queryable, user: UserRow): Promise<UserLookup> {
  const [apiUser, subscription, bot] = [
    await toApiUser(db, user),
    await getSubscription(db, user.organization_id),
    await chatbotsRepo.firstOfOrg(db, user.organization_id),
  ];
  return { user: apiUser, subscription, chatbot: bot ? toApiChatbot(bot) : null };
}

/**
 * The user a users/{id} call may touch: the caller (or the customer an admin acts as);
 * an admin may name anyone, and that access is audited. Anyone else's id is 404.
 */
export async function userForCaller(db: Queryable, caller: AuthInfo, id: string): Promise<UserRow> {
  const self = caller.actingAs ?? caller.user;
  if (id === self.id) return self;
  if (!caller.isAdmin) throw notFound('User');
  const other = await usersRepo.byId(db, id);
  if (!other) throw notFound('User');
  // Acting-as requests are already logged by the auth hook; direct reads by id are logged here.
  if (!caller.actingAs) await logAdminAccess(db, caller, other.organization_id);
  return other;
}

/**
 * Saves profile fields; the company also names the organization. The personal data then becomes (or,
 * while the customer has not edited it, updates) the chatbot's default contact: see syncWizardContact.
 */
export async function updateProfile(db: Db, user: UserRow, patch: ProfilePatch, log?: { warn: (obj: unknown, msg: string) => void }) {
  const updated = await db.transaction(async (tx) => {
    const row = await usersRepo.updateProfile(tx, user.id, patch);
    if (!row) throw notFound('User');
    if (patch.company !== undefined) await organizationsRepo.rename(tx, user.organization_id, patch.company);
    return row;
  });
  await syncWizardContact(db, updated, log);
  return updated;
}

/** NUL characters and lone surrogates cannot be stored by PostgreSQL: refused with a 400 naming the field. */
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function refuseUnstorableText(body: unknown, path: string[] = []): void {
  if (typeof body === 'string') {
    if (UNSTORABLE.test(body))
      throw badRequest('ValidationFailed', 'Text contains characters that cannot be stored', [
        { path: path.join('.'), code: 'invalid_string', message: 'NUL characters and lone surrogates are not allowed' },
      ]);
  } else if (Array.isArray(body)) body.forEach((v, i) => refuseUnstorableText(v, [...path, String(i)]));
  else if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) refuseUnstorableText(v, [...path, k]);
}
