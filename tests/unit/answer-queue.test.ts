// The answer queue's rules (issue 13 item 4), without a server: places, waiting places, the bounded wait, and
// clients that left while waiting. Timers are vitest's fake ones: the test moves time, it never waits on it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerQueue, Busy, answerLimits } from '../../server/src/plugins/app/backpressure.ts';
import { loadConfig } from '../../server/src/config.ts';

beforeEach(() => {
  // setImmediate stays real: the queue starts a waiting answer from the event loop.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** An answer that finishes when finish() is called. */
function pending() {
  let finish!: () => void;
  const done = new Promise<string>((r) => (finish = () => r('answered')));
  return { fn: () => done, finish };
}

describe('AnswerQueue', () => {
  it('runs up to `concurrency` answers, queues up to `queue`, refuses the rest at once with a Retry-After', async () => {
    const q = new AnswerQueue({ concurrency: 2, queue: 1, waitMs: 10_000 });
    const a = pending();
    const b = pending();
    const c = pending();
    const ra = q.run(a.fn);
    const rb = q.run(b.fn);
    const rc = q.run(c.fn);
    expect(q.stats).toMatchObject({ running: 2, waiting: 1 });
    expect(q.admits()).toBe(false);
    const refused = await q.run(pending().fn).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Busy);
    expect((refused as Busy).retryAfter).toBeGreaterThanOrEqual(1);
    a.finish();
    await expect(ra).resolves.toBe('answered');
    expect(q.stats).toMatchObject({ running: 2, waiting: 0 });
    b.finish();
    c.finish();
    await expect(Promise.all([rb, rc])).resolves.toEqual(['answered', 'answered']);
    expect(q.stats).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses a waiting answer when its wait reaches waitMs, and does not run it later', async () => {
    const q = new AnswerQueue({ concurrency: 1, queue: 5, waitMs: 1000 });
    const a = pending();
    const ra = q.run(a.fn);
    const late = vi.fn(() => Promise.resolve('late'));
    const rb = q.run(late).catch((e: unknown) => e);
    expect(q.stats.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await rb).toBeInstanceOf(Busy);
    expect(q.stats.waiting).toBe(0);
    a.finish();
    await ra;
    expect(late).not.toHaveBeenCalled();
  });

  it('drops a waiting answer whose client has gone, and gives its place to the next', async () => {
    const q = new AnswerQueue({ concurrency: 1, queue: 5, waitMs: 10_000 });
    const a = pending();
    const ra = q.run(a.fn);
    const goneFn = vi.fn(() => Promise.resolve('gone'));
    const rGone = q.run(goneFn, () => true).catch((e: unknown) => e);
    const rNext = q.run(() => Promise.resolve('next'));
    a.finish();
    await ra;
    expect(await rGone).toBeInstanceOf(Busy);
    await expect(rNext).resolves.toBe('next');
    expect(goneFn).not.toHaveBeenCalled();
  });

  it('refuses a newcomer whose expected wait (measured answer time x place / concurrency) exceeds waitMs', async () => {
    const q = new AnswerQueue({ concurrency: 1, queue: 100, waitMs: 1000 });
    // Answers that take 2 s each: after a few, a place in the queue means a wait of more than a second.
    for (let i = 0; i < 10; i++) {
      const r = q.run(() => new Promise<void>((done) => setTimeout(done, 2000)));
      await vi.advanceTimersByTimeAsync(2000);
      await r;
    }
    expect(q.stats.answerMs).toBeGreaterThan(1000);
    const running = q.run(() => new Promise<void>((done) => setTimeout(done, 2000)));
    expect(q.admits()).toBe(false);
    await expect(q.run(() => Promise.resolve())).rejects.toBeInstanceOf(Busy);
    await vi.advanceTimersByTimeAsync(2000);
    await running;
  });

  it('defaults: fewer answers at once on PGlite than on PostgreSQL, settings override', () => {
    const pglite = answerLimits(loadConfig({}));
    const postgres = answerLimits(loadConfig({ DATABASE_URL: 'postgres://db/x' }));
    expect(pglite.concurrency).toBeLessThan(postgres.concurrency);
    expect(answerLimits(loadConfig({ ANSWER_CONCURRENCY: '3', ANSWER_QUEUE: '7', ANSWER_QUEUE_WAIT_MS: '250' }))).toEqual({ concurrency: 3, queue: 7, waitMs: 250 });
  });
});
