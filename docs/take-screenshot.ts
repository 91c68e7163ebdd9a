/**
 * Regenerates docs/dashboard.png (the README's picture) from a real run: the server on a temporary data
 * folder, a customer with a chatbot, question-answer pairs and a few visitor chats sent through the public
 * widget API, then the dashboard signed in through the local identity provider in Chromium at 1280×800.
 *
 *   node --import tsx docs/take-screenshot.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { createAccount } from '../server/src/services/accounts.ts';
import { mintAccessToken } from '../server/src/auth/tokens.ts';
import { freePort } from '../bench/_load.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-needed.mjs')], { cwd: ROOT, stdio: 'inherit' });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-shot-'));
const port = await freePort();
const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${port}` });
const server = await startServer(config);
const base = config.publicUrl;
const email = 'anna.schmidt@baeckerei-beispiel.de';
const password = 'Sauerteig-1952';

async function call(method: string, p: string, body?: unknown, token?: string) {
  const res = await fetch(base + p, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${p}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

try {
  const user = await createAccount(server.db, { email, password, trialDays: config.TRIAL_DAYS });
  const { keys, issuer, audience } = server.app.ctx;
  const token = await mintAccessToken(keys!, { issuer, audience, clientId: config.OIDC_CLIENT_ID, subject: user.subject, email, isAdmin: false });
  await call('PATCH', `/api/v1/users/${user.id}`, { firstName: 'Anna', lastName: 'Schmidt', company: 'Bäckerei Beispiel GmbH' }, token);
  // The chatbot as it is after its initial setup (the crawl itself needs the internet).
  const bot = await server.db.query<{ id: string }>(
    `insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://www.baeckerei-beispiel.de', 'de', 'completed') returning id`,
    [user.organization_id],
  );
  const chatbotId = bot.rows[0].id;
  await server.db.query('insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, $2, true)', [chatbotId, 'de']);

  const pairs: [string, string][] = [
    ['Wann haben Sie geöffnet?', 'Montag bis Samstag von 6 bis 18 Uhr, sonntags von 8 bis 12 Uhr.'],
    ['Gibt es glutenfreies Brot?', 'Ja, täglich ein glutenfreies Buchweizenbrot. Bitte am Vortag bestellen.'],
    ['Kann ich eine Torte bestellen?', 'Gern, Torten bestellen Sie bis drei Tage vorher in jeder Filiale oder online.'],
    ['Liefern Sie auch?', 'Wir liefern im Umkreis von 10 km ab einem Bestellwert von 30 Euro.'],
  ];
  for (const [question, answer] of pairs) await call('POST', '/api/v1/qna', { chatbotId, question, answer }, token);
  const visitors = ['Wann haben Sie am Sonntag geöffnet?', 'Gibt es glutenfreies Brot?', 'Liefern Sie nach Potsdam?', 'Torte für 30 Personen bestellen', 'Öffnungszeiten?'];
  for (const [i, text] of visitors.entries()) {
    const chat = (await call('POST', `/api/v1/public/chatbots/${chatbotId}/chats`, { lang: 'de', visitorId: `visitor-${i}-docs` })) as { id: string };
    await call('POST', `/api/v1/public/chatbots/${chatbotId}/chats/${chat.id}/messages`, { text });
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
    await page.goto(`${base}/dashboard`);
    await page.waitForURL(/\/oidc\//);
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000); // chart animations
    const out = path.join(ROOT, 'docs/dashboard.png');
    await page.screenshot({ path: out });
    console.log(`wrote ${path.relative(ROOT, out)}`);
  } finally {
    await browser.close();
  }
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
