/**
 * Recorded conversations: what a visitor's message does to its chat (counters, category).
 * The statements are repositories/conversations.ts.
 */
import type { Db } from '../db/index.ts';
import { conversationsRepo as chatsSql, type ChatRow } from '../repositories/conversations.ts';
import type { Answer } from './answer.ts';
import { perDatabase, sameTurn } from './sameTurn.ts';
import { refreshSoon } from './chatWords.ts';

export type { ChatRow } from '../repositories/conversations.ts';

/** contact (a lead or a request for a person) beats hr (jobs, applications) beats general; a chat never moves down. */
export function categorise(c: { hasLead: boolean; personRequested: boolean; hr: boolean; current: ChatRow['category'] }): ChatRow['category'] {
  if (c.hasLead || c.personRequested || c.current === 'contact') return 'contact';
  if (c.hr || c.current === 'hr') return 'hr';
  return 'general';
}

type Recording = Parameters<typeof chatsSql.recordMessages>[1][number];

/**
 * Recordings of concurrent answers go to the database together (see sameTurn). A chat's second message of
 * the same turn waits for the first's statement, so a chat's messages keep their order.
 */
const recordBatched = perDatabase((db: Db) =>
  sameTurn(
    async (items: Recording[]) => {
      const seen = new Set<string>();
      const first = items.filter((i) => !seen.has(i.chat.id) && !!seen.add(i.chat.id));
      const recorded = new Map((await chatsSql.recordMessages(db, first)).map((r, k) => [first[k], r]));
      // A chat's further messages of this turn, one after the other once the statement is done.
      let later: Promise<unknown> = Promise.resolve();
      return items.map((i) => {
        if (!recorded.has(i)) return (later = later.catch(() => {}).then(() => chatsSql.recordMessage(db, i.chat, i.question, i.answer))) as ReturnType<typeof chatsSql.recordMessage>;
        return recorded.get(i) ?? Promise.reject(new Error(`the message of chat ${i.chat.id} was not recorded`));
      });
    },
    (i: Recording) => chatsSql.recordMessage(db, i.chat, i.question, i.answer),
  ),
);

export const conversationsRepo = {
  ...chatsSql,

  /**
   * Records a question with its answer and updates the chat's counters and category. Most messages leave
   * the category as it is: one statement. A message that changes it (known from the chat as read before
   * answering) writes both in one transaction. A lead saved meanwhile only raises the category
   * ('contact'), so the rare change seen only afterwards is written after.
   */
  async record(db: Db, chat: ChatRow, question: string, a: Answer) {
    refreshSoon(db);
    const wanted = (c: ChatRow) => categorise({ hasLead: !!c.lead, personRequested: c.person_requested || a.personRequested, hr: a.hr, current: c.category });
    // Category and person flag are written only when they change: the statistics triggers watch those columns.
    const changes = (c: ChatRow) => wanted(c) !== c.category || (a.personRequested && !c.person_requested);
    if (changes(chat))
      return db.transaction(async (tx) => {
        const m = await chatsSql.recordMessage(tx, chat, question, a);
        return { message: m.message, chat: changes(m.chat) ? await chatsSql.setCategory(tx, chat.id, wanted(m.chat), a.personRequested) : m.chat };
      });
    const m = await recordBatched(db)({ chat, question, answer: a });
    return { message: m.message, chat: changes(m.chat) ? await chatsSql.setCategory(db, chat.id, wanted(m.chat), a.personRequested) : m.chat };
  },
};
