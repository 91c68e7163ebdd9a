// One answer-quality gate: trains the real server on an evaluation site (PGlite in memory, the API as a new trial
// customer calls it), asks all its questions through the widget's API and holds the figures to their floors.
// Same code as `npm run bench -- quality`.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatReport, runQualityBench, type QualityResult } from '../../bench/quality/run.ts';

/** Rates a site's answers must reach (a rate left out is not gated) and the most answers allowed to leak. */
export type QualityFloor = Partial<Record<(typeof RATES)[number], number>> & { mna_leaks: number };
// js_only: facts only a crawl that renders JavaScript (headless Chromium, which the test command needs anyway) indexes.
const RATES = ['hit3', 'facts', 'oos_handover', 'cross_lang', 'js_only'] as const;

export function describeQualityGate(site: { name: string; dir: string; missing: string }, floor: QualityFloor, floorFile: string) {
  describe(`answer quality on ${site.name}`, () => {
    const present = fs.existsSync(path.join(site.dir, 'questions.json'));
    let result: QualityResult | undefined;
    const need = () => {
      if (!result) throw new Error('no bench result (see the failures above)');
      return result;
    };

    beforeAll(async () => {
      if (!present) return;
      result = await runQualityBench({ siteDir: site.dir });
      console.log(`${formatReport(result)}\n${JSON.stringify(result.summary)}`);
    }, 300_000);

    it('finds the site', () => {
      expect(present, site.missing).toBe(true);
    });

    it('trains the main language through the registration wizard and answers every question', () => {
      const r = need();
      expect(r.training[0]).toMatchObject({ via: 'wizard', status: 'completed' });
      expect(r.results.filter((x) => x.status !== 200).map((x) => `${x.id}: ${x.status} ${x.error}`)).toEqual([]);
    });

    for (const key of RATES.filter((k) => floor[k] !== undefined))
      it(`${key} is at least its floor`, () => {
        const r = need();
        expect(r.headline[key] ?? -1, `${key} ${r.headline[key]} fell below the floor ${floor[key]} (${floorFile})`).toBeGreaterThanOrEqual(floor[key]!);
      });

    it('reveals no forbidden fact and indexes no robots-blocked secret', () => {
      const r = need();
      expect(r.results.filter((x) => x.leaked.length).map((x) => `${x.id}: ${x.leaked.join(', ')}`)).toEqual([]);
      expect(r.headline.mna_leaks).toBeLessThanOrEqual(floor.mna_leaks);
      expect(r.index.secretsIndexed).toEqual([]);
    });
  });
}
