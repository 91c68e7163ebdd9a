/**
 * The history counts up to the server's cap (1,000): past it, the tabs and the read-state filter say
 * "more than 1,000" in the user's language and number format; counts below it stay exact.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { de } from '../../i18n/de.ts';
import { en } from '../../i18n/en.ts';
import { ChatCategoryTabs } from '../../src/resources/chats/ChatCategoryTabs.tsx';
import { ChatReadStateFilter } from '../../src/resources/chats/ChatReadStateFilter.tsx';
import type { ChatCounts } from '../../src/resources/chats/types.ts';

afterEach(cleanup);

const counts: ChatCounts = { categories: { all: 1001, general: 833, contact: 834, hr: 1001 }, readStates: { all: 1001, read: 625, unread: 1001 }, cap: 1000 };

function show(locale: 'de' | 'en') {
  const i18nProvider = polyglotI18nProvider(() => (locale === 'de' ? de : en), locale);
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <ListContextProvider value={{ filterValues: {}, setFilters: () => {} } as unknown as ListControllerResult}>
          <ChatCategoryTabs counts={counts} />
          <ChatReadStateFilter counts={counts} />
        </ListContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('history counts past the cap', () => {
  it('says "mehr als 1.000" in German', () => {
    show('de');
    expect(screen.getByTestId('category-all').textContent).toBe('Alle Chats (mehr als 1.000)');
    expect(screen.getByTestId('category-contact').textContent).toBe('Kontakt (834)');
    expect(screen.getByTestId('read-unread').textContent).toBe('Ungelesen (mehr als 1.000)');
    expect(screen.getByTestId('read-read').textContent).toBe('Gelesen (625)');
  });
  it('says "more than 1,000" in English', () => {
    show('en');
    expect(screen.getByTestId('category-hr').textContent).toBe('HR (more than 1,000)');
    expect(screen.getByTestId('category-general').textContent).toBe('General (833)');
    expect(screen.getByTestId('read-all').textContent).toBe('All (more than 1,000)');
  });
});
