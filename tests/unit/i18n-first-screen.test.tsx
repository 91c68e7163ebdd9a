import { beforeEach, describe, expect, it } from 'vitest';
import { de } from '../../i18n/de.ts';
import { deShell } from '../../i18n/deShell.ts';
import { plugins } from '../../src/plugins/index.ts';
import type { AppMenuItem } from '../../src/plugins/types.ts';
import { createI18nProvider } from '../../src/providers/i18nProvider.ts';
import { LOCALE_STORAGE_KEY } from '../../src/lib/locale.ts';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))),
  );
const flatShell = flatten(deShell as unknown as Tree);
const flatDe = flatten(de as unknown as Tree);

const menuLabels = (items: AppMenuItem[]): string[] => items.flatMap((i) => [i.label, ...menuLabels(i.children ?? [])]);

describe("the first screen's German messages (i18n/deShell.ts)", () => {
  it('hold every menu entry and every page title', () => {
    const keys = [...plugins.flatMap((p) => menuLabels(p.menu ?? [])), ...plugins.flatMap((p) => (p.routes ?? []).flatMap((r) => (r.title ? [r.title] : [])))];
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((k) => !flatShell[k])).toEqual([]);
  });

  it('are a part of the whole German catalogue, word for word', () => {
    const differing = Object.keys(flatShell).filter((k) => flatShell[k] !== flatDe[k]);
    expect(differing).toEqual([]);
    expect(Object.keys(flatShell).length).toBeLessThan(Object.keys(flatDe).length / 2);
  });
});

describe('i18n provider', () => {
  beforeEach(() => localStorage.setItem(LOCALE_STORAGE_KEY, 'de'));

  it('starts German users with the first screen part and switches to the whole catalogue for other pages', async () => {
    const provider = await createI18nProvider();
    expect(provider.translate('dashboard.title')).toBe(flatDe['dashboard.title']);
    expect(provider.translate('training.tabs.website')).toBe(flatDe['training.tabs.website']);
    expect(provider.translate('history.empty')).toBe('history.empty');
    await provider.allMessages();
    expect(provider.translate('history.empty')).toBe(flatDe['history.empty']);
    expect(provider.getLocale()).toBe('de');
  });

  it('a locale change brings the whole catalogue of that locale', async () => {
    const provider = await createI18nProvider();
    await provider.changeLocale('en');
    expect(provider.getLocale()).toBe('en');
    expect(provider.translate('history.empty')).not.toBe('history.empty');
    expect(provider.translate('history.empty')).not.toBe(flatDe['history.empty']);
    await provider.changeLocale('de');
    expect(provider.translate('history.empty')).toBe(flatDe['history.empty']);
  });
});
