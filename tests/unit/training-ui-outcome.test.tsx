import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { de } from '../../i18n/de.ts';
import { JobOutcome } from '../../src/resources/websites/JobOutcome.tsx';
import type { ScrapeJob } from '../../src/resources/websites/types.ts';

const i18nProvider = polyglotI18nProvider(() => de, 'de');

const job = (over: Partial<ScrapeJob>): ScrapeJob => ({
  id: 'j1', websiteId: 'w1', type: 'spider', status: 'completed', url: null, scheduleId: null,
  pagesFound: 0, pagesTrained: 0, pagesAdded: 0, pagesChanged: 0, pagesUnchanged: 0, pagesRemoved: 0, pagesFailed: 0,
  notTrained: [], limitReached: null, error: null, errorDetails: null, createdAt: new Date().toISOString(), finishedAt: null,
  ...over,
});

const show = (j: ScrapeJob) =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <JobOutcome job={j} />
      </AdminContext>
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('the outcome of a finished scrape job', () => {
  it('says nothing for a complete run', () => {
    const { container } = show(job({ pagesTrained: 3 }));
    expect(container.textContent).toBe('');
  });

  it('with too few training cycles: how many pages were trained, which were not, and the upgrade prompt', async () => {
    show(job({ pagesTrained: 2, limitReached: 'monthlyTrainingCycles', notTrained: ['https://shop.test/a.html', 'https://shop.test/b.html', 'https://shop.test/c.html'] }));
    const box = await screen.findByTestId('job-limit');
    expect(box.textContent).toContain('Nicht genug Trainingszyklen in diesem Monat');
    expect(box.textContent).toContain('2 Seiten wurden der Reihe nach trainiert, bis das Limit erreicht war; 3 wurden nicht trainiert.');
    expect(box.textContent).toContain('https://shop.test/c.html');
    expect(screen.getByTestId('upgrade-prompt-monthlyTrainingCycles')).toBeTruthy();
  });

  it('a crawl that stopped at its own bounds is not a plan limit', async () => {
    show(job({ pagesTrained: 500, limitReached: 'maxPages', notTrained: ['https://shop.test/x'] }));
    expect((await screen.findByTestId('job-limit')).textContent).toContain('Der Lauf hat an den Crawl-Grenzen angehalten');
    expect(screen.queryByTestId('upgrade-prompt-monthlyTrainingCycles')).toBeNull();
  });

  it('"no valid URLs found" lists the causes the crawler found, or all possible ones', async () => {
    show(job({ status: 'failed', error: 'NoValidUrlsFound', errorDetails: { causes: ['wwwPrefixNeeded', 'wrongAddress'] } }));
    const alert = await screen.findByTestId('no-valid-urls');
    expect(alert.textContent).toContain('Keine gültigen URLs gefunden');
    expect(screen.getByTestId('cause-wwwPrefixNeeded')).toBeTruthy();
    expect(screen.getByTestId('cause-wrongAddress')).toBeTruthy();
    expect(screen.queryByTestId('cause-urlNotHtml')).toBeNull();
    cleanup();
    show(job({ status: 'failed', error: 'NoValidUrlsFound', errorDetails: { causes: [] } }));
    await screen.findByTestId('no-valid-urls');
    for (const c of ['urlNotHtml', 'wrongAddress', 'noSubpages', 'wwwPrefixNeeded']) expect(screen.getByTestId(`cause-${c}`)).toBeTruthy();
  });
});
