import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

/**
 * A random secret kept in app_secrets, created on first use. Every process on the
 * same database (API processes, the CLI) reads the same value, so cookies signed by
 * one process are accepted by another.
 */
export async function loadSecret(db: Queryable, name: string): Promise<string> {
  await db.query('insert into app_secrets(name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  return (await db.query<{ value: string }>('select value from app_secrets where name = $1', [name])).rows[0].value;
}
