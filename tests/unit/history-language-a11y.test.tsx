/**
 * Accessibility rules axe found broken on these screens (issue 11): a chat in the history list is a tick box
 * next to the button that opens it, never inside it; the default language's star is a named image, not a
 * plain box with an aria-label.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { de } from '../../i18n/de.ts';
import { ChatListItem } from '../../src/resources/chats/ChatListItem.tsx';
import { LanguageRow } from '../../src/resources/languages/LanguageRow.tsx';
import type { ApiChat } from '../../src/resources/chats/types.ts';

const i18nProvider = polyglotI18nProvider(() => de, 'de');
const wrap = (node: React.ReactNode) => render(<MemoryRouter><AdminContext i18nProvider={i18nProvider}>{node}</AdminContext></MemoryRouter>);
afterEach(cleanup);

const chat: ApiChat = {
  id: 'c1', chatbotId: 'b1', lang: 'de', category: 'contact', read: false, favorite: true, lead: { name: 'Jörg Müller' }, leadSubmittedAt: null,
  createdAt: '2026-03-01T10:00:00Z', lastMessageAt: '2026-03-01T10:00:00Z', messageCount: 2, preview: 'Was kostet der Versand?',
};

describe('history list item', () => {
  it('ticks and opens through two separate controls, each with its own name', () => {
    const onToggleItem = vi.fn();
    const onOpen = vi.fn();
    wrap(
      <ListContextProvider value={{ selectedIds: [], onToggleItem } as unknown as ListControllerResult}>
        <ul><ChatListItem chat={chat} selected={false} onOpen={onOpen} /></ul>
      </ListContextProvider>,
    );
    const open = screen.getByRole('button');
    expect(open.querySelector('input, button, a, [role="checkbox"]')).toBeNull();
    const tick = screen.getByRole('checkbox', { name: /Jörg Müller.*Chat auswählen/ });
    expect(open.contains(tick)).toBe(false);
    fireEvent.click(tick);
    expect(onToggleItem).toHaveBeenCalledWith('c1');
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(open);
    expect(onOpen).toHaveBeenCalledWith('c1');
    expect(screen.getByRole('img', { name: 'Ungelesen' })).toBeTruthy();
    expect(screen.getByTitle('Favorit')).toBeTruthy();
  });
});

describe('language row', () => {
  it('shows the default language as a named image, and names the actions of the others', () => {
    wrap(
      <ul>
        <LanguageRow entry={{ lang: 'de', isDefault: true, name: 'German', alias: 'de' }} websites={1} busy={false} onSetDefault={() => {}} onDelete={() => {}} />
        <LanguageRow entry={{ lang: 'en', isDefault: false, name: 'English', alias: 'en' }} websites={0} busy={false} onSetDefault={() => {}} onDelete={() => {}} />
      </ul>,
    );
    const star = screen.getByTestId('language-default-de');
    expect(star.getAttribute('role')).toBe('img');
    expect(star.getAttribute('aria-label')).toBe('Standardsprache');
    expect(screen.getByRole('button', { name: 'Englisch als Standardsprache festlegen' })).toBeTruthy();
  });
});
