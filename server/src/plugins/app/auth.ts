import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthInfo } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { adminAuditRepo } from '../../repositories/adminAudit.ts';
import { usersRepo } from '../../repositories/users.ts';
import { createAccount } from '../../services/accounts.ts';
import { OPENAPI_PATH } from './openapi.ts';

/** Header with which an admin's dashboard names the customer it is looking at. */
export const ACT_AS_HEADER = 'x-act-as-user';

/**
 * Authenticates every /api/v1 call except the public widget API: a bearer JWT
 * verified against the issuer's JWKS. An admin may act as another user; each such
 * request is written to the audit log.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/v1/') || req.url.startsWith('/api/v1/public/') || req.url.split('?')[0] === OPENAPI_PATH) return;
    req.auth = await authenticate(app, req);
  });
}

async function authenticate(app: FastifyInstance, req: FastifyRequest) {
  const { db, verifyToken, config, keys } = app.ctx;
  const header = req.headers.authorization ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  if (!token) throw new AppError(401, 'NoToken', 'No token found');
  const claims = await verifyToken(token);
  let user = await usersRepo.bySubject(db, claims.sub);
  if (!user && !keys) {
    // First call from a user of an external identity provider: provision their account.
    if (!claims.email) throw unauthorized('Token has no email claim');
    user = await createAccount(db, { email: String(claims.email), subject: claims.sub, trialDays: config.TRIAL_DAYS });
  }
  if (!user) throw unauthorized('Account no longer exists');
  // The local issuer's database is the source of truth for the role; an external issuer's claim is trusted.
  const isAdmin = user.is_admin || (!keys && (claims.roles ?? []).includes('admin'));
  let organizationId = user.organization_id;
  let actingAs = null;
  const actAs = req.headers[ACT_AS_HEADER];
  if (isAdmin && typeof actAs === 'string' && actAs && actAs !== user.id) {
    actingAs = await usersRepo.byId(db, actAs);
    if (!actingAs) throw new AppError(404, 'NotFound', 'User not found');
    organizationId = actingAs.organization_id;
  }
  const auth: AuthInfo = { user, isAdmin, organizationId, actingAs, call: { method: req.method, path: req.url.split('?')[0] } };
  if (actingAs) {
    req.log.info({ admin: user.id, organization: organizationId }, 'admin acting on customer account');
    await logAdminAccess(db, auth, organizationId);
  }
  return auth;
}

/** Writes an admin's access to a customer's organization to the audit log. */
export async function logAdminAccess(db: Queryable, auth: AuthInfo, organizationId: string) {
  await adminAuditRepo.record(db, { adminUserId: auth.user.id, organizationId, method: auth.call.method, path: auth.call.path });
}

/** For route handlers: the authenticated caller (the hook guarantees it on /api/v1). */
export function requireAuth(req: FastifyRequest): AuthInfo {
  if (!req.auth) throw new AppError(401, 'NoToken', 'No token found');
  return req.auth;
}
