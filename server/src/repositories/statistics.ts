import type { Queryable } from '../db/index.ts';

export interface StatisticsTotalsRow {
  messages_today: number;
  messages_this_month: number;
  messages: number;
  chats: number;
  leads: number;
  unread_chats: number;
  contact_chats: number;
  hr_chats: number;
  favorite_chats: number;
  used_messages: number;
  thumbs_up: number;
  thumbs_down: number;
}

/**
 * The dashboard's figures of one chatbot. Messages come from message_stats (quarter-hour counts kept by a
 * trigger on messages, migration 050), chats are counted directly (migration 052), the quota comes from
 * message_usage; deleted chats are added back from chat_deletion_tallies. Day and month boundaries follow the viewer's time zone; the quota
 * month is UTC like the runtime's counter. Everything is coalesced, so a chatbot without chats gives zeros.
 */
export const statisticsRepo = {
  async totals(db: Queryable, chatbotId: string, organizationId: string, timeZone: string) {
    const r = await db.query<StatisticsTotalsRow>(
      `with bounds as materialized (
         select date_trunc('day', now(), $3) as day_start, date_trunc('month', now(), $3) as month_start
       ),
       msg as (
         select coalesce(sum(s.messages), 0)::int as messages,
                coalesce(sum(s.messages) filter (where s.bucket >= b.day_start), 0)::int as messages_today,
                coalesce(sum(s.messages) filter (where s.bucket >= b.month_start), 0)::int as messages_this_month
           from message_stats s cross join bounds b
          where s.chatbot_id = $1 and s.organization_id = $2
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
       ),
       -- Visitors' ratings of answers (migration 140), read from the index of rated answers (migration 141).
       fb as (
         select count(*) filter (where feedback_rating = 'up')::int as thumbs_up,
                count(*) filter (where feedback_rating = 'down')::int as thumbs_down
           from messages
          where chatbot_id = $1 and organization_id = $2 and feedback_rating is not null
       ),
       -- Deleted chats leave the history but stay in the totals (chat_deletion_tallies, migration 040).
       del as (
         select coalesce(sum(chats), 0)::int as chats, coalesce(sum(messages), 0)::int as messages, coalesce(sum(leads), 0)::int as leads
           from chat_deletion_tallies
          where chatbot_id = $1 and organization_id = $2
       )
       select msg.messages_today, msg.messages_this_month, (msg.messages + del.messages)::int as messages,
              (ch.chats + del.chats)::int as chats, (ch.leads + del.leads)::int as leads,
              ch.unread_chats, ch.contact_chats, ch.hr_chats, ch.favorite_chats,
              coalesce((select messages from message_usage
                         where organization_id = $2 and month = date_trunc('month', now() at time zone 'UTC')::date), 0)::int as used_messages,
              fb.thumbs_up, fb.thumbs_down
         from msg cross join ch cross join del cross join fb`,
      [chatbotId, organizationId, timeZone],
    );
    return r.rows[0];
  },

  /** Messages per local calendar day for the last `days` days, today included; days without messages give 0. */
  async messagesPerDay(db: Queryable, chatbotId: string, organizationId: string, timeZone: string, days: number) {
    const r = await db.query<{ day: string; count: number }>(
      // Each local day is a [start, end) range of the (chatbot_id, bucket) key: 30 short index scans, and
      // days with a daylight-saving change get their real 23 or 25 hours.
      `with today as (select (now() at time zone $3)::date as d),
       days as (
         select g::date as day, (g::date::timestamp at time zone $3) as starts, ((g::date + 1)::timestamp at time zone $3) as ends
           from today, generate_series((today.d - ($4::int - 1))::timestamp, today.d::timestamp, interval '1 day') as g
       )
       select to_char(days.day, 'YYYY-MM-DD') as day,
              coalesce((select sum(s.messages) from message_stats s
                         where s.chatbot_id = $1 and s.organization_id = $2 and s.bucket >= days.starts and s.bucket < days.ends), 0)::int as count
         from days
        order by days.day`,
      [chatbotId, organizationId, timeZone, days],
    );
    return r.rows;
  },
};
