/**
 * The quality bench: serves an evaluation site (../shared/eval/<site>/: serve.mjs, questions.json,
 * crawl-expectations.json), trains the real server on it through the API as a new customer would
 * (trial account, registration wizard, further languages with their websites), asks every question
 * through the widget's public API in a fresh chat, and scores the answers (./score.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/src/config.ts';
import { startServer } from '../../server/src/server.ts';
import { createThrowawayDatabase } from '../../server/src/db/throwaway.ts';
import { createAccount } from '../../server/src/services/accounts.ts';
import { mintAccessToken } from '../../server/src/auth/tokens.ts';
import { freePort } from '../_load.ts';
import { explainQuestion } from './explain.ts';
import {
  aliasMap, breakdown, canonicalPath, formatTable, headline, scoreQuestion, sourcePath,
  type BotReply, type EvalQuestion, type GroupFigures, type Headline, type QuestionResult,
} from './score.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_SITE = path.resolve(REPO_ROOT, '../shared/eval/site-hotel');

export interface QualityOptions {
  /** The site folder (serve.mjs, questions.json, crawl-expectations.json). */
  siteDir?: string;
  /** PostgreSQL server to create a throwaway database on; PGlite in memory when unset. */
  databaseUrl?: string;
  /** Progress lines (training steps, every 20 questions). */
  verbose?: boolean;
  log?: (line: string) => void;
  /** Environment to take LLM_* from (default process.env); without LLM_BASE_URL and LLM_MODEL no model is used. */
  env?: Record<string, string | undefined>;
  /** Only the first n questions (a quick look); all when unset. */
  limit?: number;
  /** Question ids (or 'failed') whose retrieved units and gate figures are printed: why a question failed. */
  explain?: string[];
}

export interface LanguageTraining {
  lang: string;
  /** How the language was trained: the registration wizard (main language) or languages + websites API. */
  via: 'wizard' | 'languages+websites';
  startUrl: string;
  /** The language was accepted (always true for the main one). */
  added: boolean;
  /** Refusal of POST /languages or POST /websites: status, error key, message. */
  refused?: { step: string; status: number; error: string; message: string; details?: unknown };
  status: string;
  seconds: number;
  job?: {
    pagesFound: number; pagesTrained: number; pagesFailed: number; limitReached: string | null; notTrained: number; error: string | null;
    /** Pages rendered in Chromium because scripts fill them; pages that needed it but could not be rendered. */
    pagesRendered?: number; pagesMaybeIncomplete?: string[];
  };
}

export interface IndexReport {
  /** Pages per language the page itself declares (what answers in that language can use). */
  pagesByLang: Record<string, number>;
  /** Pages per website language (what the dashboard lists under a language). */
  pagesByWebsiteLang: Record<string, number>;
  total: number;
  websites: { lang: string; domain: string; pages: number }[];
  /** Expected paths (spider_crawl.expected_paths) not indexed under their canonical path or an alias. */
  missing: string[];
  /** Canonical paths indexed more than once (in one website or across websites). */
  duplicates: string[];
  /** must_never_index paths found in the index. */
  forbiddenIndexed: string[];
  /** Indexed paths that are neither expected nor an alias. */
  unexpected: string[];
  /** secret_markers strings found in webpages.text or passages.text. */
  secretsIndexed: string[];
}

