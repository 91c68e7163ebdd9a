// Backpressure on widget answers (issue 13 item 4): with one answer at a time and one place in the queue,
// questions beyond them are refused at once with 503 ServerBusy and Retry-After while the queued one is still
// answered; a terminated database backend fails only the request in flight; odd input costs a normal answer.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { answerQueueOf, type AnswerQueue } from '../../server/src/plugins/app/backpressure.ts';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addPage, openChat } from './publicSeed.ts';

let s: TestServer;
let bot: string;
let queue: AnswerQueue;

beforeAll(async () => {
  s = await startTestServer({ ANSWER_CONCURRENCY: '1', ANSWER_QUEUE: '1', ANSWER_QUEUE_WAIT_MS: '60000', WIDGET_RATE_PER_VISITOR: '1000' });
  const { user } = await s.createUser();
  bot = await createChatbot(s, user.organization_id);
  await addPage(s, bot, {
    url: 'https://example.test/preise',
    title: 'Preise',
    text: 'Der Preis für eine Übernachtung im Doppelzimmer beträgt 120 Euro mit Frühstück. Kinder unter sechs Jahren übernachten kostenlos.',
  });
  await addPage(s, bot, {
    url: 'https://example.test/anreise',
    title: 'Anreise',
    text: 'Die Anreise mit der Bahn dauert von München zwei Stunden. Parkplätze gibt es direkt am Haus.',
  });
  queue = answerQueueOf(s.app.ctx)!;
});
afterAll(() => s?.close());

/** Resolves once the queue reaches the state (a positive signal from the queue, no waiting on time). */
function until(ok: (q: AnswerQueue['stats']) => boolean) {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (!ok(queue.stats)) return;
      queue.off('change', check);
      resolve();
    };
    queue.on('change', check);
    check();
  });
}

/**
 * Holds every answer at its first database read until release() is called: a transaction locks the chatbots
 * table (PGlite runs one statement at a time, so there the transaction alone holds everything).
 */
async function holdAnswers() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: (pid: number) => void;
  const isLocked = new Promise<number>((r) => (locked = r));
  const done = s.db.transaction(async (tx) => {
    await tx.query('lock table chatbots in access exclusive mode');
    locked((await tx.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid);
    await released;
  });
  const pid = await isLocked;
  return { release, done, pid };
}

describe('the answer queue of the widget API (1 answer at a time, 1 waiting)', () => {
  it('refuses questions beyond it with 503 ServerBusy and Retry-After, and answers the queued one', async () => {
    const chats = await Promise.all(Array.from({ length: 5 }, () => openChat(s, bot)));
    const hold = await holdAnswers();
    const running = chats[0].ask('Was kostet eine Übernachtung?');
    await until((q) => q.running === 1);
    const waiting = chats[1].ask('Wie ist die Anreise mit der Bahn?');
    await until((q) => q.waiting === 1);

    // Refused while the answers are still held: the refusal does not wait for answer work.
    const refused = await Promise.all([
      chats[2].ask('Gibt es Parkplätze?', { 'accept-language': 'de-DE' }),
      chats[3].ask('Is there parking?', { 'accept-language': 'en-GB' }),
      chats[4].ask('Gibt es Parkplätze?', { origin: s.url }),
    ]);
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.json.error).toBe('ServerBusy');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(refused[0].json.details.visitorMessage).toContain('Bitte versuchen Sie es');
    expect(refused[1].json.details.visitorMessage).toContain('Please try again');
    // The widget on another site can read Retry-After only when CORS exposes it.
    expect(refused[2].headers.get('access-control-allow-origin')).toBe(s.url);
    expect(refused[2].headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after');
    expect(queue.stats).toMatchObject({ running: 1, waiting: 1 });

    hold.release();
    await hold.done;
    const [first, second] = await Promise.all([running, waiting]);
    expect(first.status).toBe(200);
    expect(first.json.answer).toContain('120 Euro');
    expect(second.status).toBe(200);
    expect(second.json.answer).toContain('zwei Stunden');
    // The answered questions were recorded, the refused ones not.
    const recorded = await s.db.query<{ chat_id: string }>('select chat_id from messages where chatbot_id = $1', [bot]);
    expect(recorded.rows.map((r) => r.chat_id).sort()).toEqual([chats[0].chatId, chats[1].chatId].sort());
    expect(queue.stats).toMatchObject({ running: 0, waiting: 0 });
    expect((await s.api('GET', '/health')).status).toBe(200);
    expect((await chats[2].ask('Gibt es Parkplätze?')).status).toBe(200);
  });

  it('answers a 1,000-character question of one repeated word like the word alone', async () => {
    const chat = await openChat(s, bot);
    const normal = await chat.ask('Übernachtung');
    // 77 times a 12-letter word with single spaces between: exactly 1,000 characters, the longest message.
    const flood = await chat.ask(Array(77).fill('Übernachtung').join(' '));
    expect(Array(77).fill('Übernachtung').join(' ')).toHaveLength(1000);
    expect(normal.status).toBe(200);
    expect(flood.status).toBe(200);
    expect(flood.json.answer).toBe(normal.json.answer);
    expect(flood.json.sources.map((x: { url?: string }) => x.url)).toEqual(normal.json.sources.map((x: { url?: string }) => x.url));
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a terminated database backend (PostgreSQL)', () => {
  it('fails the request in flight with 503 and Retry-After; the next ones are answered without a restart', async () => {
    const dbName = (await s.db.query<{ name: string }>('select current_database() as name')).rows[0].name;
    const chat = await openChat(s, bot);
    const hold = await holdAnswers();
    onTestFinished(() => hold.release()); // a failed assertion must not leave the lock held until the hook times out
    const inFlight = chat.ask('Was kostet eine Übernachtung?');
    await until((q) => q.running === 1);
    // The request is in flight once a backend waits for the held lock on chatbots (not just any lock: pg-boss waits
    // for its advisory locks too). That backend is terminated first: ending the holder first would let the answer
    // take the lock and finish before its own end. Each termination waits for the backend to exit (up to 10 s), so
    // no later request is sent to a backend that is about to die.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const blocked = 'select pid from pg_stat_activity where datname = $1 and $2 = any(pg_blocking_pids(pid))';
      while (!(await admin.query(blocked, [dbName, hold.pid])).rowCount);
      await admin.query(`select pg_terminate_backend(pid, 10000) from (${blocked}) b`, [dbName, hold.pid]);
      await admin.query('select pg_terminate_backend(pid, 10000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
    } finally {
      await admin.end();
    }
    const failed = await inFlight;
    expect(failed.status).toBe(503);
    expect(failed.json.error).toBe('ServerBusy');
    expect(failed.headers.get('retry-after')).toBe('1');
    // The holding transaction lost its connection too: its commit fails, the process lives on.
    hold.release();
    await expect(hold.done).rejects.toMatchObject({ status: 503 });

    expect((await s.api('GET', '/health')).status).toBe(200);
    const after = await chat.ask('Was kostet eine Übernachtung?');
    expect(after.status).toBe(200);
    expect(after.json.answer).toContain('120 Euro');
    expect(queue.stats).toMatchObject({ running: 0, waiting: 0 });
  });
});
