import type { Queryable } from '../db/index.ts';

export const adminAuditRepo = {
  /** One admin request on a customer's organization. */
  async record(db: Queryable, e: { adminUserId: string; organizationId: string; method: string; path: string }) {
    await db.query('insert into admin_audit_log(admin_user_id, organization_id, method, path) values ($1, $2, $3, $4)', [
      e.adminUserId,
      e.organizationId,
      e.method,
      e.path,
    ]);
  },
};
