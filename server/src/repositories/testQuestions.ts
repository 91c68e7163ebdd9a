/**
 * SQL of the test questions, their runs and per-question results. Callers have already checked that the
 * chatbot (or record) is the caller's organization's; every statement is scoped by organization or chatbot.
 */
import type { Queryable } from '../db/index.ts';
import type { PageChange } from '../quality/testScore.ts';
import { containsPattern, type ListPage } from './listing.ts';

export interface TestQuestionRow {
  id: string;
  organization_id: string;
  chatbot_id: string;
  lang: string;
  question: string;
  expected_url: string | null;
  expected_source_type: 'webpage' | 'document' | 'qna' | null;
  expected_source_id: string | null;
  expected_facts: string[];
  origin: 'manual' | 'import' | 'chat' | 'gap' | 'suggested';
  created_at: string;
  updated_at: string;
}

/** A question with its result in the chatbot's latest completed run (null: not asked yet). */
export interface TestQuestionListRow extends TestQuestionRow {
  last_passed: boolean | null;
  last_source_ok: boolean | null;
  last_facts_ok: boolean | null;
  last_declined: boolean | null;
  last_missing_facts: string[] | null;
  last_answer: string | null;
  last_sources: unknown[] | null;
  last_cause: PageChange[] | null;
  last_run_at: string | null;
}

