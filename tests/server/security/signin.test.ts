import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers.ts';
import { FREE_FAILURES, delayAfterFailures } from '../../../server/src/oidc/signInThrottle.ts';
import { LoopbackBrowser, alertOf, uniqueEmail } from './oidcClient.ts';

/**
 * Sign-in against enumeration and password spraying (issue 14). TRUST_PROXY is off (the default): each test's
 * clients are their own loopback source addresses. The per-minute limits are set high so that what is measured
 * here is the progressive delay on failures; the per-minute limits are in oidc.test.ts.
 */
let s: TestServer;
let nextAddress = 1;
/** A client address no other test uses: 127.0.<test>.<n>. */
const addresses = () => {
  const block = nextAddress++;
  let n = 0;
  return () => `127.0.${block}.${++n}`;
};
beforeAll(async () => {
  s = await startTestServer({ OIDC_LOGIN_RATE_LIMIT: '200' });
});
afterAll(() => s?.close());

async function attempt(browser: LoopbackBrowser, email: string, password: string, headers: Record<string, string> = {}) {
  const action = await browser.startSignIn();
  return browser.request('POST', action, { email, password, lang: 'en' }, headers);
}

const failuresOf = async (key: string) =>
  (await s.db.query<{ failures: number }>('select failures from sign_in_failures where key = $1', [key])).rows[0]?.failures ?? 0;

describe('sign-in answers', () => {
  it('gives an unknown e-mail address and a wrong password the same status and page', async () => {
    const next = addresses();
    const { email } = await s.createUser({ password: 'right-password-1' });
    const unknown = uniqueEmail();
    const wrong = await attempt(new LoopbackBrowser(s, next()), email, 'not-the-password');
    const missing = await attempt(new LoopbackBrowser(s, next()), unknown, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(missing.status).toBe(wrong.status);
    expect(alertOf(wrong.text)).toBe('Wrong email address or password.');
    // The same page but for the typed address and the interaction's own address.
    const neutral = (page: string, address: string) => page.replaceAll(address, 'EMAIL').replace(/interaction\/[^/?"]+/g, 'interaction/UID');
    expect(neutral(missing.text, unknown)).toBe(neutral(wrong.text, email));
  });
});

describe('sign-up', () => {
  it('says an address is taken, but counts each such answer against the client address', async () => {
    const { email } = await s.createUser({ password: 'right-password-1' });
    const from = new LoopbackBrowser(s, addresses()());
    const statuses: number[] = [];
    for (let i = 0; i < FREE_FAILURES.address + 5; i++) {
      const action = await from.startSignIn({ screen_hint: 'signup' });
      const r = await from.request('POST', action, { email, password: 'right-password-2', password2: 'right-password-2', lang: 'en' });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, FREE_FAILURES.address)).toEqual(Array(FREE_FAILURES.address).fill(409));
    expect(statuses.filter((st) => st === 429).length).toBeGreaterThan(0);
    const users = await s.db.query('select id from users where lower(email) = lower($1)', [email]);
    expect(users.rows).toHaveLength(1);
  });
});

describe('password spraying', () => {
  it('slows down one address trying many accounts', async () => {
    const from = new LoopbackBrowser(s, addresses()());
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await attempt(from, uniqueEmail(), 'Summer2024!')).status);
    const answered = statuses.filter((st) => st === 401).length;
    // The free failures are answered; after them each failure locks the address for twice as long.
    expect(answered).toBeGreaterThanOrEqual(FREE_FAILURES.address);
    expect(answered).toBeLessThan(FREE_FAILURES.address + 6);
    expect(statuses.filter((st) => st === 429).length).toBe(30 - answered);
    expect(statuses.slice(0, FREE_FAILURES.address).every((st) => st === 401)).toBe(true);
    // Another address is not held up by it.
    expect((await attempt(new LoopbackBrowser(s, addresses()()), uniqueEmail(), 'Summer2024!')).status).toBe(401);
  });

  it('slows down many addresses trying one account, and the right password too while it lasts', async () => {
    const next = addresses();
    const { email } = await s.createUser({ password: 'right-password-1' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await attempt(new LoopbackBrowser(s, next()), email, `guess-${i}-Summer`)).status);
    const answered = statuses.filter((st) => st === 401).length;
    expect(answered).toBeGreaterThanOrEqual(FREE_FAILURES.account);
    expect(answered).toBeLessThan(FREE_FAILURES.account + 6);
    const key = `account:${email.toLowerCase()}`;
    expect(await failuresOf(key)).toBe(answered);
    // While the lock lasts the right password is refused too. The lock of the last answered failure may end before
    // the next request on a loaded machine (it can be 4 s, and refused attempts came after it), so it is stretched
    // to outlast this one request: what is tested is the refusal, not how fast this machine is.
    await s.db.query(`update sign_in_failures set locked_until = now() + interval '60 seconds' where key = $1`, [key]);
    const locked = await attempt(new LoopbackBrowser(s, next()), email, 'right-password-1');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(alertOf(locked.text)).toMatch(/^Too many failed attempts\. Please wait \d+ seconds and try again\.$/);
  });

  it('with TRUST_PROXY off, a rotating X-Forwarded-For is ignored: the failures count for the connection', async () => {
    const source = addresses()();
    const from = new LoopbackBrowser(s, source);
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++)
      statuses.push((await attempt(from, uniqueEmail(), 'Summer2024!', { 'x-forwarded-for': `198.51.100.${i}`, forwarded: `for=198.51.100.${i}` })).status);
    expect(statuses.filter((st) => st === 429).length).toBeGreaterThan(0);
    expect(await failuresOf(`address:${source}`)).toBe(statuses.filter((st) => st === 401).length);
    const spoofed = await s.db.query(`select key from sign_in_failures where key like 'address:198.51.100.%'`);
    expect(spoofed.rows).toEqual([]);
  });

  it('delays progressively: each failure past the free ones locks the account twice as long (Retry-After)', async () => {
    const next = addresses();
    const { email } = await s.createUser({ password: 'right-password-1' });
    const key = `account:${email}`;
    for (let i = 0; i < FREE_FAILURES.account; i++) expect((await attempt(new LoopbackBrowser(s, next()), email, `wrong-${i}-password`)).status).toBe(401);
    const waits: number[] = [];
    for (let round = 1; round <= 3; round++) {
      // Once the lock (if any) has ended, a failure is answered and counted, and locks the account again.
      await expect.poll(async () => (await attempt(new LoopbackBrowser(s, next()), email, `wrong-round-${round}`)).status, { timeout: 10_000, interval: 200 }).toBe(401);
      expect(await failuresOf(key)).toBe(FREE_FAILURES.account + round);
      const locked = await attempt(new LoopbackBrowser(s, next()), email, 'right-password-1');
      expect(locked.status).toBe(429);
      waits.push(Number(locked.headers['retry-after']));
    }
    // Retry-After is the rest of the lock in whole seconds: at most 1, 2 and 4, and growing.
    waits.forEach((w, i) => expect(w).toBeLessThanOrEqual(delayAfterFailures(FREE_FAILURES.account + i + 1, FREE_FAILURES.account)));
    expect(waits[1]).toBeGreaterThanOrEqual(waits[0]);
    expect(waits[2]).toBeGreaterThan(waits[1]);
    // The right password, once the lock has ended, signs in and ends the account's count.
    await expect.poll(async () => (await attempt(new LoopbackBrowser(s, next()), email, 'right-password-1')).status, { timeout: 10_000, interval: 200 }).toBe(303);
    expect(await failuresOf(key)).toBe(0);
  });
});
