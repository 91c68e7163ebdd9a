/**
 * The concept glossary's data (services/glossary.ts and glossary/*.ts): well-formed groups, so a typo in a
 * list cannot join two concepts or silently match nothing.
 */
import { describe, expect, it } from 'vitest';
import { GLOSSARY, glossaryKey } from '../../server/src/services/glossary.ts';

/** German words that are common English words of another meaning, and the other way round. */
const FALSE_FRIENDS = ['bad', 'handy', 'gift', 'rat', 'also', 'will', 'fast', 'rock', 'art', 'see', 'hose', 'mist', 'bald', 'arm', 'hut', 'bank', 'fabrik', 'rente'];

describe('the glossary', () => {
  it('has groups of distinct words, each lower case and trimmed (one word: both languages write it alike, "april")', () => {
    for (const group of GLOSSARY) {
      expect(group.length, group.join(', ')).toBeGreaterThanOrEqual(1);
      expect(new Set(group).size, group.join(', ')).toBe(group.length);
      for (const w of group) expect(w, group.join(', ')).toBe(glossaryKey(w).trim());
    }
  });

  it('has no false friend between German and English as a word of a concept', () => {
    const words = new Set(GLOSSARY.flat());
    expect(FALSE_FRIENDS.filter((w) => words.has(w))).toEqual([]);
  });

  it('covers trades, education, health, retail, digital services, sports, personal care, animals, utilities, mobility and tourism besides the core vocabulary', () => {
    const concept = (w: string) => GLOSSARY.find((g) => g.includes(w)) ?? [];
    expect(concept('kostenvoranschlag')).toContain('quote');
    expect(concept('notdienst')).toContain('emergency service');
    expect(concept('testphase')).toContain('free trial');
    expect(concept('rechenzentrum')).toEqual(expect.arrayContaining(['data centre', 'stored']));
    expect(concept('in raten')).toContain('instalments');
    expect(concept('norwegen')).toContain('norway');
    expect(concept('ohne termin')).toContain('walk-in');
    expect(GLOSSARY.flat()).toEqual(expect.arrayContaining(['zahnarzt', 'dentist', 'größentabelle', 'size chart', 'einstufungstest']));
    expect(concept('kletterschuhe')).toContain('climbing shoes');
    expect(concept('bandwurm')).toContain('tapeworm');
    expect(concept('chemische reinigung')).toContain('dry cleaning');
    expect(concept('fernwärme')).toContain('district heating');
    expect(concept('wohnmobil')).toContain('womo');
  });
});
