import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { startTestServer, type TestServer } from '../helpers.ts';
import { CLOCK_TOLERANCE_SECONDS } from '../../../server/src/auth/verifier.ts';

/** Access tokens signed with the server's own key, so that only the claims under test are wrong. */
let s: TestServer;
let subject: string;
beforeAll(async () => {
  s = await startTestServer();
  subject = (await s.createUser()).user.subject;
});
afterAll(() => s?.close());

const now = () => Math.floor(Date.now() / 1000);

async function signed(claims: JWTPayload) {
  const jwk = s.app.ctx.keys!.privateJwks[0];
  return new SignJWT({ scope: 'openid profile email', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(s.app.ctx.issuer)
    .setAudience(s.app.ctx.audience)
    .setSubject(subject)
    .sign(await importJWK(jwk, 'RS256'));
}

const call = async (token: string) => s.api('GET', '/api/v1/users/lookup', { token });

describe('access token times', () => {
  it('accepts a token with exp and iat now (the control)', async () => {
    expect((await call(await signed({ iat: now(), exp: now() + 600 }))).status).toBe(200);
  });

  it('refuses a token without exp: it would be good forever', async () => {
    const r = await call(await signed({ iat: now() }));
    expect(r.status).toBe(401);
    expect(r.json.error).toBe('Unauthorized');
  });

  it('refuses a token whose exp has passed beyond the clock tolerance, accepts one within it', async () => {
    const expired = await call(await signed({ iat: now() - 3600, exp: now() - CLOCK_TOLERANCE_SECONDS - 30 }));
    expect(expired.status).toBe(401);
    expect(expired.json.message).toBe('Token expired');
    expect((await call(await signed({ iat: now() - 600, exp: now() - CLOCK_TOLERANCE_SECONDS + 30 }))).status).toBe(200);
  });

  it('refuses iat in the future beyond the clock tolerance, accepts it within', async () => {
    const future = await call(await signed({ iat: now() + 3600, exp: now() + 4000 }));
    expect(future.status).toBe(401);
    expect(future.json.error).toBe('Unauthorized');
    expect((await call(await signed({ iat: now() + CLOCK_TOLERANCE_SECONDS - 30, exp: now() + 600 }))).status).toBe(200);
  });

  it('refuses nbf in the future beyond the clock tolerance, accepts it within', async () => {
    expect((await call(await signed({ iat: now(), nbf: now() + 3600, exp: now() + 4000 }))).status).toBe(401);
    expect((await call(await signed({ iat: now(), nbf: now() + CLOCK_TOLERANCE_SECONDS - 30, exp: now() + 600 }))).status).toBe(200);
  });

  it('refuses times that are not numbers', async () => {
    expect((await call(await signed({ iat: now(), exp: String(now() + 600) as unknown as number }))).status).toBe(401);
  });
});
