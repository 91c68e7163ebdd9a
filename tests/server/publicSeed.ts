/** Test data for the widget runtime: trained pages, question-answer pairs and contacts, written the way training writes them. */
import type { TestServer } from './helpers.ts';
import { replacePassages } from '../../server/src/training/indexer.ts';
import { syncQnaPassage, type QnaRow } from '../../server/src/training/qna.ts';

export async function orgOf(s: TestServer, chatbotId: string) {
  return (await s.db.query<{ organization_id: string }>('select organization_id from chatbots where id = $1', [chatbotId])).rows[0].organization_id;
}

export async function addPage(s: TestServer, chatbotId: string, p: { url: string; title: string; text: string; lang?: string }) {
  const lang = p.lang ?? 'de';
  const org = await orgOf(s, chatbotId);
  const origin = new URL(p.url).origin;
  const site = await s.db.query<{ id: string }>(
    `insert into websites(organization_id, chatbot_id, lang, domain) values ($1, $2, $3, $4)
     on conflict (chatbot_id, lang, domain) do update set domain = excluded.domain returning id`,
    [org, chatbotId, lang, origin],
  );
  const page = await s.db.query<{ id: string }>(
    `insert into webpages(organization_id, chatbot_id, website_id, lang, url, path, title, text, characters, last_trained)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) returning id`,
    [org, chatbotId, site.rows[0].id, lang, p.url, new URL(p.url).pathname, p.title, p.text, p.text.length],
  );
  await replacePassages(s.db, { organizationId: org, chatbotId, lang, type: 'webpage', id: page.rows[0].id, title: p.title }, p.text);
  return page.rows[0].id;
}

/**
 * Search units without pages (one per text, its title as heading, weight B), for tests of retrieval alone:
 * many at once, in German ('de') or English.
 */
export async function addUnits(s: TestServer, org: string, chatbotId: string, units: { lang: string; title: string; text: string }[]) {
  await s.db.query(
    `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, heading, text, tsv)
     select $1, $2, x.lang, 'webpage', gen_random_uuid(), 0, x.title, x.text,
            setweight(to_tsvector(x.cfg::regconfig, x.title), 'B') || to_tsvector(x.cfg::regconfig, x.text)
       from unnest($3::text[], $4::text[], $5::text[], $6::text[]) as x(lang, cfg, title, text)`,
    [org, chatbotId, units.map((u) => u.lang), units.map((u) => (u.lang === 'de' ? 'german' : 'english')), units.map((u) => u.title), units.map((u) => u.text)],
  );
}

export async function addQna(s: TestServer, chatbotId: string, q: { question: string; answer: string; active?: boolean; lang?: string }) {
  const org = await orgOf(s, chatbotId);
  const row = (
    await s.db.query<QnaRow>(
      'insert into qna(organization_id, chatbot_id, lang, question, answer, active) values ($1, $2, $3, $4, $5, $6) returning *',
      [org, chatbotId, q.lang ?? 'de', q.question, q.answer, q.active ?? true],
    )
  ).rows[0];
  await syncQnaPassage(s.db, row);
  return row.id;
}

export async function addContact(
  s: TestServer,
  chatbotId: string,
  c: { name: string; email: string; phone: string; department: string; isDefault?: boolean; overridesDefault?: boolean },
) {
  const org = await orgOf(s, chatbotId);
  const def = c.overridesDefault
    ? (await s.db.query<{ id: string }>('select id from contacts where chatbot_id = $1 and is_default', [chatbotId])).rows[0]?.id ?? null
    : null;
  const r = await s.db.query<{ id: string }>(
    `insert into contacts(organization_id, chatbot_id, name, email, phone, department, is_default, overrides_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [org, chatbotId, c.name, c.email, c.phone, c.department, !!c.isDefault, def],
  );
  return r.rows[0].id;
}

/** Starts a chat through the public API and returns a function that asks questions in it. */
export async function openChat(s: TestServer, chatbotId: string, opts: { lang?: string; source?: 'widget' | 'demo'; headers?: Record<string, string> } = {}) {
  const r = await s.api('POST', `/api/v1/public/chatbots/${chatbotId}/chats`, { body: { lang: opts.lang, source: opts.source }, headers: opts.headers });
  if (r.status !== 201) throw new Error(`start chat: ${r.status} ${r.text}`);
  const chatId: string = r.json.id;
  const ask = (text: string, headers?: Record<string, string>) =>
    s.api('POST', `/api/v1/public/chatbots/${chatbotId}/chats/${chatId}/messages`, { body: { text }, headers: headers ?? opts.headers });
  return { chatId, ask, lang: r.json.lang as string };
}
