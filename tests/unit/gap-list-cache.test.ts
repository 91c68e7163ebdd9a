/** The gap lists a process keeps: found only under the same fingerprint, the least recently used go first, a size budget. */
import { describe, expect, it } from 'vitest';
import { keepGroups, keptGroups, MAX_CHARS, MAX_LISTS } from '../../server/src/services/gapListCache.ts';
import type { GapGroup } from '../../server/src/services/gapGrouping.ts';

const groupsOf = (answerChars: number) =>
  [{ messages: [{ question: 'Haben Sie Parkplätze?', answer: 'x'.repeat(answerChars), key: 'parkplatz' }] }] as unknown as GapGroup[];

describe('gap list cache', () => {
  it('gives the groups back only for the fingerprint they were computed under', () => {
    const db = {};
    const groups = groupsOf(10);
    keepGroups(db, 'bot\nde\nall', '3|2026', groups);
    expect(keptGroups(db, 'bot\nde\nall', '3|2026')).toBe(groups);
    expect(keptGroups(db, 'bot\nde\nall', '4|2026')).toBeUndefined();
    expect(keptGroups(db, 'bot\nen\nall', '3|2026')).toBeUndefined();
    // Per database: another server in the same process does not see them.
    expect(keptGroups({}, 'bot\nde\nall', '3|2026')).toBeUndefined();
  });

  it('keeps at most MAX_LISTS lists, dropping the least recently read', () => {
    const db = {};
    for (let i = 0; i < MAX_LISTS; i++) keepGroups(db, `list${i}`, 'f', groupsOf(1));
    expect(keptGroups(db, 'list0', 'f')).toBeDefined(); // read: now the most recent
    keepGroups(db, 'one more', 'f', groupsOf(1));
    expect(keptGroups(db, 'list0', 'f')).toBeDefined();
    expect(keptGroups(db, 'list1', 'f')).toBeUndefined();
    expect(keptGroups(db, 'one more', 'f')).toBeDefined();
  });

  it('keeps no more than MAX_CHARS characters, and no list larger than that', () => {
    const db = {};
    keepGroups(db, 'a', 'f', groupsOf(MAX_CHARS / 2));
    keepGroups(db, 'b', 'f', groupsOf(MAX_CHARS / 2));
    expect(keptGroups(db, 'a', 'f')).toBeUndefined();
    expect(keptGroups(db, 'b', 'f')).toBeDefined();
    keepGroups(db, 'huge', 'f', groupsOf(MAX_CHARS + 1));
    expect(keptGroups(db, 'huge', 'f')).toBeUndefined();
    expect(keptGroups(db, 'b', 'f')).toBeDefined();
  });
});
