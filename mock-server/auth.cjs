'use strict';
/**
 * Authentication of the mock: any bearer token is accepted, none gives 401 NoToken (as the real server).
 * Who the caller is:
 *  - a JWT (e.g. from the mock's own sign-in page) names the user by `email` or `sub`; an unknown
 *    email gets a fresh account without a chatbot, so the registration wizard can be walked through;
 *  - any other token is the first fixture user (Anna, who has a chatbot).
 * An admin may act on another user's account with the `x-act-as-user` header, like the real server.
 */
const crypto = require('node:crypto');
const { MockError } = require('./errors.cjs');

const ACT_AS_HEADER = 'x-act-as-user';

function decodeJwtPayload(token) {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

function provisionUser(db, email, trialDays) {
  const organizationId = crypto.randomUUID();
  const now = Date.now();
  db.get('organizations').push({ id: organizationId, name: '', customerId: null }).write();
  db.get('subscriptions')
    .push({
      id: crypto.randomUUID(),
      organizationId,
      planId: 'trial',
      status: 'trialing',
      startedAt: new Date(now).toISOString(),
      trialEndsAt: new Date(now + trialDays * 86400e3).toISOString(),
      currentPeriodEnd: null,
      cancelAt: null,
      externalInvoice: false,
    })
    .write();
  const user = {
    id: crypto.randomUUID(),
    organizationId,
    email,
    firstName: '',
    lastName: '',
    company: '',
    phone: '',
    campaign: null,
    preferredLanguage: null,
    isAdmin: false,
  };
  db.get('users').push(user).write();
  return user;
}

function callerFromToken(db, token, trialDays) {
  const claims = decodeJwtPayload(token);
  if (!claims) return db.get('users').first().value();
  const users = db.get('users');
  const email = typeof claims.email === 'string' ? claims.email : /@/.test(String(claims.sub)) ? String(claims.sub) : null;
  const byId = claims.sub ? users.find({ id: String(claims.sub) }).value() : null;
  if (byId) return byId;
  if (email) {
    const byEmail = users.find((u) => u.email.toLowerCase() === email.toLowerCase()).value();
    return byEmail ?? provisionUser(db, email, trialDays);
  }
  return users.first().value();
}

/** Express middleware for /api/v1 (public routes excluded by the caller): sets req.auth. */
function authenticate(db, { trialDays = 14 } = {}) {
  return (req, res, next) => {
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
    if (!token) return next(new MockError(401, 'NoToken', 'No token found'));
    const user = callerFromToken(db, token, trialDays);
    let organizationId = user.organizationId;
    let actingAs = null;
    const actAs = req.headers[ACT_AS_HEADER];
    if (user.isAdmin && typeof actAs === 'string' && actAs && actAs !== user.id) {
      actingAs = db.get('users').find({ id: actAs }).value();
      if (!actingAs) return next(new MockError(404, 'NotFound', 'User not found'));
      organizationId = actingAs.organizationId;
    }
    req.auth = { user, isAdmin: Boolean(user.isAdmin), organizationId, actingAs };
    next();
  };
}

module.exports = { authenticate, decodeJwtPayload, ACT_AS_HEADER };
