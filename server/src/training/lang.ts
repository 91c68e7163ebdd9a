import type { Queryable } from '../db/index.ts';
import { passagesRepo } from '../repositories/passages.ts';

/** Language codes of the pool mapped to their base language: de-AT → de, italian → it, cn → zh. */
export function baseLang(lang: string): string {
  const l = lang.trim().toLowerCase();
  if (l === 'italian') return 'it';
  if (l === 'cn') return 'zh';
  return l.split(/[-_]/)[0] || 'simple';
}

/** PostgreSQL's own text-search configuration per base language; `simple` where it has none. */
const CONFIGS: Record<string, string> = {
  ar: 'arabic', hy: 'armenian', eu: 'basque', ca: 'catalan', da: 'danish', nl: 'dutch', en: 'english',
  fi: 'finnish', fr: 'french', de: 'german', el: 'greek', hi: 'hindi', hu: 'hungarian', id: 'indonesian',
  ga: 'irish', it: 'italian', lt: 'lithuanian', ne: 'nepali', nb: 'norwegian', no: 'norwegian', pt: 'portuguese',
  ro: 'romanian', ru: 'russian', sr: 'serbian', es: 'spanish', sv: 'swedish', ta: 'tamil', tr: 'turkish', yi: 'yiddish',
};

const available = new WeakMap<object, Promise<Set<string>>>();

/** The configuration name for a language, checked against what this server actually has installed. */
export async function tsConfigFor(db: Queryable, lang: string): Promise<string> {
  const wanted = CONFIGS[baseLang(lang)];
  if (!wanted) return 'simple';
  let set = available.get(db);
  if (!set) {
    set = passagesRepo.installedTsConfigs(db).then((names) => new Set(names));
    available.set(db, set);
  }
  return (await set).has(wanted) ? wanted : 'simple';
}
