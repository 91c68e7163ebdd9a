import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext } from '@playwright/test';
import type { ApiChatbot, UserLookup } from '../../../contract/api/account.ts';
import { e2e } from './env.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * An access token for EMAIL from the operator CLI (`npm run -s admin -- token EMAIL`; its built form, which the
 * e2e server's build made beside it), run against the e2e server's data folder: the running server mints it,
 * exactly as an operator would get one.
 */
export async function cliToken(email: string): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'dist-server', 'admin.js'), 'token', email], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: e2e.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', PORT: new URL(e2e.baseURL).port },
    timeout: 60_000,
  });
  const token = stdout.trim();
  expect(token.split('.')).toHaveLength(3);
  return token;
}

export async function lookup(request: APIRequestContext, token: string): Promise<UserLookup> {
  const res = await request.get('/api/v1/users/lookup', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as UserLookup;
}

/** Registers the user behind TOKEN by creating their chatbot through the API, as the wizard's last step does. */
export async function createChatbotViaApi(request: APIRequestContext, token: string, opts: { url?: string; lang?: string } = {}) {
  const { user } = await lookup(request, token);
  const res = await request.post('/api/v1/chatbots', {
    headers: { authorization: `Bearer ${token}` },
    data: { organizationId: user.organization.id, url: opts.url ?? 'www.example.test', lang: opts.lang ?? 'de' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { user, chatbot: (await res.json()) as ApiChatbot };
}
