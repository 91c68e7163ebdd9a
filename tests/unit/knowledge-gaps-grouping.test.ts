/** Knowledge gaps, the pure part: why an answer is a gap, how questions group, the group ids, when a decision hides a group. */
import { describe, expect, it } from 'vitest';
import {
  gapId, gapReasons, groupMessages, groupOfId, hiddenBy, parseGapId, sameQuestion, similarPairs, termKey, type GapMessage,
} from '../../server/src/services/gapGrouping.ts';

const BOT = '8f14e45f-ceea-467f-a0e6-1a2b3c4d5e6f';
const UNSURE = ['Falls das Ihre Frage nicht ganz beantwortet:'];

let n = 0;
const msg = (question: string, key: string, createdAt: string, over: Partial<GapMessage> = {}): GapMessage => ({
  id: `m${++n}`, question, answer: 'Dazu habe ich leider keine Antwort gefunden.', answeredBy: 'fallback', sources: [], score: 0, feedback: null,
  createdAt, lang: 'de', key, reasons: ['declined'], ...over,
});

describe('gapReasons', () => {
  const base = { question: 'Haben Sie Parkplätze?', answer: 'x', answeredBy: 'fallback' as const, score: 0, feedback: null };
  it('a declined answer is a gap, unless the visitor asked for a person', () => {
    expect(gapReasons(base, { unsure: UNSURE })).toEqual(['declined']);
    expect(gapReasons({ ...base, question: 'Ich möchte mit einem Mitarbeiter sprechen' }, { unsure: UNSURE })).toEqual([]);
    expect(gapReasons({ ...base, question: 'Can I talk to a human?' }, { unsure: UNSURE })).toEqual([]);
  });
  it('an answer that offers a person unasked, a thumbs-down and a weak Q&A match are gaps; a good answer is none', () => {
    expect(gapReasons({ ...base, answeredBy: 'retrieval', answer: `Ab 7 Uhr.\n${UNSURE[0]} Anna hilft.` }, { unsure: UNSURE })).toEqual(['handover']);
    expect(gapReasons({ ...base, answeredBy: 'retrieval', answer: 'Ab 7 Uhr.', feedback: 'down' }, { unsure: UNSURE })).toEqual(['negative']);
    expect(gapReasons({ ...base, answeredBy: 'qna', score: 0.5 }, { unsure: UNSURE })).toEqual(['lowScore']);
    expect(gapReasons({ ...base, answeredBy: 'qna', score: 0.9 }, { unsure: UNSURE })).toEqual([]);
    expect(gapReasons({ ...base, answeredBy: 'llm', answer: 'Ab 7 Uhr.', feedback: 'up' }, { unsure: UNSURE })).toEqual([]);
  });
});

describe('termKey and sameQuestion', () => {
  it('sorts and dedupes the lexemes; a question of stop words only keys on its text', () => {
    expect(termKey(['parkplatz', 'hotel', 'parkplatz'], 'x')).toBe('hotel parkplatz');
    expect(termKey([], 'Was ist das?  ')).toBe('was ist das');
    expect(sameQuestion('Haben  Sie Parkplätze ?!')).toBe(sameQuestion('haben sie parkplätze'));
  });
});

