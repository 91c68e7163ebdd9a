import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe('server basics', () => {
  it('answers the health check', async () => {
    const r = await s.api('GET', '/health');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: 'ok' });
  });

  it('refuses API calls without a token with NoToken', async () => {
    const r = await s.api('GET', '/api/v1/users/lookup');
    expect(r.status).toBe(401);
    expect(r.json.error).toBe('NoToken');
  });

  it('refuses a forged token', async () => {
    const r = await s.api('GET', '/api/v1/users/lookup', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig' });
    expect(r.status).toBe(401);
    expect(r.json.error).toBe('Unauthorized');
  });

  it('refuses an expired token', async () => {
    const { user } = await s.createUser();
    const token = await s.tokenFor(user, -120);
    const r = await s.api('GET', '/api/v1/users/lookup', { token });
    expect(r.status).toBe(401);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const { token } = await s.createUser();
    const r = await s.api('GET', '/api/v1/nope', { token });
    expect(r.status).toBe(404);
    expect(r.json.error).toBe('NotFound');
  });
});
