import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUDGET_KB, kb, measureBundle } from '../../bench/bundleSize.ts';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const sizes = measureBundle(DIST);

// Sizes are deterministic for a given build, so they can be budgets (times cannot).
describe('bundle budget (gzipped JavaScript of the built dist/)', () => {
  it(`the dashboard's first screen stays within ${BUDGET_KB.firstScreen} KB`, () => {
    const files = sizes.firstScreen.map((f) => `${f.file} ${kb(f.gzip)} KB`);
    expect(kb(sizes.firstScreenGzip), files.join('\n')).toBeLessThanOrEqual(BUDGET_KB.firstScreen);
  });

  it('no chart, spreadsheet, Word or PDF library is in the first screen', () => {
    expect(sizes.heavyInFirstScreen).toEqual([]);
  });

  it(`widget.js stays within ${BUDGET_KB.widget} KB and widget-chat.js within ${BUDGET_KB.widgetChat} KB`, () => {
    expect(sizes.widgetGzip).not.toBeNull();
    expect(sizes.widgetChatGzip).not.toBeNull();
    expect(kb(sizes.widgetGzip!)).toBeLessThanOrEqual(BUDGET_KB.widget);
    expect(kb(sizes.widgetChatGzip!)).toBeLessThanOrEqual(BUDGET_KB.widgetChat);
  });
});
