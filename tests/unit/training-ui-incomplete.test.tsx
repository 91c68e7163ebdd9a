import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { de } from '../../i18n/de.ts';
import { en } from '../../i18n/en.ts';
import { JobOutcome } from '../../src/resources/websites/JobOutcome.tsx';
import type { ScrapeJob } from '../../src/resources/websites/types.ts';

const job = (over: Partial<ScrapeJob>): ScrapeJob => ({
  id: 'j1', websiteId: 'w1', type: 'spider', status: 'completed', url: null, scheduleId: null,
  pagesFound: 3, pagesTrained: 3, pagesAdded: 3, pagesChanged: 0, pagesUnchanged: 0, pagesRemoved: 0, pagesFailed: 0,
  notTrained: [], limitReached: null, error: null, errorDetails: null, createdAt: new Date().toISOString(), finishedAt: null,
  ...over,
});

const show = (j: ScrapeJob, locale: 'de' | 'en' = 'de') =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={polyglotI18nProvider(() => (locale === 'de' ? de : en), locale)}>
        <JobOutcome job={j} />
      </AdminContext>
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('pages a crawl could not render', () => {
  it('are named, in German and English, with the list behind a button', async () => {
    show(job({ pagesMaybeIncomplete: ['https://shop.test/termine', 'https://shop.test/shop'] }));
    const alert = await screen.findByTestId('job-maybe-incomplete');
    expect(alert.textContent).toContain('Einige Seiten sind möglicherweise unvollständig');
    expect(alert.textContent).toContain('2 Seiten werden erst von Skripten im Browser befüllt');
    fireEvent.click(screen.getByRole('button', { name: 'Seiten anzeigen' }));
    expect(alert.textContent).toContain('https://shop.test/termine');
    cleanup();
    show(job({ pagesMaybeIncomplete: ['https://shop.test/termine'] }), 'en');
    expect((await screen.findByTestId('job-maybe-incomplete')).textContent).toContain('1 page is filled in by scripts');
  });

  it('say nothing when every page was complete or rendered, and stand beside a plan limit', async () => {
    const { container } = show(job({ pagesRendered: 1, pagesMaybeIncomplete: [] }));
    expect(container.textContent).toBe('');
    cleanup();
    show(job({ limitReached: 'maxPages', notTrained: ['https://shop.test/x'], pagesMaybeIncomplete: ['https://shop.test/termine'] }));
    expect(await screen.findByTestId('job-limit')).toBeTruthy();
    expect(screen.getByTestId('job-maybe-incomplete')).toBeTruthy();
  });
});
