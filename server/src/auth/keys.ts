import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

export interface SigningKeys {
  /** Private JWKs for the local identity provider (oidc-provider's `jwks`). */
  privateJwks: JWK[];
  /** The public half, as published at /oidc/jwks. */
  publicJwks: { keys: JWK[] };
}

/** Loads the local issuer's signing key from the database, creating it on first start. */
export async function loadSigningKeys(db: Queryable): Promise<SigningKeys> {
  let rows = (await db.query<{ jwk: JWK }>('select jwk from oidc_keys order by created_at')).rows;
  if (rows.length === 0) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    // Two processes starting at once (server and CLI) must agree on one key.
    await db.query('insert into oidc_keys(kid, jwk) values ($1, $2) on conflict do nothing', [jwk.kid, jwk]);
    rows = (await db.query<{ jwk: JWK }>('select jwk from oidc_keys order by created_at')).rows;
  }
  const privateJwks = rows.map((r) => r.jwk);
  const publicJwks = {
    keys: privateJwks.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
  return { privateJwks, publicJwks };
}
