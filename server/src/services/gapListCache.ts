/**
 * The gap lists this process computed last, each with the fingerprint of the messages it came from (read from
 * the database by the caller, so a change written by any process is seen). Kept by use, at most MAX_LISTS
 * lists and MAX_CHARS characters of questions, answers and keys: a list holds up to 5,000 messages.
 */
import type { GapGroup, KnownPairs } from './gapGrouping.ts';

/** Per language: the similar pairs the groups were made with, for the next computation of the list. */
export type PairsByLang = ReadonlyMap<string, KnownPairs>;

export const MAX_LISTS = 20;
export const MAX_CHARS = 16_000_000;

interface Entry {
  fingerprint: string;
  groups: readonly GapGroup[];
  pairs: PairsByLang;
  chars: number;
}

const perDatabase = new WeakMap<object, { entries: Map<string, Entry>; chars: number }>();

function cacheOf(db: object) {
  let c = perDatabase.get(db);
  if (!c) perDatabase.set(db, (c = { entries: new Map(), chars: 0 }));
  return c;
}

/** The groups computed for `id` from messages with this fingerprint, if kept. */
export function keptGroups(db: object, id: string, fingerprint: string): readonly GapGroup[] | undefined {
  const c = cacheOf(db);
  const e = c.entries.get(id);
  if (!e || e.fingerprint !== fingerprint) return undefined;
  // The map's order is the order of use: the first entry goes first.
  c.entries.delete(id);
  c.entries.set(id, e);
  return e.groups;
}

/** The pairs the last groups kept for `id` were made with, whatever messages they came from. */
export const knownPairs = (db: object, id: string): PairsByLang | undefined => cacheOf(db).entries.get(id)?.pairs;

export function keepGroups(db: object, id: string, fingerprint: string, groups: readonly GapGroup[], pairs: PairsByLang = new Map()) {
  const c = cacheOf(db);
  const old = c.entries.get(id);
  if (old) {
    c.entries.delete(id);
    c.chars -= old.chars;
  }
  let chars = 0;
  for (const g of groups) for (const m of g.messages) chars += m.question.length + (m.answer?.length ?? 0) + m.key.length;
  for (const known of pairs.values()) {
    for (const k of known.keys) chars += k.length;
    for (const [a, b] of known.pairs) chars += a.length + b.length;
  }
  if (chars > MAX_CHARS) return;
  c.entries.set(id, { fingerprint, groups, pairs, chars });
  c.chars += chars;
  for (const [k, e] of c.entries) {
    if (c.entries.size <= MAX_LISTS && c.chars <= MAX_CHARS) break;
    c.entries.delete(k);
    c.chars -= e.chars;
  }
}
