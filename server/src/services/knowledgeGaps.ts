/**
 * Knowledge gaps (issue 15 items 2 and 3): what the bot could not answer well, grouped; answering a group
 * with a Q&A pair, dismissing it, and the proof: the group's questions asked again through the answer
 * engine, old answer beside new, the group closed only when the new answers use the new pair or source.
 *
 * Decisions (migration 142) are stored per member key of a group. A dismissed or closed group stays hidden
 * until a question of it arrives after the decision; then it is listed again as "reopened", with all its
 * questions (the old ones too, so the customer sees the whole group).
 */
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { notFound } from '../errors.ts';
import { queueEmbeddings } from '../jobs/embeddings.ts';
import { knowledgeGapsRepo, MAX_SIMILARITY_KEYS, type GapCandidateRow, type GapStateRow } from '../repositories/knowledgeGaps.ts';
import { qnaRepo } from '../repositories/qna.ts';
import { answerQuestion, UNSURE_LINES, type Answer } from '../runtime/answer.ts';
import { createLlmClient, isLlmConfigured } from '../runtime/llm.ts';
import { tsConfigFor } from '../training/lang.ts';
import { normalizeForIndex, stripQuestionFillers } from '../training/normalize.ts';
import { syncQnaPassage, toApiQna, type QnaRow } from '../training/qna.ts';
import { retrieve } from './retrieval.ts';
import { keepGroups, keptGroups, knownPairs, type PairsByLang } from './gapListCache.ts';
import { recordInOrg } from './tenancy.ts';
import { translate, translationConfig } from './translation.ts';
import {
  gapId, gapReasons, groupMessages, groupOfId, hiddenBy, LOW_QNA_SIMILARITY, parseGapId, sameQuestion, SIMILAR_TERMS, similarPairs, termKey, type GapGroup, type GapMessage, type KnownPairs,
} from './gapGrouping.ts';
import {
  GAP_PERIOD_DAYS, type GapPeriod, type GapSuggestions, type KnowledgeGap, type KnowledgeGapFilter, type ReaskedAnswer, type ReaskResult,
} from '../../../contract/api/knowledgeGaps.ts';

type Bot = { id: string; organization_id: string; lang: string; url?: string };

/** Questions re-asked per proof at most (the group's most recent distinct ones). */
export const MAX_REASK = 10;

const sinceOf = (period: GapPeriod, now = Date.now()) => {
  const days = GAP_PERIOD_DAYS[period];
  return days === null ? null : new Date(now - days * 86_400_000);
};

/**
 * The gap groups of a chatbot (one language, or all), from the messages of the period. Computed again only
 * when the messages they come from changed (their fingerprint, read from the database, so every API process
 * sees a change another one wrote); the decisions are applied on every read (withDecisions).
 */
async function computeGroups(db: Db, bot: Bot, opts: { lang: string | null; period: GapPeriod }): Promise<readonly GapGroup[]> {
  const filter = {
    organizationId: bot.organization_id,
    chatbotId: bot.id,
    lang: opts.lang,
    since: sinceOf(opts.period),
    lowQnaScore: LOW_QNA_SIMILARITY,
    unsure: UNSURE_LINES,
  };
  const id = `${bot.id}\n${opts.lang ?? '*'}\n${opts.period}`;
  // Read before the messages: groups kept under it are never older than it says.
  const fingerprint = await knowledgeGapsRepo.fingerprint(db, filter);
  const kept = keptGroups(db, id, fingerprint);
  if (kept) return kept;
  // The similar pairs of the list before (one question ago, say) are still true of the keys it had.
  const { groups, pairs } = await groupCandidates(db, await knowledgeGapsRepo.candidates(db, filter), knownPairs(db, id));
  keepGroups(db, id, fingerprint, groups, pairs);
  return groups;
}

