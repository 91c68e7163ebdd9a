import { describe, expect, it } from 'vitest';
import { narrowsChats, withoutNarrowing } from '../../src/components/historyFilters.ts';

describe('the empty history', () => {
  it('counts as "none match" only under a filter a person chose', () => {
    expect(narrowsChats({ chatbotId: 'c1', lang: 'de' })).toBe(false);
    expect(narrowsChats({ chatbotId: 'c1', category: 'all' })).toBe(false);
    expect(narrowsChats(undefined)).toBe(false);
    expect(narrowsChats({ q: '' })).toBe(false);
    for (const f of [{ category: 'hr' }, { read: false }, { favorite: true }, { from: '2026-01-01' }, { to: '2026-01-31' }, { q: 'Preis' }])
      expect(narrowsChats({ chatbotId: 'c1', ...f }), JSON.stringify(f)).toBe(true);
  });
  it('resets the chosen filters and keeps the scope', () => {
    expect(withoutNarrowing({ chatbotId: 'c1', lang: 'en', category: 'hr', read: false, favorite: true, from: 'a', to: 'b', q: 'x' })).toEqual({ chatbotId: 'c1', lang: 'en' });
  });
});
