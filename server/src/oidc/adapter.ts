import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/index.ts';

/**
 * oidc-provider's storage (sessions, grants, codes, tokens, interactions) in the
 * table oidc_payloads, so sign-ins survive restarts and work across API processes.
 * Expired rows are invisible to reads and removed by `deleteExpiredPayloads`.
 */
export function createPgAdapter(db: Queryable) {
  return class PgAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      await db.query(
        `insert into oidc_payloads(id, type, payload, grant_id, user_code, uid, expires_at)
         values ($1, $2, $3::jsonb, $4, $5, $6, case when $7::int > 0 then now() + make_interval(secs => $7::int) end)
         on conflict (type, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at, consumed_at = null`,
        [id, this.type, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ?? 0],
      );
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string) {
      const r = await db.query<{ payload: AdapterPayload; consumed: number | null }>(
        `select payload, extract(epoch from consumed_at)::bigint as consumed from oidc_payloads
         where type = $1 and ${column} = $2 and (expires_at is null or expires_at > now())`,
        [this.type, value],
      );
      const row = r.rows[0];
      if (!row) return undefined;
      return row.consumed ? { ...row.payload, consumed: Number(row.consumed) } : row.payload;
    }

    find(id: string) {
      return this.findBy('id', id);
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }

    async consume(id: string) {
      await db.query('update oidc_payloads set consumed_at = now() where type = $1 and id = $2', [this.type, id]);
    }

    async destroy(id: string) {
      await db.query('delete from oidc_payloads where type = $1 and id = $2', [this.type, id]);
    }

    async revokeByGrantId(grantId: string) {
      await db.query('delete from oidc_payloads where grant_id = $1', [grantId]);
    }
  };
}

export async function deleteExpiredPayloads(db: Queryable) {
  await db.query('delete from oidc_payloads where expires_at < now()');
}
