import type { Queryable } from '../db/index.ts';
import { containsPattern, type ListPage } from './listing.ts';
import type { CustomerFilter, CustomerSortField } from '../../../contract/api/customers.ts';

/** One customer organization as the operator console lists it. */
export interface CustomerRow {
  id: string;
  org_name: string;
  owner_id: string;
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  plan_id: string | null;
  plan_name: string | null;
  status: string | null;
  chatbots: number;
  chatbot_id: string | null;
  created_at: Date | string;
  last_activity_at: Date | string;
}

/** The API's sort fields and the SQL they order by (a client's text never reaches ORDER BY). */
export const CUSTOMERS_SORTABLE: Record<CustomerSortField, string> = {
  email: 'lower(email)',
  company: 'lower(company)',
  planId: 'plan_id',
  status: 'status',
  chatbots: 'chatbots',
  createdAt: 'created_at',
  lastActivityAt: 'last_activity_at',
  id: 'id',
};

/**
 * Customers are organizations whose owner (their first user) is not an operator. Last activity is the
 * latest of sign-up, a profile change, a chatbot's creation and a visitor's message.
 */
const CUSTOMERS = `
  select o.id, o.name org_name, o.created_at,
         u.id owner_id, u.email, u.first_name, u.last_name, u.company,
         s.plan_id, p.name plan_name, s.status,
         b.chatbots, b.chatbot_id,
         greatest(o.created_at, u.updated_at, b.last_created,
                  (select max(ch.last_message_at) from chats ch where ch.organization_id = o.id)) last_activity_at
    from organizations o
    join lateral (select * from users where organization_id = o.id order by created_at, id limit 1) u on true
    left join subscriptions s on s.organization_id = o.id
    left join plans p on p.id = s.plan_id
    cross join lateral (
      select count(*)::int chatbots, max(c.created_at) last_created,
             (select c2.id from chatbots c2 where c2.organization_id = o.id order by c2.created_at, c2.id limit 1) chatbot_id
        from chatbots c where c.organization_id = o.id) b
   where not u.is_admin`;

export const customersRepo = {
  async list(db: Queryable, f: CustomerFilter, page: ListPage) {
    const params: unknown[] = [];
    const where: string[] = [];
    if (f.q) {
      const p = `$${params.push(containsPattern(f.q))}`;
      where.push(`(email ilike ${p} or company ilike ${p} or org_name ilike ${p} or (first_name || ' ' || last_name) ilike ${p})`);
    }
    if (f.status) where.push(`status = $${params.push(f.status)}`);
    if (f.plan) where.push(`plan_id = $${params.push(f.plan)}`);
    if (f.hasChatbot !== undefined) where.push(f.hasChatbot ? 'chatbots > 0' : 'chatbots = 0');
    if (f.id) where.push(`id = any($${params.push(f.id)}::uuid[])`);
    const filtered = `select * from (${CUSTOMERS}) customers${where.length ? ` where ${where.join(' and ')}` : ''}`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from (${filtered}) f`, params)).rows[0].n;
    const rows = await db.query<CustomerRow>(`${filtered} order by ${page.orderBy}, id limit ${page.limit} offset ${page.offset}`, params);
    return { total, rows: rows.rows };
  },
  async byId(db: Queryable, id: string) {
    const r = await db.query<CustomerRow>(`select * from (${CUSTOMERS}) customers where id = $1`, [id]);
    return r.rows[0] ?? null;
  },
};
