import { importJWK, SignJWT } from 'jose';
import type { SigningKeys } from './keys.ts';

export interface TokenClaims {
  subject: string;
  email: string;
  isAdmin: boolean;
}

/**
 * Mints an access token exactly like the local identity provider's: same issuer,
 * audience, key and claims. Used by the operator CLI (`admin token`) and tests.
 */
export async function mintAccessToken(
  keys: SigningKeys,
  opts: { issuer: string; audience: string; clientId: string; ttlSeconds?: number } & TokenClaims,
): Promise<string> {
  const jwk = keys.privateJwks[0];
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT({
    email: opts.email,
    roles: opts.isAdmin ? ['admin'] : [],
    client_id: opts.clientId,
    scope: 'openid profile email',
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(opts.issuer)
    .setAudience(opts.audience)
    .setSubject(opts.subject)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${opts.ttlSeconds ?? 900}s`)
    .sign(key);
}
