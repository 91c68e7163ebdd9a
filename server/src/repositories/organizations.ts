import type { Queryable } from '../db/index.ts';

export const organizationsRepo = {
  /** A new, still unnamed organization; returns its id. */
  async create(db: Queryable) {
    return (await db.query<{ id: string }>('insert into organizations(name) values ($1) returning id', [''])).rows[0];
  },
  /** The organization's customer id at the payment provider (null before its first checkout). */
  async billingCustomer(db: Queryable, id: string) {
    return (await db.query<{ customer_id: string | null }>('select customer_id from organizations where id = $1', [id])).rows[0];
  },
  async rename(db: Queryable, id: string, name: string) {
    await db.query('update organizations set name = $2 where id = $1', [id, name]);
  },
  /** Locks the organization's row until the transaction ends: serialises writes that check-then-insert for it. */
  async lock(tx: Queryable, id: string) {
    await tx.query('select id from organizations where id = $1 for update', [id]);
  },
};
