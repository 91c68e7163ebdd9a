import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { AdminContext, useNotificationContext, useNotify } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { de } from '../../i18n/de.ts';
import { AppNotification } from '../../src/layout/AppNotification.tsx';
import { LoadingOverlay, LOADING_TEXT_DELAY_MS } from '../../src/layout/LoadingOverlay.tsx';

const i18nProvider = polyglotI18nProvider(() => de, 'de');

function Notifier({ messages }: { messages: [string, 'error' | 'success'][] }) {
  const notify = useNotify();
  useEffect(() => {
    for (const [m, type] of messages) notify(m, { type });
  }, [notify, messages]);
  return null;
}

/** How many notifications wait in react-admin's queue for AppNotification to take them. */
function Queued() {
  const { notifications } = useNotificationContext();
  return <output data-testid="queued">{notifications.length}</output>;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AppNotification', () => {
  it('shows an error once with a translated title and text, ignoring duplicates', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Notifier messages={[['errors.Forbidden', 'error'], ['errors.Forbidden', 'error'], ['errors.Forbidden', 'error']]} />
        <AppNotification />
        <Queued />
      </AdminContext>,
    );
    const alerts = await screen.findAllByTestId('notification');
    expect(alerts).toHaveLength(1);
    expect(alerts[0].textContent).toContain('Fehler');
    expect(alerts[0].textContent).toContain('Nicht autorisiert, bitte melden Sie sich erneut an');
    // The copies were taken off the queue and dropped, so closing the one shown has nothing to reveal.
    await waitFor(() => expect(screen.getByTestId('queued').textContent).toBe('0'));
    await act(async () => screen.getByRole('button').click());
    await waitFor(() => expect(screen.queryByTestId('notification')).toBeNull());
    expect(screen.getByTestId('queued').textContent).toBe('0');
  });

  it('shows a raw text that is not a translation key as it is, without error title on success', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Notifier messages={[['Gespeichert: 3 Seiten', 'success']]} />
        <AppNotification />
      </AdminContext>,
    );
    const alert = await screen.findByTestId('notification');
    expect(alert.textContent).toBe('Gespeichert: 3 Seiten');
  });
});

describe('LoadingOverlay', () => {
  it('shows the wait text only after 2 seconds', () => {
    vi.useFakeTimers();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LoadingOverlay />
      </AdminContext>,
    );
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
    expect(screen.queryByText(de.app.loadingWait)).toBeNull();
    act(() => vi.advanceTimersByTime(LOADING_TEXT_DELAY_MS - 50));
    expect(screen.queryByText(de.app.loadingWait)).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText(de.app.loadingWait)).toBeTruthy();
  });
});