export interface QualityResult {
  site: string;
  siteDir: string;
  db: 'pglite' | 'postgres';
  llm: string | null;
  origin: string;
  mainLang: string;
  trainSeconds: number;
  training: LanguageTraining[];
  index: IndexReport;
  headline: Headline;
  rows: { label: string; figures: GroupFigures }[];
  results: QuestionResult[];
  /** The last line of the bench: one JSON object. */
  summary: Record<string, unknown>;
  seconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface CrawlExpectations {
  spider_crawl?: { expected_paths?: string[]; aliases?: Record<string, string[]> };
  must_never_index?: { path: string }[];
  secret_markers?: string[];
  pages?: { path: string; lang: string }[];
}

/** The site's files, or an error that says what is missing. */
export function loadSite(siteDir: string) {
  const need = ['serve.mjs', 'questions.json', 'crawl-expectations.json'];
  if (!fs.existsSync(siteDir)) throw new Error(`quality bench: site folder not found: ${siteDir}`);
  const missing = need.filter((f) => !fs.existsSync(path.join(siteDir, f)));
  if (missing.length) throw new Error(`quality bench: ${siteDir} lacks ${missing.join(', ')}`);
  const questions = JSON.parse(fs.readFileSync(path.join(siteDir, 'questions.json'), 'utf8')) as EvalQuestion[];
  const expectations = JSON.parse(fs.readFileSync(path.join(siteDir, 'crawl-expectations.json'), 'utf8')) as CrawlExpectations;
  return { questions, expectations };
}

/** The site's languages by number of pages, most first (the first is the main language). */
export function siteLanguages(pages: { path: string; lang: string }[]): { lang: string; paths: string[] }[] {
  const by = new Map<string, string[]>();
  for (const p of pages) by.set(p.lang, [...(by.get(p.lang) ?? []), p.path]);
  return [...by.entries()].map(([lang, paths]) => ({ lang, paths })).sort((a, b) => b.paths.length - a.paths.length || a.lang.localeCompare(b.lang));
}

/**
 * Where a customer would point the website of a further language: the folder all its pages share
 * ("/en/"), else its shortest path.
 */
export function languageStartPath(paths: string[]): string {
  const dirs = paths.map((p) => p.split('?')[0].replace(/[^/]*$/, ''));
  let prefix = dirs[0] ?? '/';
  for (const d of dirs) while (!d.startsWith(prefix)) prefix = prefix.replace(/[^/]*\/$/, '');
  if (prefix !== '/' && prefix) return prefix;
  return [...paths].sort((a, b) => a.split('/').length - b.split('/').length || a.length - b.length)[0] ?? '/';
}

export async function serveSite(siteDir: string): Promise<{ origin: string; proc: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(siteDir, 'serve.mjs'), '--port', String(port), '--host', '127.0.0.1'], {
    cwd: siteDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (c) => (stderr += c));
  proc.stdout!.resume();
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  const until = Date.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`quality bench: serve.mjs exited (${proc.exitCode}): ${stderr.trim()}`);
    try {
      const r = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2000) });
      await r.arrayBuffer();
      if (r.status < 500) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`quality bench: ${origin} did not answer within 15 s ${stderr.trim()}`);
    }
    await sleep(100);
  }
  return { origin, proc, stop };
}

type Api = (method: string, p: string, body?: unknown) => Promise<{ status: number; json: any; headers: Headers }>;

function makeApi(base: string, token?: string): Api {
  return async (method, p, body) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers };
  };
}

const refusal = (step: string, r: { status: number; json: any }) => ({
  step,
  status: r.status,
  error: String(r.json?.error ?? 'Unknown'),
  message: String(r.json?.message ?? ''),
  ...(r.json?.details !== undefined ? { details: r.json.details } : {}),
});

/** All rows of a simple-rest list, page by page. */
async function listAll(api: Api, resource: string, filter: Record<string, unknown>) {
  const out: any[] = [];
  for (let start = 0; ; start += 500) {
    const q = `?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify([start, start + 499]))}`;
    const r = await api('GET', `/api/v1/${resource}${q}`);
    if (r.status !== 200) throw new Error(`GET ${resource}: ${r.status} ${JSON.stringify(r.json)}`);
    out.push(...r.json);
    const total = Number(/\/(\d+)$/.exec(r.headers.get('content-range') ?? '')?.[1] ?? out.length);
    if (out.length >= total || r.json.length === 0) return out;
  }
}

