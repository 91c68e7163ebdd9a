import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { de } from '../../i18n/de.ts';
import { en } from '../../i18n/en.ts';
import { ERROR_KEYS } from '../../server/src/errors.ts';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
const variables = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

const flatEn = flatten(en as unknown as Tree);
const flatDe = flatten(de as unknown as Tree);

describe('German messages', () => {
  it('have every key of the English ones, react-admin included, and nothing else', () => {
    expect(Object.keys(flatDe).sort()).toEqual(Object.keys(flatEn).sort());
  });
  it('cover every react-admin 5 key', () => {
    for (const key of Object.keys(flatten(englishMessages as unknown as Tree))) expect(flatDe[key], key).toBeTruthy();
  });
  it('use the same placeholders and plural forms as English', () => {
    for (const [key, text] of Object.entries(flatEn)) {
      expect(variables(flatDe[key]), key).toEqual(variables(text));
      expect(flatDe[key].split('||||').length, key).toBe(text.split('||||').length);
    }
  });
  it('are translations, not English copies (apart from names and shared words)', () => {
    const names = new Set(['app.title', 'app.locales.de', 'app.locales.en']);
    const same = Object.keys(flatEn).filter((k) => !names.has(k) && flatEn[k] === flatDe[k] && flatEn[k].replace(/%\{\w+\}/g, '').trim().length > 12);
    expect(same).toEqual([]);
  });
});

describe('error catalogue', () => {
  it('has a text for every server error key in both languages', () => {
    for (const key of ERROR_KEYS) {
      expect(flatEn[`errors.${key}`], key).toBeTruthy();
      expect(flatDe[`errors.${key}`], key).toBeTruthy();
    }
  });
  it('has the error title and the texts of spec section 8', () => {
    for (const key of ['errors.title', 'errors.texts.emailNotRegistered', 'errors.texts.wrongPassword', 'errors.demo.subscriptionInvalid', 'errors.export.success', 'errors.website.noValidUrls']) {
      expect(flatDe[key], key).toBeTruthy();
    }
    expect(flatEn['errors.Forbidden']).toBe('Not authorized, please log in again');
  });
});
