import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { SigningKeys } from './auth/keys.ts';
import type { TokenVerifier } from './auth/verifier.ts';
import type { UserRow } from './repositories/users.ts';
import type { Jobs } from './jobs/boss.ts';

/** Everything a route or service needs, built once at start and hung on the app as `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The local issuer's keys; null when an external OIDC_ISSUER is configured. */
  keys: SigningKeys | null;
  issuer: string;
  audience: string;
  verifyToken: TokenVerifier;
  jobs: Jobs;
}

/**
 * Who is calling: the signed-in user, and the tenant every query is scoped to. The auth plugin puts it on the
 * request; services take it instead of the request.
 */
export interface AuthInfo {
  user: UserRow;
  isAdmin: boolean;
  /** The organization all queries are scoped to: the caller's, or for an admin acting as a customer, the customer's. */
  organizationId: string;
  /** Set when an admin acts on another user's account. */
  actingAs: UserRow | null;
  /** The call, as the admin audit log records it. */
  call: { method: string; path: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}