export async function runQualityBench(opts: QualityOptions = {}): Promise<QualityResult> {
  const started = performance.now();
  const siteDir = path.resolve(opts.siteDir ?? DEFAULT_SITE);
  const log = opts.verbose ? (opts.log ?? ((l: string) => console.log(l))) : () => {};
  const env = opts.env ?? process.env;
  const { questions: allQuestions, expectations } = loadSite(siteDir);
  const questions = opts.limit ? allQuestions.slice(0, opts.limit) : allQuestions;
  const langs = siteLanguages(expectations.pages ?? []);
  const mainLang = langs[0]?.lang ?? questions[0]?.lang ?? 'de';
  const aliases = aliasMap(expectations.spider_crawl?.aliases);

  const site = await serveSite(siteDir);
  let close = async () => {};
  try {
    const throwaway = opts.databaseUrl ? await createThrowawayDatabase(opts.databaseUrl, 'quality') : null;
    close = async () => void (await throwaway?.drop());
    const port = await freePort();
    const llmEnv = { LLM_BASE_URL: env.LLM_BASE_URL ?? '', LLM_MODEL: env.LLM_MODEL ?? '', LLM_API_KEY: env.LLM_API_KEY ?? '', LLM_TIMEOUT_MS: env.LLM_TIMEOUT_MS ?? '' };
    const config = loadConfig({
      PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'silent',
      CRAWL_ALLOW_PRIVATE: 'true', RUN_WORKERS: 'true',
      WIDGET_RATE_PER_VISITOR: '100000', WIDGET_RATE_PER_CHATBOT: '1000000',
      ...llmEnv,
      // The large chatbots' search path, forced onto a small site: SEARCH_MAX_IN_MEMORY_UNITS=0 (see --large).
      SEARCH_MAX_IN_MEMORY_UNITS: env.SEARCH_MAX_IN_MEMORY_UNITS ?? '', SEARCH_POSTINGS: env.SEARCH_POSTINGS ?? '',
      ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
    });
    const server = await startServer(config);
    close = async () => {
      await server.close();
      await throwaway?.drop();
    };
    const base = `http://127.0.0.1:${port}`;
    const llm = config.LLM_BASE_URL && config.LLM_MODEL ? `${config.LLM_MODEL} @ ${config.LLM_BASE_URL}` : null;
    log(`quality: site ${site.origin} (${siteDir}), server ${base} on ${server.db.kind}, ${llm ? `LLM ${llm}` : 'no LLM'}`);

    // A new customer: account with a trial (as the identity provider's sign-up creates it) and a token.
    // Contact details without digits a fact could be read in: the answers that hand over repeat them ("+49" is no "49").
    const stamp = Date.now().toString(36).replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]);
    const user = await createAccount(server.db, { email: `quality-${stamp}@example.test`, password: 'correct horse battery', trialDays: config.TRIAL_DAYS });
    const { keys, issuer, audience } = server.app.ctx;
    const token = await mintAccessToken(keys!, {
      issuer, audience, clientId: config.OIDC_CLIENT_ID, subject: user.subject, email: user.email, isAdmin: false, ttlSeconds: 6 * 3600,
    });
    const api = makeApi(base, token);
    const expectOk = (what: string, r: { status: number; json: any }, ...ok: number[]) => {
      if (!ok.includes(r.status)) throw new Error(`quality bench: ${what} answered ${r.status} ${JSON.stringify(r.json)}`);
      return r.json;
    };

    // The registration wizard: personal data, then the website in the main language, verify polled.
    expectOk('PATCH users', await api('PATCH', `/api/v1/users/${user.id}`, {
      firstName: 'Quality', lastName: 'Bench', company: 'Evaluation', phone: '0000 0000000', preferredLanguage: mainLang === 'en' ? 'en' : 'de',
    }), 200);
    const t0 = performance.now();
    const bot = expectOk('POST chatbots', await api('POST', '/api/v1/chatbots', { organizationId: user.organization_id, url: site.origin, lang: mainLang }), 201);
    let verify: any;
    for (;;) {
      verify = expectOk('verify', await api('GET', `/api/v1/chatbots/${bot.id}/verify?url=${encodeURIComponent(bot.url)}&lang=${mainLang}`), 200);
      if (verify.initialSetup === 'completed' || verify.initialSetup === 'failed') break;
      if (performance.now() - t0 > 30 * 60_000) throw new Error('quality bench: initial setup did not finish in 30 minutes');
      await sleep(200);
    }
    const trainSeconds = (performance.now() - t0) / 1000;
    const training: LanguageTraining[] = [{
      lang: mainLang, via: 'wizard', startUrl: bot.url, added: true, status: verify.initialSetup, seconds: round(trainSeconds, 1),
      job: { pagesFound: verify.progress?.pagesFound ?? 0, pagesTrained: verify.progress?.pagesTrained ?? 0, pagesFailed: 0, limitReached: null, notTrained: 0, error: verify.progress?.message ?? null },
    }];
    // The wizard's progress has no failures or limits: the setup's scrape job has them.
    const setupJob = (await listAll(api, 'scrape-jobs', { chatbotId: bot.id })).at(-1);
    if (setupJob) training[0].job = jobFigures(setupJob);
    log(`quality: initial setup ${verify.initialSetup} in ${round(trainSeconds, 1)} s: ${JSON.stringify(training[0].job)}`);

    // Further languages, as the manual has it: add the language, then a website in it (Training → Website).
    for (const { lang, paths } of langs.slice(1)) {
      const startUrl = site.origin + languageStartPath(paths);
      const entry: LanguageTraining = { lang, via: 'languages+websites', startUrl, added: false, status: 'not trained', seconds: 0 };
      training.push(entry);
      const t1 = performance.now();
      const added = await api('POST', `/api/v1/languages/${bot.id}`, { lang });
      if (added.status !== 201) {
        entry.refused = refusal('POST languages', added);
        log(`quality: language ${lang} refused: ${added.status} ${JSON.stringify(added.json)}`);
        continue;
      }
      entry.added = true;
      const w = await api('POST', '/api/v1/websites', { chatbotId: bot.id, lang, domain: startUrl, crawl: 'spider' });
      if (w.status !== 201) {
        entry.refused = refusal('POST websites', w);
        log(`quality: website ${startUrl} (${lang}) refused: ${w.status} ${JSON.stringify(w.json)}`);
        continue;
      }
      let job = w.json.job;
      while (job && job.status !== 'completed' && job.status !== 'failed') {
        if (performance.now() - t1 > 30 * 60_000) throw new Error(`quality bench: scrape job for ${lang} did not finish in 30 minutes`);
        await sleep(200);
        job = expectOk('GET scrape-jobs', await api('GET', `/api/v1/scrape-jobs/${job.id}`), 200);
      }
      entry.status = job?.status ?? 'no job';
      entry.seconds = round((performance.now() - t1) / 1000, 1);
      if (job) entry.job = jobFigures(job);
      log(`quality: language ${lang} (${startUrl}) ${entry.status} in ${entry.seconds} s: ${JSON.stringify(entry.job)}`);
    }

    const index = await indexReport(api, server.db, bot.id, site.origin, expectations, aliases);
    log(`quality: index ${JSON.stringify({ ...index, unexpected: index.unexpected.length })}`);

    // The questions, each in a fresh chat of the widget's public API.
    const pub = makeApi(`${base}/api/v1/public/chatbots/${bot.id}`);
    const results: QuestionResult[] = [];
    for (const [i, q] of questions.entries()) {
      const reply = await ask(pub, q);
      results.push(scoreQuestion(q, reply, { origin: site.origin, aliases }));
      if ((i + 1) % 20 === 0) log(`quality: ${i + 1}/${questions.length} asked`);
    }

    if (opts.explain?.length) {
      const wanted = (r: QuestionResult) =>
        opts.explain!.includes(r.id) || (opts.explain!.includes('failed') && (r.kind === 'in_scope' ? !(r.facts && r.hit3) : r.kind === 'out_of_scope' && !r.handover));
      for (const r of results.filter(wanted)) (opts.log ?? console.log)(await explainQuestion(server.db, bot.id, r, site.origin));
    }
    const h = headline(results);
    const pages = Object.fromEntries(Object.entries(index.pagesByLang).sort());
    const summary = {
      bench: 'quality',
      site: path.basename(siteDir),
      ...h,
      train_s: round(trainSeconds, 1),
      pages,
      db: server.db.kind,
      llm: !!llm,
      questions: results.length,
      secrets_indexed: index.secretsIndexed.length,
      langs_refused: training.filter((t) => t.refused).map((t) => t.lang),
    };
    return {
      site: path.basename(siteDir), siteDir, db: server.db.kind, llm, origin: site.origin, mainLang, trainSeconds, training, index,
      headline: h, rows: breakdown(results), results, summary, seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await close().catch(() => {});
    await site.stop();
  }
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