describe('groupMessages', () => {
  it('groups the same keys, and keys joined by similar pairs transitively; counts, dates, newest first', () => {
    const groups = groupMessages(
      [
        msg('Haben Sie Parkplätze?', 'parkplatz', '2026-01-01T10:00:00.000Z'),
        msg('Gibt es Parkplätze?', 'parkplatz', '2026-01-03T10:00:00.000Z'),
        msg('Parkplätze am Hotel?', 'hotel parkplatz', '2026-01-02T10:00:00.000Z'),
        msg('Parkplatz Hotel Preis?', 'hotel parkplatz preis', '2026-01-04T10:00:00.000Z', { reasons: ['negative'] }),
        msg('Darf mein Hund mit?', 'hund', '2026-01-05T10:00:00.000Z'),
      ],
      [['hotel parkplatz', 'parkplatz'], ['hotel parkplatz', 'hotel parkplatz preis'], ['unknown', 'hund']],
    );
    expect(groups).toHaveLength(2);
    const parking = groups.find((g) => g.keys.includes('parkplatz'))!;
    expect(parking).toMatchObject({
      key: 'parkplatz', count: 4, firstAt: '2026-01-01T10:00:00.000Z', lastAt: '2026-01-04T10:00:00.000Z', reasons: ['declined', 'negative'],
      keys: ['hotel parkplatz', 'hotel parkplatz preis', 'parkplatz'],
    });
    expect(parking.messages.map((m) => m.createdAt)).toEqual([...parking.messages.map((m) => m.createdAt)].sort().reverse());
    expect(parking.questions).toEqual(['Parkplatz Hotel Preis?', 'Gibt es Parkplätze?', 'Parkplätze am Hotel?', 'Haben Sie Parkplätze?']);
    const dog = groups.find((g) => g.key === 'hund')!;
    expect(dog).toMatchObject({ count: 1, question: 'Darf mein Hund mit?', keys: ['hund'] });
  });

  it('names the most asked question, in its first spelling', () => {
    const [g] = groupMessages([
      msg('haben sie parkplätze', 'parkplatz', '2026-01-03T10:00:00.000Z'),
      msg('Haben Sie Parkplätze?', 'parkplatz', '2026-01-01T10:00:00.000Z'),
      msg('Gibt es Parkplätze?', 'parkplatz', '2026-01-02T10:00:00.000Z'),
    ]);
    expect(g.question).toBe('Haben Sie Parkplätze?');
    expect(g.questions).toEqual(['Haben Sie Parkplätze?', 'Gibt es Parkplätze?']);
  });

  it('keeps the id of its first question while another wording becomes the most asked; any member id finds the group', () => {
    const first = msg('Parkplätze am Hotel?', 'hotel parkplatz', '2026-01-01T10:00:00.000Z');
    const similar: [string, string][] = [['hotel parkplatz', 'parkplatz']];
    const [before] = groupMessages([first], similar);
    const [grown] = groupMessages([
      first,
      msg('Haben Sie Parkplätze?', 'parkplatz', '2026-01-02T10:00:00.000Z'),
      msg('Gibt es Parkplätze?', 'parkplatz', '2026-01-03T10:00:00.000Z'),
    ], similar);
    expect([before.key, grown.key]).toEqual(['hotel parkplatz', 'parkplatz']);
    expect([before.firstKey, grown.firstKey]).toEqual(['hotel parkplatz', 'hotel parkplatz']);
    const dog = groupMessages([msg('Darf mein Hund mit?', 'hund', '2026-01-01T10:00:00.000Z')]);
    const groups = [...dog, grown];
    expect(groupOfId(groups, gapId(BOT, 'de', 'hotel parkplatz'))).toBe(grown);
    // An id made from the most-asked key, as ids were made before, finds the group too.
    expect(groupOfId(groups, gapId(BOT, 'de', 'parkplatz'))).toBe(grown);
    expect(groupOfId(groups, gapId(BOT, 'de', 'hund'))).toBe(dog[0]);
    expect(groupOfId(groups, gapId(BOT, 'en', 'hund'))).toBeUndefined();
    expect(groupOfId(groups, gapId(BOT, 'de', 'sauna'))).toBeUndefined();
  });
});

