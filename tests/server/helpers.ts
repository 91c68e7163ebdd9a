import net from 'node:net';
import { createThrowawayDatabase, openThrowawayPglite } from '../../server/src/db/throwaway.ts';
import { loadConfig } from '../../server/src/config.ts';
import { startServer } from '../../server/src/server.ts';
import { createAccount } from '../../server/src/services/accounts.ts';
import { mintAccessToken } from '../../server/src/auth/tokens.ts';
import type { UserRow } from '../../server/src/repositories/users.ts';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './globalSetup.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The server's own database, unless the test names one (DATABASE_URL, or a DATA_DIR folder on PGlite):
 * a throwaway PostgreSQL database when TEST_DATABASE_URL is set, else PGlite in memory. Both start as a
 * copy of the run's migrated template when tests/server/globalSetup.ts made one (not under Playwright).
 */
async function createTestDatabase(env: Record<string, string>) {
  if (env.DATABASE_URL) return null;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const t = await createThrowawayDatabase(base, 't', process.env[POSTGRES_TEMPLATE_ENV]);
    return { env: { DATABASE_URL: t.url }, drop: t.drop };
  }
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template || (env.DATA_DIR ?? ':memory:') !== ':memory:') return null;
  return { db: await openThrowawayPglite(template) };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * Starts the real server on a random port against PGlite in memory, or against a
 * throwaway PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function startTestServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const testDb = await createTestDatabase(env);
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    CRAWL_ALLOW_PRIVATE: 'true',
    ...testDb?.env,
    ...env,
  });
  const server = await startServer(config, { db: testDb?.db });
  const url = `http://127.0.0.1:${port}`;

  /** Creates a customer account (organization, user, trial) and a token the API accepts. */
  async function createUser(opts: { email?: string; password?: string; admin?: boolean } = {}) {
    const email = opts.email ?? `u${Math.random().toString(36).slice(2, 10)}@example.test`;
    const user: UserRow = await createAccount(server.db, {
      email,
      password: opts.password ?? 'correct horse battery',
      isAdmin: opts.admin,
      trialDays: config.TRIAL_DAYS,
    });
    const token = await tokenFor(user);
    return { user, token, email };
  }

  async function tokenFor(user: Pick<UserRow, 'subject' | 'email' | 'is_admin'>, ttlSeconds?: number) {
    const { keys, issuer, audience } = server.app.ctx;
    return mintAccessToken(keys!, {
      issuer,
      audience,
      clientId: config.OIDC_CLIENT_ID,
      subject: user.subject,
      email: user.email,
      isAdmin: user.is_admin,
      ttlSeconds,
    });
  }

  /** fetch against the server with an optional bearer token and JSON body. */
  async function api(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  return {
    ...server,
    url,
    port,
    createUser,
    tokenFor,
    api,
    async close() {
      await server.close();
      await testDb?.drop?.();
    },
  };
}

/** A chatbot with its default language, written straight to the database (for tests of features that need one). */
export async function createChatbot(s: TestServer, organizationId: string, opts: { url?: string; lang?: string } = {}) {
  const lang = opts.lang ?? 'de';
  const r = await s.db.query<{ id: string }>(
    `insert into chatbots(organization_id, url, lang, initial_setup) values ($1, $2, $3, 'completed') returning id`,
    [organizationId, opts.url ?? 'https://example.test', lang],
  );
  await s.db.query('insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, $2, true)', [r.rows[0].id, lang]);
  return r.rows[0].id;
}