function jobFigures(j: any): NonNullable<LanguageTraining['job']> {
  return {
    pagesFound: j.pagesFound, pagesTrained: j.pagesTrained, pagesFailed: j.pagesFailed, limitReached: j.limitReached ?? null,
    notTrained: (j.notTrained ?? []).length, error: j.error ?? null,
    pagesRendered: j.pagesRendered ?? 0, pagesMaybeIncomplete: j.pagesMaybeIncomplete ?? [],
  };
}

async function ask(pub: Api, q: EvalQuestion): Promise<BotReply> {
  const chat = await pub('POST', '/chats', { lang: q.lang });
  if (chat.status !== 201)
    return { status: chat.status, latencyMs: 0, answer: '', sources: [], answeredBy: null, contact: null, error: `start chat: ${chat.json?.error ?? chat.status}` };
  const t = performance.now();
  const m = await pub('POST', `/chats/${chat.json.id}/messages`, { text: q.question });
  const latencyMs = performance.now() - t;
  if (m.status !== 200)
    return { status: m.status, latencyMs, answer: '', sources: [], answeredBy: null, contact: null, chatLang: chat.json.lang, error: String(m.json?.error ?? m.status) };
  return {
    status: m.status, latencyMs, answer: String(m.json.answer ?? ''), sources: m.json.sources ?? [], answeredBy: m.json.answeredBy ?? null,
    contact: m.json.contact ?? null, chatLang: chat.json.lang,
  };
}

