/**
 * Recorded conversations: what a visitor's message does to its chat (counters, category).
 * The statements are repositories/conversations.ts.
 */
import type { Db } from '../db/index.ts';
import { conversationsRepo as chatsSql, type ChatRow } from '../repositories/conversations.ts';
import type { Answer } from './answer.ts';

export type { ChatRow } from '../repositories/conversations.ts';

/** contact (a lead or a request for a person) beats hr (jobs, applications) beats general; a chat never moves down. */
export function categorise(c: { hasLead: boolean; personRequested: boolean; hr: boolean; current: ChatRow['category'] }): ChatRow['category'] {
  if (c.hasLead || c.personRequested || c.current === 'contact') return 'contact';
  if (c.hr || c.current === 'hr') return 'hr';
  return 'general';
}

export const conversationsRepo = {
  ...chatsSql,

  /** Records a question with its answer and updates the chat's counters and category in one transaction. */
  async record(db: Pick<Db, 'transaction'>, chat: ChatRow, question: string, a: Answer) {
    return db.transaction(async (tx) => {
      const m = await chatsSql.insertMessage(tx, chat, question, a);
      let updated = await chatsSql.countMessage(tx, chat.id);
      // Category and person flag are written only when they change: the statistics triggers watch those columns.
      const category = categorise({ hasLead: !!updated.lead, personRequested: updated.person_requested || a.personRequested, hr: a.hr, current: updated.category });
      if (category !== updated.category || (a.personRequested && !updated.person_requested))
        updated = await chatsSql.setCategory(tx, chat.id, category, a.personRequested);
      return { message: m, chat: updated };
    });
  },
};
