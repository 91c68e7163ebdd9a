import { afterEach, describe, expect, it } from 'vitest';
import { draftStore } from '../../src/pages/uiconfig/draftStore.ts';
import type { UiConfig } from '../../src/pages/uiconfig/uiConfigModel.ts';
import { ApiError } from '../../src/providers/http.ts';
import { createQueryClient, shouldRetry } from '../../src/providers/queryClient.ts';

/** Dispatches what the browser sends before a reload or tab close; true when the page asked to stay. */
function leaving(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved chatbot-interface changes', () => {
  afterEach(() => draftStore.set('bot:de', undefined));

  it('make the browser ask before the page is left, and only while there are any', () => {
    expect(leaving()).toBe(false);
    draftStore.set('bot:de', { title: 'Unsaved' } as unknown as UiConfig);
    expect(leaving()).toBe(true);
    draftStore.set('bot:de', undefined);
    expect(leaving()).toBe(false);
  });
});

describe('requests while offline', () => {
  it('are sent, not held back and replayed later by react-query', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.networkMode).toBe('always');
    expect(defaults.mutations?.networkMode).toBe('always');
  });

  it('are not retried after NoInternetConnection; other failures keep three retries', () => {
    expect(shouldRetry(0, new ApiError('NoInternetConnection', 0))).toBe(false);
    expect(shouldRetry(0, new ApiError('Unknown', 500))).toBe(true);
    expect(shouldRetry(2, new Error('x'))).toBe(true);
    expect(shouldRetry(3, new Error('x'))).toBe(false);
  });
});
