import type { Queryable } from '../db/index.ts';

export interface StatisticsTotalsRow {
  messages_today: number;
  messages_this_month: number;
  chats: number;
  messages: number;
  leads: number;
  unread_chats: number;
  contact_chats: number;
  hr_chats: number;
  favorite_chats: number;
  used_messages: number;
}

/**
 * The dashboard's figures of one chatbot, straight from chats, messages and message_usage.
 * Day and month boundaries follow the viewer's time zone; the quota month is UTC like the runtime's counter.
 * Every count is coalesced, so empty tables give zeros.
 */
export const statisticsRepo = {
  async totals(db: Queryable, chatbotId: string, organizationId: string, timeZone: string) {
    const r = await db.query<StatisticsTotalsRow>(
      `with bounds as (
         select date_trunc('day', now(), $3) as day_start, date_trunc('month', now(), $3) as month_start
       ),
       msg as (
         select count(*)::int as messages,
                count(*) filter (where m.created_at >= b.day_start)::int as messages_today,
                count(*) filter (where m.created_at >= b.month_start)::int as messages_this_month
           from messages m cross join bounds b
          where m.chatbot_id = $1 and m.organization_id = $2
       ),
       ch as (
         select count(*)::int as chats,
                count(*) filter (where lead is not null)::int as leads,
                count(*) filter (where not read)::int as unread_chats,
                count(*) filter (where category = 'contact')::int as contact_chats,
                count(*) filter (where category = 'hr')::int as hr_chats,
                count(*) filter (where favorite)::int as favorite_chats
           from chats
          where chatbot_id = $1 and organization_id = $2
       )
       select msg.*, ch.*,
              coalesce((select messages from message_usage
                         where organization_id = $2 and month = date_trunc('month', now() at time zone 'UTC')::date), 0)::int as used_messages
         from msg cross join ch`,
      [chatbotId, organizationId, timeZone],
    );
    return r.rows[0];
  },

  /** Messages per local calendar day for the last `days` days, today included; days without messages give 0. */
  async messagesPerDay(db: Queryable, chatbotId: string, organizationId: string, timeZone: string, days: number) {
    const r = await db.query<{ day: string; count: number }>(
      `with today as (select (now() at time zone $3)::date as d),
       counts as (
         select (m.created_at at time zone $3)::date as day, count(*)::int as n
           from messages m, today
          where m.chatbot_id = $1 and m.organization_id = $2
            and m.created_at >= ((today.d - ($4::int - 1))::timestamp at time zone $3)
          group by 1
       )
       select to_char(g.day, 'YYYY-MM-DD') as day, coalesce(c.n, 0)::int as count
         from today, generate_series((today.d - ($4::int - 1))::timestamp, today.d::timestamp, interval '1 day') as s(ts)
         cross join lateral (select s.ts::date as day) g
         left join counts c on c.day = g.day
        order by g.day`,
      [chatbotId, organizationId, timeZone, days],
    );
    return r.rows;
  },
};