async function groupCandidates(db: Db, rows: GapCandidateRow[], known?: PairsByLang): Promise<{ groups: GapGroup[]; pairs: PairsByLang }> {
  const byLang = new Map<string, (Omit<GapMessage, 'key'> & { stored: GapCandidateRow })[]>();
  for (const row of rows) {
    const m = {
      id: row.id,
      question: row.question,
      answer: row.answer,
      answeredBy: row.answered_by,
      sources: row.sources ?? [],
      score: row.score,
      feedback: row.feedback_rating,
      createdAt: row.created_at,
      lang: row.lang,
    };
    const reasons = gapReasons(m, { unsure: UNSURE_LINES });
    if (!reasons.length) continue;
    const list = byLang.get(row.lang) ?? [];
    list.push({ ...m, reasons, stored: row });
    byLang.set(row.lang, list);
  }
  const groups: GapGroup[] = [];
  const pairs = new Map<string, KnownPairs>();
  for (const [lang, messages] of byLang) {
    const { keyOf, trigramsOf } = await gapKeys(db, await tsConfigFor(db, lang), messages.map((m) => m.stored));
    const keyed = messages.map(({ stored, ...m }) => ({ ...m, key: keyOf.get(stored.id)! }));
    // Messages are newest first: the keys compared pairwise are the most recent ones.
    const keys = [...new Set(keyed.map((m) => m.key))].slice(0, MAX_SIMILARITY_KEYS);
    const similar = similarPairs(keys, keys.map((k) => trigramsOf.get(k)!), SIMILAR_TERMS, known?.get(lang));
    pairs.set(lang, { keys: new Set(keys), threshold: SIMILAR_TERMS, pairs: similar });
    groups.push(...groupMessages(keyed, similar));
  }
  return { groups, pairs };
}

/**
 * Each message's group key and each key's trigrams: stored with the message once made (migration 150); the
 * messages without one (or with one made under another configuration) get theirs now, from the question as
 * retrieval reads it: without fillers ("gibt es", "what is"), stemmed by the language's configuration.
 */
async function gapKeys(db: Db, config: string, rows: GapCandidateRow[]) {
  const keyOf = new Map<string, string>();
  const trigramsOf = new Map<string, string[]>();
  const missing: GapCandidateRow[] = [];
  for (const row of rows) {
    if (row.gap_key === null || row.gap_ts_config !== config) {
      missing.push(row);
      continue;
    }
    keyOf.set(row.id, row.gap_key);
    // Only the key's newest message brings them (see the repository).
    if (row.gap_trigrams) trigramsOf.set(row.gap_key, row.gap_trigrams);
  }
  if (missing.length) {
    const distinct = [...new Set(missing.map((m) => m.question))];
    const lexemes = await knowledgeGapsRepo.lexemes(db, config, distinct.map((q) => normalizeForIndex(stripQuestionFillers(q.slice(0, 1000)))));
    const keyOfQuestion = new Map(distinct.map((q, i) => [q, termKey(lexemes[i], q)]));
    for (const m of missing) keyOf.set(m.id, keyOfQuestion.get(m.question)!);
    const made = await knowledgeGapsRepo.storeKeys(db, config, missing.map((m) => m.id), missing.map((m) => keyOf.get(m.id)!));
    for (const [key, trigrams] of made) trigramsOf.set(key, trigrams);
  }
  return { keyOf, trigramsOf };
}

interface Decided {
  group: GapGroup;
  hidden: boolean;
  status: KnowledgeGap['status'];
  qnaId: string | null;
}

/** Applies the stored decisions to the groups: hidden, reopened, answered. */
function withDecisions(groups: readonly GapGroup[], states: GapStateRow[]): Decided[] {
  const byKey = new Map(states.map((s) => [`${s.lang}\n${s.group_key}`, s]));
  return groups.map((group) => {
    const own = group.keys.map((k) => byKey.get(`${group.lang}\n${k}`)).filter((s): s is GapStateRow => !!s);
    const latest = own.sort((a, b) => (a.decided_at < b.decided_at ? 1 : -1))[0];
    const qnaId = own.find((s) => s.qna_id)?.qna_id ?? null;
    if (!latest) return { group, hidden: false, status: 'open', qnaId };
    if (latest.status === 'answered') return { group, hidden: false, status: 'answered', qnaId };
    return hiddenBy(group, latest.decided_at) ? { group, hidden: true, status: 'open', qnaId } : { group, hidden: false, status: 'reopened', qnaId };
  });
}

