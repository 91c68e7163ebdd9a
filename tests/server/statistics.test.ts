import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

async function registered() {
  const u = await s.createUser();
  const chatbotId = await createChatbot(s, u.user.organization_id);
  return { ...u, chatbotId, orgId: u.user.organization_id };
}

/** A chat with `n` messages at `at` (ISO); lead and flags as given. */
async function seedChat(
  bot: { chatbotId: string; orgId: string },
  n: number,
  opts: { at?: string; lead?: object | null; read?: boolean; category?: string; favorite?: boolean } = {},
) {
  const at = opts.at ?? new Date().toISOString();
  const chat = await s.db.query<{ id: string }>(
    `insert into chats(chatbot_id, organization_id, visitor_id, lang, category, read, favorite, lead, created_at, message_count)
     values ($1, $2, 'v', 'de', $3, $4, $5, $6::jsonb, $7, $8) returning id`,
    [bot.chatbotId, bot.orgId, opts.category ?? 'general', opts.read ?? false, opts.favorite ?? false, opts.lead ? JSON.stringify(opts.lead) : null, at, n],
  );
  for (let i = 0; i < n; i++)
    await s.db.query(
      `insert into messages(chat_id, chatbot_id, organization_id, question, answer, created_at) values ($1, $2, $3, 'q', 'a', $4)`,
      [chat.rows[0].id, bot.chatbotId, bot.orgId, at],
    );
  return chat.rows[0].id;
}

const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 3600 * 1000).toISOString();

