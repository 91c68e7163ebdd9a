import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { AppError, unauthorized } from '../errors.ts';

export interface VerifiedToken extends JWTPayload {
  sub: string;
  email?: string;
  roles?: string[];
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

/** Seconds a token's times may be off between issuer and API (clocks of different machines). */
export const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * One verification path for every issuer: a JWT checked against the issuer's JWKS
 * (the local issuer's keys in memory, an external issuer's fetched from its jwks_uri).
 */
export function createVerifier(opts: {
  issuer: string;
  audience: string;
  jwks: { keys: object[] } | URL;
}): TokenVerifier {
  const keySet =
    opts.jwks instanceof URL ? createRemoteJWKSet(opts.jwks) : createLocalJWKSet(opts.jwks as Parameters<typeof createLocalJWKSet>[0]);
  return async (token) => {
    try {
      // A token without exp would be good forever; jose checks exp and nbf against the tolerance.
      const { payload } = await jwtVerify(token, keySet, {
        issuer: opts.issuer,
        audience: opts.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp'],
      });
      if (!payload.sub) throw unauthorized('Token has no subject');
      // jose checks iat only together with a maximum age; a token issued in the future is forged or from a broken clock.
      if (payload.iat !== undefined && payload.iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) throw unauthorized('Token issued in the future');
      return payload as VerifiedToken;
    } catch (e) {
      if (e instanceof AppError) throw e;
      if (e instanceof errors.JWTExpired) throw new AppError(401, 'Unauthorized', 'Token expired');
      throw new AppError(401, 'Unauthorized', 'Invalid token');
    }
  };
}

/** Finds the JWKS address of an external issuer from its discovery document. */
export async function discoverJwksUri(issuer: string): Promise<URL> {
  const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`OIDC discovery failed for ${issuer}: HTTP ${res.status}`);
  const doc = (await res.json()) as { jwks_uri?: string };
  if (!doc.jwks_uri) throw new Error(`OIDC discovery for ${issuer} has no jwks_uri`);
  return new URL(doc.jwks_uri);
}
