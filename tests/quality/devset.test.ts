// The CI gate on answer quality: trains the real server on the development set ../shared/eval/site-hotel
// (PGlite in memory, the API as a new trial customer calls it), asks all its questions through the widget's
// API and holds the figures to the floors in bench/quality/floor.json. Same code as `npm run bench -- quality`.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE, REPO_ROOT, formatReport, runQualityBench, type QualityResult } from '../../bench/quality/run.ts';

const FLOOR_FILE = path.join(REPO_ROOT, 'bench/quality/floor.json');
const floor = JSON.parse(fs.readFileSync(FLOOR_FILE, 'utf8')) as {
  hit3: number; facts: number; oos_handover: number; cross_lang: number; js_only: number; mna_leaks: number;
};
// js_only: facts only a crawl that renders JavaScript (headless Chromium, which the test command needs anyway) indexes.
const RATES = ['hit3', 'facts', 'oos_handover', 'cross_lang', 'js_only'] as const;

describe('answer quality on the development set', () => {
  const present = fs.existsSync(path.join(DEFAULT_SITE, 'questions.json'));
  let result: QualityResult | undefined;
  const need = () => {
    if (!result) throw new Error('no bench result (see the failures above)');
    return result;
  };

  beforeAll(async () => {
    if (!present) return;
    result = await runQualityBench({ siteDir: DEFAULT_SITE });
    console.log(`${formatReport(result)}\n${JSON.stringify(result.summary)}`);
  }, 300_000);

  it('finds the development set next to the repository', () => {
    expect(present, `The development set is missing: expected ${DEFAULT_SITE} (questions.json, crawl-expectations.json, serve.mjs), i.e. ../shared/eval/site-hotel next to the repository`).toBe(true);
  });

  it('trains the main language through the registration wizard and answers every question', () => {
    const r = need();
    expect(r.training[0]).toMatchObject({ via: 'wizard', status: 'completed' });
    expect(r.results.filter((x) => x.status !== 200).map((x) => `${x.id}: ${x.status} ${x.error}`)).toEqual([]);
  });

  for (const key of RATES)
    it(`${key} is at least its floor`, () => {
      const r = need();
      expect(r.headline[key] ?? -1, `${key} ${r.headline[key]} fell below the floor ${floor[key]} (${FLOOR_FILE})`).toBeGreaterThanOrEqual(floor[key]);
    });

  it('reveals no forbidden fact and indexes no robots-blocked secret', () => {
    const r = need();
    expect(r.results.filter((x) => x.leaked.length).map((x) => `${x.id}: ${x.leaked.join(', ')}`)).toEqual([]);
    expect(r.headline.mna_leaks).toBeLessThanOrEqual(floor.mna_leaks);
    expect(r.index.secretsIndexed).toEqual([]);
  });
});