describe('GET statistics', () => {
  it('gives zeros, a 30-day zero series and the trial with its days left for a chatbot without chats', async () => {
    const { token, chatbotId } = await registered();
    const r = await s.api('GET', `/api/v1/statistics?chatbotId=${chatbotId}`, { token });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      chatbotId,
      timeZone: 'UTC',
      messagesToday: 0,
      messagesThisMonth: 0,
      totals: { chats: 0, messages: 0, avgMessagesPerChat: 0, avgLeadsPerChat: 0, contactsCollected: 0 },
      usage: { usedMessages: 0, monthlyMessages: 200 },
      history: { unread: 0, contact: 0, hr: 0, favorites: 0 },
    });
    expect(r.json.subscription).toMatchObject({ status: 'trialing', planId: 'trial', valid: true });
    // TRIAL_DAYS defaults to 14: the 14th day has started.
    expect(r.json.daysLeft).toBe(14);
    expect(r.json.messagesPerDay).toHaveLength(30);
    expect(r.json.messagesPerDay.every((d: { count: number }) => d.count === 0)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(r.json.messagesPerDay.at(-1).day).toBe(today);
  });

  it('computes every figure from the chats, messages and usage tables', async () => {
    const bot = await registered();
    await seedChat(bot, 4, { lead: { email: 'a@b.test' }, category: 'contact' }); // today
    await seedChat(bot, 2, { read: true, favorite: true }); // today
    await seedChat(bot, 3, { at: daysAgo(3), category: 'hr', read: true });
    await seedChat(bot, 1, { at: daysAgo(45), lead: { email: 'c@d.test' }, read: true }); // outside the chart
    await s.db.query(
      `insert into message_usage(organization_id, month, messages) values ($1, date_trunc('month', now() at time zone 'UTC')::date, 77)`,
      [bot.orgId],
    );
    const r = await s.api('GET', `/api/v1/statistics?chatbotId=${bot.chatbotId}&tz=UTC`, { token: bot.token });
    expect(r.status).toBe(200);
    expect(r.json.messagesToday).toBe(6);
    // 3 days ago may fall in the previous month at the start of a month.
    const threeDaysAgoThisMonth = daysAgo(3).slice(0, 7) === new Date().toISOString().slice(0, 7);
    expect(r.json.messagesThisMonth).toBe(6 + (threeDaysAgoThisMonth ? 3 : 0));
    expect(r.json.totals).toEqual({ chats: 4, messages: 10, avgMessagesPerChat: 2.5, avgLeadsPerChat: 0.5, contactsCollected: 2 });
    expect(r.json.usage).toEqual({ usedMessages: 77, monthlyMessages: 200 });
    expect(r.json.history).toEqual({ unread: 1, contact: 1, hr: 1, favorites: 1 });
    const series: { day: string; count: number }[] = r.json.messagesPerDay;
    expect(series).toHaveLength(30);
    expect(series.at(-1)!.count).toBe(6);
    expect(series.find((d) => d.day === daysAgo(3).slice(0, 10))!.count).toBe(3);
    expect(series.reduce((a, d) => a + d.count, 0)).toBe(9);
  });

  it('follows changes: read, marked, category and lead updates, new messages and deleted chats', async () => {
    const bot = await registered();
    const chat = await seedChat(bot, 3);
    const other = await seedChat(bot, 2, { read: true });
    const get = async () => (await s.api('GET', `/api/v1/statistics?chatbotId=${bot.chatbotId}`, { token: bot.token })).json;
    expect((await get()).history).toEqual({ unread: 1, contact: 0, hr: 0, favorites: 0 });
    await s.db.query(`update chats set read = true, favorite = true, category = 'hr' where id = $1`, [chat]);
    await s.db.query(`update chats set lead = '{"email":"a@b.test"}'::jsonb, category = 'contact' where id = $1`, [other]);
    // The runtime's per-message bookkeeping changes no counter.
    await s.db.query(`update chats set message_count = message_count + 1, last_message_at = now() where id = $1`, [chat]);
    let st = await get();
    expect(st.history).toEqual({ unread: 0, contact: 1, hr: 1, favorites: 1 });
    expect(st.totals).toMatchObject({ chats: 2, messages: 5, contactsCollected: 1 });
    await s.db.query(`delete from chats where id = $1`, [chat]);
    st = await get();
    expect(st.history).toEqual({ unread: 0, contact: 1, hr: 0, favorites: 0 });
    expect(st.totals).toMatchObject({ chats: 1, messages: 2, avgMessagesPerChat: 2, avgLeadsPerChat: 1, contactsCollected: 1 });
    expect(st.messagesToday).toBe(2);
    expect(st.messagesPerDay.at(-1).count).toBe(2);
    // The rollups agree with the tables they summarise.
    const real = await s.db.query<{ n: number }>('select count(*)::int as n from messages where chatbot_id = $1', [bot.chatbotId]);
    expect(st.totals.messages).toBe(real.rows[0].n);
    // Deleting the whole chatbot (chats and messages by cascade) takes its rollups along.
    await s.db.query('delete from chatbots where id = $1', [bot.chatbotId]);
    const left = await s.db.query<{ n: number }>('select count(*) as n from message_stats where chatbot_id = $1', [bot.chatbotId]);
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it('counts messages written by many sessions at once exactly, and their deletion too (the counter has a shard per session)', async () => {
    const bot = await registered();
    const chat = await seedChat(bot, 0);
    const other = await seedChat(bot, 0);
    const write = (chatId: string) =>
      s.db.query(`insert into messages(chat_id, chatbot_id, organization_id, question, answer) values ($1, $2, $3, 'q', 'a')`, [chatId, bot.chatbotId, bot.orgId]);
    await Promise.all([...Array.from({ length: 30 }, () => write(chat)), ...Array.from({ length: 12 }, () => write(other))]);
    const get = async () => (await s.api('GET', `/api/v1/statistics?chatbotId=${bot.chatbotId}`, { token: bot.token })).json;
    expect((await get()).messagesToday).toBe(42);
    await Promise.all([s.db.query('delete from chats where id = $1', [chat]), s.db.query('delete from messages where chat_id = $1 and ctid in (select ctid from messages where chat_id = $1 limit 2)', [other])]);
    const st = await get();
    expect(st.messagesToday).toBe(10);
    expect(st.messagesPerDay.at(-1).count).toBe(10);
  });

  it('keeps chats, messages and leads deleted in the history in the totals', async () => {
    const bot = await registered();
    const chat = await seedChat(bot, 3, { lead: { email: 'lead@example.test' }, category: 'contact' });
    await seedChat(bot, 1);
    const get = async () => (await s.api('GET', `/api/v1/statistics?chatbotId=${bot.chatbotId}`, { token: bot.token })).json;
    const before = (await get()).totals;
    expect(before).toMatchObject({ chats: 2, messages: 4, contactsCollected: 1 });
    const del = await s.api('DELETE', `/api/v1/chats/${chat}`, { token: bot.token });
    expect(del.status).toBe(200);
    const after = await get();
    expect(after.totals).toMatchObject({ chats: 2, messages: 4, contactsCollected: 1 });
    // The history itself no longer lists it.
    expect(after.history.contact).toBe(0);
  });

  it('counts days in the viewer\'s time zone', async () => {
    const bot = await registered();
    // 23:30 UTC yesterday is already "today" in Berlin (UTC+1/+2) but not in UTC... unless today is only now starting.
    const y = new Date();
    y.setUTCDate(y.getUTCDate() - 1);
    y.setUTCHours(23, 30, 0, 0);
    await seedChat(bot, 1, { at: y.toISOString() });
    const utc = await s.api('GET', `/api/v1/statistics?chatbotId=${bot.chatbotId}&tz=UTC`, { token: bot.token });
    const berlin = await s.api('GET', `/api/v1/statistics?chatbotId=${bot.chatbotId}&tz=Europe/Berlin`, { token: bot.token });
    expect(utc.json.messagesToday).toBe(0);
    const berlinNowHour = Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
    const utcNowHour = new Date().getUTCHours();
    // Berlin is already on the next local day exactly when its clock is not behind UTC's date.
    if (berlinNowHour >= utcNowHour) expect(berlin.json.messagesToday).toBe(1);
    expect(berlin.json.timeZone).toBe('Europe/Berlin');
    expect(berlin.json.messagesPerDay).toHaveLength(30);
  });

  it('keeps tenants apart: another tenant\'s chatbot is 404 and its messages never count', async () => {
    const a = await registered();
    const b = await registered();
    await seedChat(b, 5, { lead: { email: 'x@y.test' } });
    const foreign = await s.api('GET', `/api/v1/statistics?chatbotId=${b.chatbotId}`, { token: a.token });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe('NotFound');
    const own = await s.api('GET', `/api/v1/statistics?chatbotId=${a.chatbotId}`, { token: a.token });
    expect(own.json.totals.messages).toBe(0);
    expect(own.json.totals.contactsCollected).toBe(0);
    const bs = await s.api('GET', `/api/v1/statistics?chatbotId=${b.chatbotId}`, { token: b.token });
    expect(bs.json.totals.messages).toBe(5);
  });

  it('refuses bad input and callers without a token', async () => {
    const { token, chatbotId } = await registered();
    expect((await s.api('GET', `/api/v1/statistics?chatbotId=${chatbotId}`)).status).toBe(401);
    const missing = await s.api('GET', '/api/v1/statistics', { token });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('ValidationFailed');
    const tz = await s.api('GET', `/api/v1/statistics?chatbotId=${chatbotId}&tz=${encodeURIComponent("Mars/Olympus'; drop table chats")}`, { token });
    expect(tz.status).toBe(400);
    expect(tz.json.details[0].path).toBe('tz');
    const unknown = await s.api('GET', `/api/v1/statistics?chatbotId=${chatbotId}&extra=1`, { token });
    expect(unknown.status).toBe(400);
    expect((await s.api('GET', '/api/v1/statistics?chatbotId=not-a-uuid', { token })).status).toBe(404);
  });

  it('shows the plan\'s monthly messages and the state of an expired or demo subscription', async () => {
    const bot = await registered();
    await s.db.query(`update subscriptions set plan_id = 'business', status = 'expired', current_period_end = now() - interval '2 days' where organization_id = $1`, [bot.orgId]);
    const expired = await s.api('GET', `/api/v1/statistics?chatbotId=${bot.chatbotId}`, { token: bot.token });
    expect(expired.status).toBe(200);
    expect(expired.json.subscription).toMatchObject({ status: 'expired', valid: false });
    expect(expired.json.usage.monthlyMessages).toBe(10000);
    await s.db.query(`update subscriptions set status = 'demo' where organization_id = $1`, [bot.orgId]);
    const demo = await s.api('GET', `/api/v1/statistics?chatbotId=${bot.chatbotId}`, { token: bot.token });
    expect(demo.json.subscription.status).toBe('demo');
    expect(demo.json.daysLeft).toBeNull();
  });
});