const toApi = (chatbotId: string, d: Decided): KnowledgeGap => ({
  id: gapId(chatbotId, d.group.lang, d.group.firstKey),
  chatbotId,
  lang: d.group.lang,
  question: d.group.question,
  questions: d.group.questions,
  count: d.group.count,
  firstAt: d.group.firstAt,
  lastAt: d.group.lastAt,
  reasons: d.group.reasons,
  lastAnswer: d.group.messages[0].answer,
  status: d.status,
  qnaId: d.qnaId,
});

/** The list: open groups of the filter, sorted (count or last date, then the other) and paged. */
export async function listGaps(
  db: Db,
  bot: Bot,
  f: KnowledgeGapFilter,
  page: { sort: { field: string; order: 'ASC' | 'DESC' }; limit: number; offset: number },
) {
  const lang = f.allLanguages ? null : (f.lang ?? null);
  const [groups, states] = await Promise.all([computeGroups(db, bot, { lang, period: f.period }), knowledgeGapsRepo.states(db, bot.id, lang)]);
  const needle = f.q?.trim().toLowerCase();
  const visible = withDecisions(groups, states)
    .filter((d) => !d.hidden)
    .filter((d) => !f.reason || d.group.reasons.includes(f.reason))
    .filter((d) => !needle || d.group.questions.some((q) => q.toLowerCase().includes(needle)));
  const dir = page.sort.order === 'ASC' ? 1 : -1;
  const byCount = (a: Decided, b: Decided) => a.group.count - b.group.count;
  const byDate = (a: Decided, b: Decided) => (a.group.lastAt < b.group.lastAt ? -1 : a.group.lastAt > b.group.lastAt ? 1 : 0);
  const [first, second] = page.sort.field === 'count' ? [byCount, byDate] : [byDate, byCount];
  visible.sort((a, b) => dir * (first(a, b) || second(a, b)) || (a.group.key < b.group.key ? -1 : 1));
  return { total: visible.length, rows: visible.slice(page.offset, page.offset + page.limit).map((d) => toApi(bot.id, d)) };
}

/**
 * The group a gap id names, if the chatbot is the caller's (checked by `requireBot`) and the group still
 * exists in any period; else 404.
 */
export async function requireGap(db: Db, id: string, requireBot: (chatbotId: string) => Promise<Bot>) {
  const parsed = parseGapId(id);
  if (!parsed) throw notFound('Knowledge gap');
  const bot = await requireBot(parsed.chatbotId);
  const groups = await computeGroups(db, bot, { lang: parsed.lang, period: 'all' });
  const group = groupOfId(groups, id);
  if (!group) throw notFound('Knowledge gap');
  const decided = withDecisions([group], await knowledgeGapsRepo.states(db, bot.id, group.lang))[0];
  return { bot, group, decided, api: toApi(bot.id, decided) };
}

/** What the "answer it" form offers: the bot's best passages for the question and the nearest existing pairs. */
export async function gapSuggestions(db: Db, bot: Bot, group: GapGroup): Promise<GapSuggestions> {
  const [hits, pairs] = await Promise.all([
    retrieve(db, { chatbotId: bot.id, lang: group.lang, question: group.question, limit: 5 }),
    knowledgeGapsRepo.nearestPairs(db, bot.id, group.lang, group.question),
  ]);
  return {
    question: group.question,
    passages: hits.map((h) => ({ id: h.id, text: h.text, heading: h.heading, score: Math.round(h.score * 10_000) / 10_000, source: h.source })),
    pairs,
  };
}

