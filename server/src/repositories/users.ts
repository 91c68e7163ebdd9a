import type { Queryable } from '../db/index.ts';
import { isUuid } from '../../../contract/ids.ts';

export interface UserRow {
  id: string;
  organization_id: string;
  subject: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  company: string;
  phone: string;
  campaign: string | null;
  preferred_language: string | null;
  is_admin: boolean;
  created_at: string;
}

export const usersRepo = {
  async bySubject(db: Queryable, subject: string) {
    return (await db.query<UserRow>('select * from users where subject = $1', [subject])).rows[0] ?? null;
  },
  async byEmail(db: Queryable, email: string) {
    return (await db.query<UserRow>('select * from users where lower(email) = lower($1)', [email])).rows[0] ?? null;
  },
  async byId(db: Queryable, id: string) {
    if (!isUuid(id)) return null;
    return (await db.query<UserRow>('select * from users where id = $1', [id])).rows[0] ?? null;
  },
  /** A new user; without a subject (a local account) it gets a random one until setSubjectToId. */
  async create(
    db: Queryable,
    u: {
      organizationId: string; subject: string | null; email: string; passwordHash: string | null; isAdmin: boolean; firstName: string; lastName: string;
      preferredLanguage?: string | null;
    },
  ) {
    const r = await db.query<UserRow>(
      `insert into users(organization_id, subject, email, password_hash, is_admin, first_name, last_name, preferred_language)
       values ($1, coalesce($2, gen_random_uuid()::text), $3, $4, $5, $6, $7, $8) returning *`,
      [u.organizationId, u.subject, u.email, u.passwordHash, u.isAdmin, u.firstName, u.lastName, u.preferredLanguage ?? null],
    );
    return r.rows[0];
  },
  async setSubjectToId(db: Queryable, id: string) {
    return (await db.query<UserRow>('update users set subject = id::text where id = $1 returning *', [id])).rows[0];
  },
  async setAdmin(db: Queryable, email: string, isAdmin: boolean) {
    const r = await db.query<UserRow>('update users set is_admin = $2, updated_at = now() where lower(email) = lower($1) returning *', [email, isAdmin]);
    return r.rows[0] ?? null;
  },
  async setPassword(db: Queryable, id: string, passwordHash: string) {
    await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [id, passwordHash]);
  },
  /** Updates the profile fields given (undefined = unchanged; campaign may be set to null). */
  async updateProfile(db: Queryable, id: string, p: ProfilePatch) {
    const r = await db.query<UserRow>(
      `update users set
         first_name = coalesce($2, first_name), last_name = coalesce($3, last_name), company = coalesce($4, company),
         phone = coalesce($5, phone), preferred_language = coalesce($6, preferred_language),
         campaign = case when $7::boolean then $8 else campaign end, updated_at = now()
       where id = $1 returning *`,
      [id, p.firstName ?? null, p.lastName ?? null, p.company ?? null, p.phone ?? null, p.preferredLanguage ?? null, p.campaign !== undefined, p.campaign ?? null],
    );
    return r.rows[0] ?? null;
  },
};

export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  company?: string;
  phone?: string;
  preferredLanguage?: string;
  campaign?: string | null;
}

/** The id rule lives with the contract; re-exported for the repositories that import it from here. */
export { isUuid };