async function indexReport(
  api: Api,
  db: { query: <T>(sql: string, params?: unknown[]) => Promise<{ rows: T[] }> },
  chatbotId: string,
  origin: string,
  exp: CrawlExpectations,
  aliases: Map<string, string>,
): Promise<IndexReport> {
  const websites = await listAll(api, 'websites', { chatbotId });
  const pages = await listAll(api, 'webpages', { chatbotId });
  const siteLang = new Map<string, string>(websites.map((w: any) => [w.id, w.lang]));
  const count = (keys: string[]) => keys.reduce<Record<string, number>>((a, k) => ((a[k] = (a[k] ?? 0) + 1), a), {});
  const paths = pages.map((p: any) => sourcePath(p.url, origin) ?? p.url);
  const canon = paths.map((p: string) => canonicalPath(p, aliases));
  const expected = new Set(exp.spider_crawl?.expected_paths ?? []);
  const seen = count(canon);
  const never = (exp.must_never_index ?? []).map((m) => m.path);
  const markers = exp.secret_markers ?? [];
  const secretsIndexed: string[] = [];
  for (const m of markers) {
    const like = `%${m.replace(/[\\%_]/g, '\\$&')}%`;
    const r = await db.query<{ n: number }>(
      `select (select count(*) from webpages where chatbot_id = $1 and text ilike $2)::int
            + (select count(*) from passages where chatbot_id = $1 and text ilike $2)::int as n`,
      [chatbotId, like],
    );
    if (r.rows[0].n > 0) secretsIndexed.push(m);
  }
  return {
    pagesByLang: count(pages.map((p: any) => p.lang)),
    pagesByWebsiteLang: count(pages.map((p: any) => siteLang.get(p.websiteId) ?? '?')),
    total: pages.length,
    websites: websites.map((w: any) => ({ lang: w.lang, domain: w.domain, pages: w.pages })),
    missing: [...expected].filter((p) => !seen[p]),
    duplicates: Object.entries(seen).filter(([, n]) => n > 1).map(([p, n]) => `${p} ×${n}`),
    forbiddenIndexed: never.filter((n) => paths.includes(n)),
    unexpected: [...new Set(canon)].filter((p) => !expected.has(p)),
    secretsIndexed,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The report

const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The human-readable report (the JSON line is printed separately, last). */
export function formatReport(r: QualityResult, opts: { verbose?: boolean } = {}): string {
  const out: string[] = [];
  out.push(`site ${r.site} (${r.siteDir}) served at ${r.origin}; ${r.db}; ${r.llm ? `LLM ${r.llm}` : 'no LLM (answers from passages)'}`);
  out.push('training:');
  for (const t of r.training) {
    const rendered = t.job?.pagesRendered ? `, rendered ${t.job.pagesRendered}` : '';
    const incomplete = t.job?.pagesMaybeIncomplete?.length ? `, maybe incomplete ${t.job.pagesMaybeIncomplete.join(' ')}` : '';
    const j = t.job ? `found ${t.job.pagesFound}, trained ${t.job.pagesTrained}, failed ${t.job.pagesFailed}, not trained ${t.job.notTrained}${rendered}${incomplete}${t.job.limitReached ? `, limit ${t.job.limitReached}` : ''}${t.job.error ? `, error ${t.job.error}` : ''}` : '';
    const refused = t.refused ? `REFUSED at ${t.refused.step}: ${t.refused.status} ${t.refused.error} ${t.refused.message}` : '';
    out.push(`  ${t.lang.padEnd(5)} ${t.via.padEnd(18)} ${t.startUrl}  ${t.status} in ${t.seconds} s  ${j}${refused}`);
  }
  const ix = r.index;
  out.push(`index: ${ix.total} pages; by page language ${JSON.stringify(ix.pagesByLang)}; by website language ${JSON.stringify(ix.pagesByWebsiteLang)}`);
  for (const w of ix.websites) out.push(`  website ${w.lang} ${w.domain}: ${w.pages} pages`);
  out.push(`  expected paths missing (${ix.missing.length}): ${ix.missing.join(' ') || '–'}`);
  out.push(`  duplicates (${ix.duplicates.length}): ${ix.duplicates.join(' ') || '–'}`);
  out.push(`  must_never_index indexed: ${ix.forbiddenIndexed.join(' ') || '–'}; unexpected paths: ${ix.unexpected.join(' ') || '–'}`);
  out.push(`  secret markers in the index: ${ix.secretsIndexed.length ? ix.secretsIndexed.join(', ') : 'none'}`);
  out.push('');
  out.push(formatTable(r.rows));
  out.push('');
  out.push('hit@1/hit@3/facts/declined: in_scope without js_only; oos ok: out_of_scope handed over (answeredBy fallback, no sources or a contact);');
  out.push('cross_lang: facts over cross_lang questions; js_only: facts over js_only questions; leaks: answers with a forbidden fact; latency: POST …/messages');
  const wrongLang = r.results.filter((x) => x.chatLang && x.chatLang !== x.lang);
  if (wrongLang.length) out.push(`${wrongLang.length} questions ran in another chat language than asked (${[...new Set(wrongLang.map((x) => `${x.lang}→${x.chatLang}`))].join(', ')})`);
  const errors = r.results.filter((x) => x.status !== 200);
  if (errors.length) out.push(`errors: ${errors.map((x) => `${x.id} ${x.status} ${x.error ?? ''}`).join('; ')}`);
  const leaks = r.results.filter((x) => x.leaked.length);
  if (leaks.length) out.push(`LEAKS: ${leaks.map((x) => `${x.id} [${x.leaked.join(', ')}]`).join('; ')}`);
  if (opts.verbose) {
    const failed = r.results.filter((x) => x.kind === 'in_scope' && !(x.facts && x.hit3));
    out.push('');
    out.push(`in_scope questions without facts or hit@3 (${failed.length}):`);
    for (const x of failed) {
      const flags = [x.cross_lang && 'cross_lang', x.js_only && 'js_only', x.derived && 'derived'].filter(Boolean).join(',');
      out.push(`- ${x.id} [${x.lang}${flags ? ` ${flags}` : ''}] ${x.question}`);
      out.push(`    expected ${x.expected_urls.join(' ')} facts ${JSON.stringify(x.answer_facts)}${x.missingFacts.length ? ` missing ${JSON.stringify(x.missingFacts)}` : ''}`);
      out.push(`    got ${x.answeredBy ?? x.status} ${x.sourcePaths[0] ?? '(no source)'} hit@1 ${x.hit1 ? 'y' : 'n'} hit@3 ${x.hit3 ? 'y' : 'n'}: ${JSON.stringify(short(x.answer.replace(/\s+/g, ' '), 160))}`);
    }
    const oosWrong = r.results.filter((x) => x.kind === 'out_of_scope' && !x.handover);
    out.push(`out_of_scope answered instead of handed over (${oosWrong.length}):`);
    for (const x of oosWrong) out.push(`- ${x.id} [${x.lang}] ${x.question} → ${x.sourcePaths[0] ?? ''}: ${JSON.stringify(short(x.answer.replace(/\s+/g, ' '), 160))}`);
  }
  return out.join('\n');
}