/** Answers the group with a new pair (active, marked "from chat history"), or with the given pair of the chatbot edited. */
export async function answerGap(
  ctx: Pick<AppContext, 'db' | 'config' | 'jobs'>,
  bot: Bot,
  group: GapGroup,
  body: { question: string; answer: string; qnaId?: string },
) {
  const { db } = ctx;
  let existing: QnaRow | null = null;
  if (body.qnaId) {
    existing = await recordInOrg<QnaRow>(db, 'qna', body.qnaId, bot.organization_id);
    if (existing.chatbot_id !== bot.id) throw notFound('Question-answer pair');
  }
  const pair = await db.transaction(async (tx) => {
    const row = existing
      ? await qnaRepo.update(tx, existing.id, { question: body.question, answer: body.answer, active: true })
      : await qnaRepo.create(tx, bot, { lang: group.lang, question: body.question, answer: body.answer, active: true, fromChatHistory: true });
    await syncQnaPassage(tx, row);
    await knowledgeGapsRepo.decide(tx, { organizationId: bot.organization_id, chatbotId: bot.id, lang: group.lang, keys: group.keys, status: 'answered', qnaId: row.id });
    return row;
  });
  await queueEmbeddings(ctx, bot.id);
  return { qna: toApiQna(pair), created: !existing };
}

export async function dismissGap(db: Db, bot: Bot, group: GapGroup) {
  await knowledgeGapsRepo.decide(db, { organizationId: bot.organization_id, chatbotId: bot.id, lang: group.lang, keys: group.keys, status: 'dismissed', qnaId: null });
}

const reasked = (a: Pick<Answer, 'answer' | 'answeredBy' | 'sources'>): ReaskedAnswer => ({ answer: a.answer, answeredBy: a.answeredBy, sources: a.sources });
const sameSource = (a: { type: string; id: string }, b: { type: string; id: string }) => a.type === b.type && a.id === b.id;

/**
 * The proof: each distinct question of the group (the most recent MAX_REASK) asked again through the answer
 * engine as the widget asks it (with the language model and translation when configured; nothing recorded,
 * nothing counted against the quota). A new answer "uses the new" when it cites the pair (`qnaId`), or,
 * without a pair (a page or document was added), when it answers from a source the old answer did not have;
 * either way it must not decline or hand over unasked. All do: the group is closed.
 */
export async function reaskGap(
  ctx: Pick<AppContext, 'db' | 'config'>,
  bot: Bot,
  group: GapGroup,
  qnaId: string | null,
  gapIdOf: string,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<ReaskResult> {
  const { db, config } = ctx;
  const llm = isLlmConfigured(config) ? createLlmClient(config) : null;
  const latest = new Map<string, GapMessage>();
  for (const m of group.messages) if (!latest.has(sameQuestion(m.question))) latest.set(sameQuestion(m.question), m);
  const results: ReaskResult['results'] = [];
  // The group's distinct questions in the spelling the list shows, each with its latest answer as "before".
  for (const question of group.questions.slice(0, MAX_REASK)) {
    const before = latest.get(sameQuestion(question))!;
    const after = await answerQuestion(
      db,
      { chatbotId: bot.id, lang: group.lang, question, siteUrl: bot.url },
      { llm, log, ...(translationConfig(config) ? { translate: async (lang: string, t: string) => (await translate(config, lang, t)).text } : {}) },
    );
    const stillGap = gapReasons({ question, answer: after.answer, answeredBy: after.answeredBy, score: after.score, feedback: null }, { unsure: UNSURE_LINES });
    const fresh = qnaId
      ? after.sources.some((s) => s.type === 'qna' && s.id === qnaId)
      : after.sources.some((s) => !before.sources.some((b) => sameSource(s, b)));
    results.push({
      question,
      before: { answer: before.answer ?? '', answeredBy: before.answeredBy ?? 'fallback', sources: before.sources },
      after: reasked(after),
      usesNew: fresh && !stillGap.length,
    });
  }
  const closed = results.length > 0 && results.every((r) => r.usesNew);
  if (closed)
    await knowledgeGapsRepo.decide(db, { organizationId: bot.organization_id, chatbotId: bot.id, lang: group.lang, keys: group.keys, status: 'closed', qnaId });
  return { id: gapIdOf, closed, qnaId, results };
}

/** The pair a proof checks: the one given (if it is the chatbot's), else the one the answer action stored. */
export async function proofPair(db: Db, bot: Bot, given: string | undefined, stored: string | null) {
  if (!given) return stored;
  const id = await knowledgeGapsRepo.pairOfChatbot(db, bot.organization_id, bot.id, given);
  if (!id) throw notFound('Question-answer pair');
  return id;
}
