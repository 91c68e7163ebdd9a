// The widget's answer to a busy server (issue 13 item 4): a 503, or a 429 RateLimited, is asked again after
// Retry-After at most MAX_RETRIES times, showing the busy text meanwhile; other refusals are final.
import { describe, expect, it } from 'vitest';
import { WidgetApiError } from '../../widget/src/shared/api.ts';
import { MAX_RETRIES, retryDelayMs, withBusyRetry } from '../../widget/src/shared/retry.ts';
import { textsFor } from '../../widget/src/shared/texts.ts';

const busy = (retryAfter?: number) => new WidgetApiError(503, 'ServerBusy', 'Bitte versuchen Sie es in einigen Sekunden erneut.', retryAfter);

/** A call that is refused `refusals` times and then answers; records the waits instead of waiting. */
function scripted(refusals: WidgetApiError[]) {
  const waits: number[] = [];
  let calls = 0;
  let busyShown = 0;
  const run = () =>
    withBusyRetry(
      async () => {
        const e = refusals[calls++];
        if (e) throw e;
        return 'answer';
      },
      () => busyShown++,
      async (ms) => {
        waits.push(ms);
      },
    );
  return { run, waits, calls: () => calls, busyShown: () => busyShown };
}

describe('widget retry after a busy server', () => {
  it('asks again after Retry-After and returns the answer, showing the busy text meanwhile', async () => {
    const s = scripted([busy(1), busy(2)]);
    await expect(s.run()).resolves.toBe('answer');
    expect(s.calls()).toBe(3);
    expect(s.busyShown()).toBe(2);
    expect(s.waits[0]).toBeGreaterThanOrEqual(1000);
    expect(s.waits[0]).toBeLessThanOrEqual(1250);
    expect(s.waits[1]).toBeGreaterThanOrEqual(2000);
    expect(s.waits[1]).toBeLessThanOrEqual(2500);
  });

  it('gives up after MAX_RETRIES and leaves the refusal (with its visitor text) to be shown', async () => {
    const s = scripted(Array.from({ length: MAX_RETRIES + 1 }, () => busy(1)));
    await expect(s.run()).rejects.toMatchObject({ status: 503, key: 'ServerBusy', visitorMessage: expect.stringContaining('erneut') });
    expect(s.calls()).toBe(MAX_RETRIES + 1);
    expect(s.waits).toHaveLength(MAX_RETRIES);
  });

  it('retries a 429 RateLimited, but not a used-up quota, a 500 or a wait too long to be a moment', () => {
    expect(retryDelayMs(new WidgetApiError(429, 'RateLimited', undefined, 3), 0, () => 0)).toBe(3000);
    expect(retryDelayMs(new WidgetApiError(429, 'MessageQuotaReached', undefined, 3), 0)).toBeNull();
    expect(retryDelayMs(new WidgetApiError(500, 'Unknown'), 0)).toBeNull();
    expect(retryDelayMs(new WidgetApiError(0, 'NoInternetConnection'), 0)).toBeNull();
    expect(retryDelayMs(new WidgetApiError(429, 'RateLimited', undefined, 45), 0)).toBeNull();
    // A 503 without a readable Retry-After (a proxy's own page) still gets a short wait.
    expect(retryDelayMs(busy(undefined), 0, () => 0)).toBe(2000);
  });

  it('knows a refusal made by the loader\'s copy of the error class (another bundle: instanceof is false there)', () => {
    class LoaderCopy extends Error {
      constructor(
        readonly status: number,
        readonly key: string,
        readonly visitorMessage?: string,
        readonly retryAfter?: number,
      ) {
        super(key);
        this.name = 'WidgetApiError';
      }
    }
    expect(retryDelayMs(new LoaderCopy(503, 'ServerBusy', undefined, 1), 0, () => 0)).toBe(1000);
  });

  it('has the busy text in German and English', () => {
    expect(textsFor('de').busy).toContain('gleich noch einmal gesendet');
    expect(textsFor('en').busy).toContain('sent again in a moment');
  });
});
