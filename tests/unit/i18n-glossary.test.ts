import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de.ts';
import { en } from '../../i18n/en.ts';
import { ENGLISH_WORDS, GERMAN_WORDS, GLOSSARY, INFORMAL_GERMAN } from '../../i18n/glossary.ts';
import { TEXTS as IDP_TEXTS } from '../../server/src/oidc/i18n.ts';
import { textsFor } from '../../widget/src/shared/texts.ts';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))),
  );

/** Every text a person reads, per language: the dashboard, the identity provider's pages, the widget. */
const catalogue = (lang: 'de' | 'en') => ({
  ...flatten((lang === 'de' ? de : en) as unknown as Tree, 'dashboard:'),
  ...flatten(IDP_TEXTS[lang] as unknown as Tree, 'idp:'),
  ...flatten(textsFor(lang) as unknown as Tree, 'widget:'),
});
const German = catalogue('de');
const English = catalogue('en');

/** Placeholders (%{count}, {days}) are no words. */
const words = (text: string) => text.replace(/%?\{\w+\}/g, ' ');
/** A whole word or phrase: not inside a longer word, nor part of a hyphenated compound (E-Mail is not "Mail"). */
const wordPattern = (phrase: string) => new RegExp(`(?<![\\p{L}-])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}-])`, 'iu');
/** The keys whose text uses PHRASE, as "key: text". */
const using = (texts: Record<string, string>, phrase: string) =>
  Object.entries(texts)
    .filter(([, text]) => wordPattern(phrase).test(words(text)))
    .map(([key, text]) => `${key}: ${text}`);
/** Whether some text uses TERM, inflected too (Unterseite: "Unterseiten"). */
const inflected = (texts: Record<string, string>, term: string) =>
  Object.values(texts).some((text) => new RegExp(`(?<![\\p{L}-])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu').test(words(text)));

describe('the glossary (i18n/glossary.ts)', () => {
  it('names each concept once, with terms the texts really use', () => {
    expect(new Set(GLOSSARY.map((t) => t.concept)).size).toBe(GLOSSARY.length);
    for (const term of GLOSSARY) {
      for (const de of term.de.split(' / ')) expect(inflected(German, de), `${term.concept}: ${de}`).toBe(true);
      for (const en of term.en.split(' / ')) expect(inflected(English, en), `${term.concept}: ${en}`).toBe(true);
    }
  });
  it('draws its word lists from the product texts of their language', () => {
    for (const w of ENGLISH_WORDS) expect(using(English, w), w).not.toEqual([]);
    for (const w of GERMAN_WORDS) expect(using(German, w), w).not.toEqual([]);
  });
});

describe('German texts', () => {
  it('use the glossary terms, not their variants', () => {
    const found = GLOSSARY.flatMap((t) => (t.notDe ?? []).flatMap((v) => using(German, v).map((hit) => `${v} (use ${t.de}) in ${hit}`)));
    expect(found).toEqual([]);
  });
  it('address the reader formally ("Sie")', () => {
    expect(INFORMAL_GERMAN.flatMap((w) => using(German, w))).toEqual([]);
  });
  it('show none of the English words of the product texts ("Powered by", "Trial"…)', () => {
    expect(ENGLISH_WORDS.flatMap((w) => using(German, w).map((hit) => `${w} in ${hit}`))).toEqual([]);
  });
});

describe('English texts', () => {
  it('use the glossary terms, not their variants (colors, email)', () => {
    const found = GLOSSARY.flatMap((t) => (t.notEn ?? []).flatMap((v) => using(English, v).map((hit) => `${v} (use ${t.en}) in ${hit}`)));
    expect(found).toEqual([]);
  });
  it('show none of the German words of the product texts', () => {
    expect(GERMAN_WORDS.flatMap((w) => using(English, w).map((hit) => `${w} in ${hit}`))).toEqual([]);
  });
});

describe('every catalogue', () => {
  it('has the same keys in German and English (dashboard, identity provider, widget)', () => {
    expect(Object.keys(German).sort()).toEqual(Object.keys(English).sort());
  });
});
