/**
 * Rate limits behind a load balancer: with PostgreSQL the counters live in the database, so two API
 * processes on one database count a visitor's requests together. (PGlite is one process: nothing to share.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { openChat } from './publicSeed.ts';
import { rateLimitsRepo } from '../../server/src/repositories/rateLimits.ts';
import { databaseRateLimitStore } from '../../server/src/services/rateLimitStore.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const LIMITS = { WIDGET_RATE_PER_VISITOR: '3', WIDGET_RATE_PER_CHATBOT: '100', TRUST_PROXY: '127.0.0.1' };
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  if (!onPostgres) return;
  a = await startTestServer(LIMITS);
  // The second process: the same database, its own memory.
  b = await startTestServer({ ...LIMITS, DATABASE_URL: a.config.DATABASE_URL! });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const visitor = { 'x-forwarded-for': '203.0.113.9' };

describe.skipIf(!onPostgres)('rate-limit counters shared through PostgreSQL', () => {
  it('a visitor sent to two processes in turn is limited after 3 requests in all, with Retry-After', async () => {
    const { user } = await a.createUser();
    const bot = await createChatbot(a, user.organization_id);
    const onA = await openChat(a, bot, { headers: visitor }); // 1 (process a)
    const onB = (text: string) => b.api('POST', `/api/v1/public/chatbots/${bot}/chats/${onA.chatId}/messages`, { body: { text }, headers: visitor });
    expect((await onB('eins')).status).toBe(200); // 2 (process b)
    expect((await onA.ask('zwei')).status).toBe(200); // 3 (process a)
    const limited = await onB('drei'); // 4 (process b): over the limit only if b saw a's requests
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe('RateLimited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await onA.ask('vier')).status).toBe(429);
  });

  it('a counter starts again when its window has ended; ended windows are purged', async () => {
    const key = `test:${Math.random()}`;
    expect(await rateLimitsRepo.increment(a.db, key, 60_000)).toMatchObject({ current: 1 });
    const second = await rateLimitsRepo.increment(b.db, key, 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect(await rateLimitsRepo.read(a.db, key)).toMatchObject({ current: 2 });
    // The window ends (moved into the past instead of waiting a minute).
    await a.db.query(`update rate_limits set reset_at = now() - interval '1 hour' where key = $1`, [key]);
    expect(await rateLimitsRepo.read(a.db, key)).toEqual({ current: 0, ttl: 0 });
    expect(await rateLimitsRepo.increment(a.db, key, 60_000)).toMatchObject({ current: 1 });
    await a.db.query(`update rate_limits set reset_at = now() - interval '1 hour' where key = $1`, [key]);
    await rateLimitsRepo.purgeEnded(a.db);
    expect((await a.db.query('select 1 from rate_limits where key = $1', [key])).rows).toEqual([]);
  });

  it('concurrent requests are each counted once', async () => {
    const key = `test:${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => rateLimitsRepo.increment(i % 2 ? a.db : b.db, key, 60_000)));
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('counts arriving together are one statement per process, and each caller still gets its own count', async () => {
    const [visitorKey, chatbotKey] = [`v:${Math.random()}`, `c:${Math.random()}`];
    // Counting statements: only the counts' own (the store also purges ended windows now and then).
    let statements = 0;
    const counted = (db: TestServer['db']) => ({
      ...db,
      query: ((text: string, params?: unknown[]) => (text.includes('insert into rate_limits') && statements++, db.query(text, params))) as typeof db.query,
    });
    const stores = [a, b].map((p) => new (databaseRateLimitStore(counted(p.db)))({}, 'batch:'));
    const incr = (store: (typeof stores)[number], key: string) =>
      new Promise<number>((resolve, reject) => store.incr(key, (err, c) => (err ? reject(err) : resolve(c!.current)), 60_000));
    // Issued in one turn of the event loop: per process, one batch holding both keys.
    const counts = await Promise.all(Array.from({ length: 30 }, (_, i) => incr(stores[i % 2], i % 3 ? visitorKey : chatbotKey)));
    const of = (key: string) => counts.filter((_, i) => (i % 3 ? visitorKey : chatbotKey) === key).sort((x, y) => x - y);
    expect(of(visitorKey)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(of(chatbotKey)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(statements).toBe(2);
    const stored = await a.db.query<{ key: string; count: number }>('select key, count from rate_limits where key = any($1) order by count', [
      [`batch:${visitorKey}`, `batch:${chatbotKey}`],
    ]);
    expect(stored.rows.map((r) => r.count)).toEqual([10, 20]);
  });
});