export interface TestRunRow {
  id: string;
  organization_id: string;
  chatbot_id: string;
  trigger: 'training' | 'edit' | 'manual';
  status: 'running' | 'completed' | 'failed';
  index_version: string | null;
  scrape_job_id: string | null;
  total: number;
  passed: number;
  score: number | null;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

export interface TestResultRow {
  run_id: string;
  test_question_id: string;
  passed: boolean;
  source_ok: boolean | null;
  facts_ok: boolean | null;
  declined: boolean;
  missing_facts: string[];
  answer: string;
  answered_by: string | null;
  sources: { type: string; id: string; url?: string }[];
  cause: PageChange[] | null;
}

export const TEST_QUESTIONS_SORTABLE = {
  question: 't.question', lang: 't.lang', origin: 't.origin', createdAt: 't.created_at', updatedAt: 't.updated_at', id: 't.id',
  // failing first when ascending (false < true, not asked yet last); passing first when descending
  status: 'r.passed',
};

export interface TestQuestionFilter {
  chatbotId: string;
  lang?: string;
  q?: string;
  origin?: TestQuestionRow['origin'];
  status?: 'passed' | 'failed' | 'new';
  id?: string[];
}

/** The chatbot's latest completed run. */
const LATEST_RUN = `(select id from test_runs where chatbot_id = $2 and status = 'completed' order by started_at desc, id desc limit 1)`;

const where = (f: TestQuestionFilter, organizationId: string) => {
  const params: unknown[] = [organizationId, f.chatbotId];
  let sql = 't.organization_id = $1 and t.chatbot_id = $2';
  if (f.lang) sql += ` and t.lang = $${params.push(f.lang)}`;
  if (f.origin) sql += ` and t.origin = $${params.push(f.origin)}`;
  if (f.q) sql += ` and t.question ilike $${params.push(containsPattern(f.q))}`;
  if (f.status === 'passed') sql += ' and r.passed';
  if (f.status === 'failed') sql += ' and r.passed = false';
  if (f.status === 'new') sql += ' and r.passed is null';
  if (f.id) sql += ` and t.id = any($${params.push(f.id)}::uuid[])`;
  return { sql, params };
};

const LIST_FROM = `test_questions t left join test_results r on r.test_question_id = t.id and r.run_id = ${LATEST_RUN}
  left join test_runs lr on lr.id = r.run_id`;
const LIST_COLUMNS = `t.*, r.passed as last_passed, r.source_ok as last_source_ok, r.facts_ok as last_facts_ok, r.declined as last_declined,
  r.missing_facts as last_missing_facts, r.answer as last_answer, r.sources as last_sources, r.cause as last_cause, lr.finished_at as last_run_at`;

export interface NewTestQuestion {
  lang: string;
  question: string;
  expectedUrl: string | null;
  expectedSource: { type: string; id: string } | null;
  expectedFacts: string[];
  origin: TestQuestionRow['origin'];
}

export const testQuestionsRepo = {
  async list(db: Queryable, organizationId: string, f: TestQuestionFilter, page: ListPage) {
    const w = where(f, organizationId);
    const total = (await db.query<{ n: number }>(`select count(*)::int n from ${LIST_FROM} where ${w.sql}`, w.params)).rows[0].n;
    const rows = await db.query<TestQuestionListRow>(
      `select ${LIST_COLUMNS} from ${LIST_FROM} where ${w.sql} order by ${page.orderBy}, t.id limit ${page.limit} offset ${page.offset}`,
      w.params,
    );
    return { total, rows: rows.rows };
  },
  async one(db: Queryable, organizationId: string, chatbotId: string, id: string) {
    const r = await db.query<TestQuestionListRow>(`select ${LIST_COLUMNS} from ${LIST_FROM} where t.organization_id = $1 and t.chatbot_id = $2 and t.id = $3`, [organizationId, chatbotId, id]);
    return r.rows[0];
  },
  /** The organization's test question (callers check the id's shape first: tenancy.requireRecord). */
  async inOrg(db: Queryable, organizationId: string, id: string) {
    return (await db.query<TestQuestionRow>('select * from test_questions where id = $1 and organization_id = $2', [id, organizationId])).rows[0];
  },
  async count(db: Queryable, chatbotId: string) {
    return (await db.query<{ n: number }>('select count(*)::int n from test_questions where chatbot_id = $1', [chatbotId])).rows[0].n;
  },
  async allOf(db: Queryable, chatbotId: string) {
    return (await db.query<TestQuestionRow>('select * from test_questions where chatbot_id = $1 order by created_at, id', [chatbotId])).rows;
  },
  async questionsOf(db: Queryable, chatbotId: string) {
    return (await db.query<{ question: string; lang: string }>('select question, lang from test_questions where chatbot_id = $1', [chatbotId])).rows;
  },
  /** Inserts the questions in their order and returns them. */
  async createMany(db: Queryable, bot: { id: string; organization_id: string }, items: NewTestQuestion[]) {
    if (!items.length) return [];
    const r = await db.query<TestQuestionRow>(
      `insert into test_questions (organization_id, chatbot_id, lang, question, expected_url, expected_source_type, expected_source_id, expected_facts, origin)
       select $1, $2, x.lang, x.question, x.url, x.stype, x.sid::uuid, array(select jsonb_array_elements_text(x.facts)), x.origin
         from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::text[]) with ordinality
              as x(lang, question, url, stype, sid, facts, origin, n)
        order by x.n
       returning *`,
      [
        bot.organization_id, bot.id,
        items.map((i) => i.lang), items.map((i) => i.question), items.map((i) => i.expectedUrl),
        items.map((i) => i.expectedSource?.type ?? null), items.map((i) => i.expectedSource?.id ?? null),
        items.map((i) => JSON.stringify(i.expectedFacts)), items.map((i) => i.origin),
      ],
    );
    return r.rows;
  },
  async update(db: Queryable, id: string, p: Omit<NewTestQuestion, 'origin'>) {
    const r = await db.query<TestQuestionRow>(
      `update test_questions set lang = $2, question = $3, expected_url = $4, expected_source_type = $5, expected_source_id = $6,
              expected_facts = $7, updated_at = now() where id = $1 returning *`,
      [id, p.lang, p.question, p.expectedUrl, p.expectedSource?.type ?? null, p.expectedSource?.id ?? null, p.expectedFacts],
    );
    return r.rows[0];
  },
  async remove(db: Queryable, id: string) {
    await db.query('delete from test_questions where id = $1', [id]);
  },
  async removeMany(db: Queryable, organizationId: string, chatbotId: string, ids: string[]) {
    const r = await db.query<{ id: string }>('delete from test_questions where organization_id = $1 and chatbot_id = $2 and id = any($3::uuid[]) returning id', [organizationId, chatbotId, ids]);
    return r.rows.map((x) => x.id);
  },

  // ---- runs ----
  async startRun(db: Queryable, bot: { id: string; organization_id: string }, trigger: TestRunRow['trigger']) {
    const r = await db.query<TestRunRow>(
      `insert into test_runs (organization_id, chatbot_id, trigger, index_version)
       select $1, $2, $3, index_version from chatbots where id = $2 returning *`,
      [bot.organization_id, bot.id, trigger],
    );
    return r.rows[0];
  },
  async finishRun(db: Queryable, id: string, p: { status: 'completed' | 'failed'; total: number; passed: number; score: number | null; scrapeJobId: string | null; error?: string }) {
    const r = await db.query<TestRunRow>(
      `update test_runs set status = $2, total = $3, passed = $4, score = $5, scrape_job_id = $6, error = $7, finished_at = now() where id = $1 returning *`,
      [id, p.status, p.total, p.passed, p.score, p.scrapeJobId, p.error ?? null],
    );
    return r.rows[0];
  },
  /** The chatbot's completed run before `runId` (by start). */
  async previousRun(db: Queryable, chatbotId: string, before: { id: string; started_at: string }) {
    const r = await db.query<TestRunRow>(
      `select * from test_runs where chatbot_id = $1 and status = 'completed' and id <> $2 and started_at <= $3
        order by started_at desc, id desc limit 1`,
      [chatbotId, before.id, before.started_at],
    );
    return r.rows[0] ?? null;
  },
  async latestRuns(db: Queryable, organizationId: string, chatbotId: string, limit: number) {
    const r = await db.query<TestRunRow & { added: number; changed: number; removed: number; scrape_type: string | null }>(
      `select x.*, coalesce(j.pages_added, 0) as added, coalesce(j.pages_changed, 0) as changed, coalesce(j.pages_removed, 0) as removed, j.type as scrape_type
         from (select * from test_runs where organization_id = $1 and chatbot_id = $2 order by started_at desc, id desc limit $3) x
         left join scrape_jobs j on j.id = x.scrape_job_id
        order by x.started_at, x.id`,
      [organizationId, chatbotId, limit],
    );
    return r.rows;
  },
  async countRuns(db: Queryable, chatbotId: string) {
    return (await db.query<{ n: number }>('select count(*)::int n from test_runs where chatbot_id = $1', [chatbotId])).rows[0].n;
  },
  async runInOrg(db: Queryable, organizationId: string, id: string) {
    return (await db.query<TestRunRow>('select * from test_runs where organization_id = $1 and id = $2', [organizationId, id])).rows[0] ?? null;
  },
  /**
   * A run of the chatbot that pg-boss holds but that has not started yet (waiting out its delay, queued behind
   * another, or picked up and not yet recorded): the score history shows it, so a screen watches for its result.
   * Reads pg-boss's job table (its default schema), as the job recovery does.
   */
  async waitingRun(db: Queryable, queue: string, chatbotId: string) {
    const r = await db.query<{ id: string; trigger: TestRunRow['trigger']; start_after: string }>(
      `select id, data->>'trigger' as trigger, start_after from pgboss.job
        where name = $1 and singleton_key in ($2, $2 || '/now') and state in ('created', 'retry', 'active')
        order by start_after limit 1`,
      [queue, chatbotId],
    );
    return r.rows[0] ?? null;
  },
  /** Runs left "running" for longer than a job may take (a process that died) are closed as failed. */
  async failStaleRuns(db: Queryable, chatbotId: string) {
    await db.query(
      `update test_runs set status = 'failed', error = 'interrupted', finished_at = now()
        where chatbot_id = $1 and status = 'running' and started_at < now() - interval '1 hour'`,
      [chatbotId],
    );
  },

  // ---- results ----
  async resultsOf(db: Queryable, runId: string) {
    return (await db.query<TestResultRow>('select * from test_results where run_id = $1', [runId])).rows;
  },
  async insertResults(db: Queryable, run: { id: string; organization_id: string; chatbot_id: string }, rows: Omit<TestResultRow, 'run_id'>[]) {
    if (!rows.length) return;
    await db.query(
      `insert into test_results (run_id, test_question_id, organization_id, chatbot_id, passed, source_ok, facts_ok, declined, missing_facts, answer, answered_by, sources, cause)
       select $1, x.qid::uuid, $2, $3, x.passed, x.source_ok, x.facts_ok, x.declined, array(select jsonb_array_elements_text(x.missing)), x.answer, x.answered_by, x.sources, x.cause
         from unnest($4::text[], $5::boolean[], $6::boolean[], $7::boolean[], $8::boolean[], $9::jsonb[], $10::text[], $11::text[], $12::jsonb[], $13::jsonb[])
              as x(qid, passed, source_ok, facts_ok, declined, missing, answer, answered_by, sources, cause)
        where exists (select 1 from test_questions q where q.id = x.qid::uuid)`,
      [
        run.id, run.organization_id, run.chatbot_id,
        rows.map((r) => r.test_question_id), rows.map((r) => r.passed), rows.map((r) => r.source_ok), rows.map((r) => r.facts_ok),
        rows.map((r) => r.declined), rows.map((r) => JSON.stringify(r.missing_facts)), rows.map((r) => r.answer), rows.map((r) => r.answered_by),
        rows.map((r) => JSON.stringify(r.sources)), rows.map((r) => (r.cause ? JSON.stringify(r.cause) : null)),
      ],
    );
  },

  // ---- what the content and the crawl report offer ----
  /** Page changes (added, changed, removed) of the chatbot's crawls that finished after `since` (all when null). */
  async pageChangesSince(db: Queryable, chatbotId: string, since: string | null, until: string) {
    const r = await db.query<{ url: string; outcome: 'added' | 'changed' | 'removed'; scrape_job_id: string }>(
      `select p.url, p.outcome, j.id as scrape_job_id
         from scrape_jobs j join scrape_job_pages p on p.job_id = j.id
        where j.chatbot_id = $1 and j.finished_at is not null and ($2::timestamptz is null or j.finished_at > $2) and j.finished_at <= $3
          and p.outcome in ('added', 'changed', 'removed')
        order by j.finished_at desc`,
      [chatbotId, since, until],
    );
    return r.rows.map((x): PageChange => ({ url: x.url, outcome: x.outcome, scrapeJobId: x.scrape_job_id }));
  },
  /** The chatbot's latest crawl that finished after `since` (all when null) and up to `until`. */
  async crawlSince(db: Queryable, chatbotId: string, since: string | null, until: string) {
    const r = await db.query<{ id: string }>(
      `select id from scrape_jobs where chatbot_id = $1 and finished_at is not null and ($2::timestamptz is null or finished_at > $2) and finished_at <= $3
        order by finished_at desc limit 1`,
      [chatbotId, since, until],
    );
    return r.rows[0]?.id ?? null;
  },
  /** Headings and kinds of the chatbot's units, in source order (suggestions). */
  async contentUnits(db: Queryable, chatbotId: string, limit: number) {
    const r = await db.query<{ kind: string; heading: string; lang: string; source_type: 'webpage' | 'document' | 'qna'; source_id: string; url: string | null }>(
      `select p.kind, p.heading, p.lang, p.source_type, p.source_id::text as source_id, w.url
         from passages p left join webpages w on p.source_type = 'webpage' and w.id = p.source_id
        where p.chatbot_id = $1 and p.heading <> ''
        order by case p.source_type when 'qna' then 0 else 1 end, p.source_type, w.url, p.source_id, p.ord
        limit $2`,
      [chatbotId, limit],
    );
    return r.rows.map((x) => ({ kind: x.kind, heading: x.heading, lang: x.lang, source: { type: x.source_type, id: x.source_id, url: x.url } }));
  },
  async documentByName(db: Queryable, chatbotId: string, name: string) {
    const r = await db.query<{ id: string }>('select id from documents where chatbot_id = $1 and lower(name) = lower($2) order by created_at limit 1', [chatbotId, name]);
    return r.rows[0]?.id ?? null;
  },
  /** Does the chatbot have this training source? */
  async sourceExists(db: Queryable, chatbotId: string, type: 'webpage' | 'document' | 'qna', id: string) {
    const table = { webpage: 'webpages', document: 'documents', qna: 'qna' }[type];
    return (await db.query(`select 1 from ${table} where chatbot_id = $1 and id = $2`, [chatbotId, id])).rows.length > 0;
  },
};

/** A bot answer of the caller's chat history: the question asked, its sources and the chat's language. */
export async function historyMessage(db: Queryable, organizationId: string, chatId: string, messageId: string) {
  const r = await db.query<{ question: string; sources: { type: string; id: string; url?: string }[]; lang: string; chatbot_id: string }>(
    `select m.question, m.sources, c.lang, m.chatbot_id from messages m join chats c on c.id = m.chat_id
      where m.id = $1 and m.chat_id = $2 and m.organization_id = $3`,
    [messageId, chatId, organizationId],
  );
  return r.rows[0] ?? null;
}
