/**
 * A unit's own heading weighs more than the headings it stands under (training/indexer.ts): every unit
 * of "Online shop: shipping, returns and payment" stands under "returns", only one is the returns section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexText } from '../../server/src/training/indexer.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
}, 60_000);

afterAll(async () => {
  await s?.close();
});

/** The weights a tsvector gives a lexeme ("'return':3C,5B" → ["C", "B"]; an unweighted position is D). */
const weightsOf = (vector: string, lexeme: string) =>
  (new RegExp(`'${lexeme}':([^ ]+)`).exec(vector)?.[1] ?? '').split(',').filter(Boolean).map((p) => /[A-C]$/.exec(p)?.[0] ?? 'D');

describe('heading weights', () => {
  it('weighs the section heading as a heading (B) and the headings above it like text (C)', async () => {
    const text = ['# Online shop: shipping, returns and payment', '## Shipping', 'Orders leave our warehouse the same day.', '## Returns', 'Send items back within 30 days.'].join('\n');
    const { units, vectors } = await indexText(s.db, { lang: 'en', title: 'Shop' }, text);
    const shipping = vectors[units.findIndex((u) => u.text.startsWith('Orders'))];
    const returns = vectors[units.findIndex((u) => u.text.startsWith('Send items'))];
    expect(weightsOf(shipping, 'return')).toEqual(['C']);
    expect(weightsOf(returns, 'return').sort()).toEqual(['B', 'C']);
    expect(weightsOf(shipping, 'ship')).toEqual(expect.arrayContaining(['B']));
  });
});