describe('similarPairs', () => {
  // Trigrams as PostgreSQL's show_trgm() gives them; pg_trgm's similarity() of these keys is 0.625 and 0.421.
  const TRIGRAMS: Record<string, string[]> = {
    parkplatz: ['  p', ' pa', 'ark', 'atz', 'kpl', 'lat', 'par', 'pla', 'rkp', 'tz '],
    'hotel parkplatz': ['  h', '  p', ' ho', ' pa', 'ark', 'atz', 'el ', 'hot', 'kpl', 'lat', 'ote', 'par', 'pla', 'rkp', 'tel', 'tz '],
    'hund mitbring': ['  h', '  m', ' hu', ' mi', 'bri', 'hun', 'ing', 'itb', 'mit', 'nd ', 'ng ', 'rin', 'tbr', 'und'],
    'hund mitnehm': ['  h', '  m', ' hu', ' mi', 'ehm', 'hm ', 'hun', 'itn', 'mit', 'nd ', 'neh', 'tne', 'und'],
  };
  const keys = Object.keys(TRIGRAMS);
  it('computes pg_trgm similarity on the extracted trigrams: pairs at or above the threshold', () => {
    expect(similarPairs(keys, keys.map((k) => TRIGRAMS[k]), 0.6)).toEqual([['parkplatz', 'hotel parkplatz']]);
    expect(similarPairs(keys, keys.map((k) => TRIGRAMS[k]), 0.625)).toEqual([['parkplatz', 'hotel parkplatz']]);
    expect(similarPairs(keys, keys.map((k) => TRIGRAMS[k]), 0.626)).toEqual([]);
    expect(similarPairs(keys, keys.map((k) => TRIGRAMS[k]), 0.42)).toEqual([['parkplatz', 'hotel parkplatz'], ['hund mitbring', 'hund mitnehm']]);
    expect(similarPairs(['a', 'b'], [[], []], 0)).toEqual([]);
  });

  it('finds exactly the pairs comparing every pair finds, though it compares only keys whose rarest trigrams meet', () => {
    // Every pair compared, as the list did before prefix filtering.
    const everyPair = (ks: string[], ts: string[][], threshold: number) => {
      const out: [string, string][] = [];
      for (let i = 0; i < ks.length; i++)
        for (let j = i + 1; j < ks.length; j++) {
          const a = new Set(ts[i]);
          const b = new Set(ts[j]);
          if (!a.size || !b.size) continue;
          const shared = [...a].filter((t) => b.has(t)).length;
          if (shared / (a.size + b.size - shared) >= threshold) out.push([ks[i], ks[j]]);
        }
      return out;
    };
    // Keys of a few words from a small vocabulary, so that many share trigrams; a fixed seed keeps it repeatable.
    let seed = 15;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const words = ['park', 'parkplatz', 'platz', 'hund', 'hunde', 'mitbring', 'mitnehm', 'sauna', 'saun', 'zimm', 'zimmer', 'preis', 'fruehstueck', 'fruh'];
    const trigramsOf = (key: string) => [...new Set(key.split(' ').flatMap((w) => {
      const padded = `  ${w} `;
      return Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3));
    }))];
    const ks = [...new Set(Array.from({ length: 400 }, () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => words[Math.floor(random() * words.length)]).join(' ')))];
    const ts = ks.map(trigramsOf);
    for (const threshold of [0.3, 0.5, 0.6, 0.625, 0.8, 1]) {
      const expected = everyPair(ks, ts, threshold);
      expect(similarPairs(ks, ts, threshold)).toEqual(expected);
    }
    expect(everyPair(ks, ts, 0.6).length).toBeGreaterThan(10);

    // The list one question later: the newest keys first, some old keys gone, the pairs known from before.
    for (const threshold of [0.5, 0.6, 1]) {
      const before = ks.slice(5, 300);
      const known = { keys: new Set(before), threshold, pairs: similarPairs(before, before.map(trigramsOf), threshold) };
      const after = [...ks.slice(0, 5), ...ks.slice(300), ...before.filter((_, i) => i % 7)];
      const ts2 = after.map(trigramsOf);
      expect(similarPairs(after, ts2, threshold, known)).toEqual(everyPair(after, ts2, threshold));
      // Pairs known at another threshold are not used.
      expect(similarPairs(after, ts2, threshold, { ...known, threshold: 0.1 })).toEqual(everyPair(after, ts2, threshold));
    }
  });
});

describe('gap ids and decisions', () => {
  it('an id names its chatbot and language; anything else is no id', () => {
    const id = gapId(BOT, 'de-AT', 'parkplatz');
    expect(id).toMatch(new RegExp(`^${BOT}\\.de-AT\\.[0-9a-f]{24}$`));
    expect(gapId(BOT, 'de-AT', 'parkplatz')).toBe(id);
    expect(gapId(BOT, 'de', 'parkplatz')).not.toBe(id);
    expect(parseGapId(id)).toEqual({ chatbotId: BOT, lang: 'de-AT' });
    for (const bad of ['', 'x', `${BOT}.de`, `${BOT}.de.${'0'.repeat(23)}`, `${id}\n`, `${id}\u0000`, `../${id}`]) expect(parseGapId(bad)).toBeNull();
  });
  it('a decision hides a group until a question arrives after it', () => {
    expect(hiddenBy({ lastAt: '2026-01-01T10:00:00.000Z' }, '2026-01-01T10:00:00.000Z')).toBe(true);
    expect(hiddenBy({ lastAt: '2026-01-02T10:00:00.000Z' }, '2026-01-01T10:00:00.000Z')).toBe(false);
  });
});
