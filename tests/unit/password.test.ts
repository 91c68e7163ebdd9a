import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifiedAccount, verifyPassword } from '../../server/src/auth/password.ts';

// Each hash takes 32 MiB and real CPU time: generous timeouts for busy CI machines.
describe('password hashing (scrypt)', { timeout: 30_000 }, () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('stores algorithm, memory-hard parameters and a random salt', async () => {
    const [a, b] = [await hashPassword('same password'), await hashPassword('same password')];
    expect(a).not.toBe(b);
    const [alg, N, r, p, salt, key] = a.split('$');
    expect(alg).toBe('scrypt');
    // 128 * N * r bytes of memory per hash: at least 16 MiB.
    expect(128 * Number(N) * Number(r)).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(a).not.toContain('same password');
  });

  it('treats composed and decomposed Unicode as the same password', async () => {
    const hash = await hashPassword('Pa\u00dfw\u00f6rter');
    expect(await verifyPassword('Pa\u00dfwo\u0308rter', hash)).toBe(true);
  });

  it('refuses missing, foreign and damaged hashes without throwing', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', '$2b$10$abcdefghijklmnopqrstuv')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$not-a-number$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(await verifyPassword('x', `scrypt$${2 ** 30}$8$1$c2FsdA==$a2V5`)).toBe(false);
    const hash = await hashPassword('correct horse battery');
    const parts = hash.split('$');
    parts[5] = Buffer.from('too short').toString('base64');
    expect(await verifyPassword('correct horse battery', parts.join('$'))).toBe(false);
  });

  it('still verifies hashes made with other (older) parameters', async () => {
    const hash = await hashPassword('legacy');
    const [, , , , salt] = hash.split('$');
    const { scryptSync } = await import('node:crypto');
    const old = ['scrypt', 2 ** 14, 8, 1, salt, scryptSync('legacy', Buffer.from(salt, 'base64'), 32, { N: 2 ** 14, r: 8, p: 1 }).toString('base64')].join('$');
    expect(await verifyPassword('legacy', old)).toBe(true);
    expect(await verifyPassword('other', old)).toBe(false);
  }, 30_000);
});

describe('sign-in password check (the same work for unknown accounts)', { timeout: 30_000 }, () => {
  /** verifyPassword, recording the hashes it was asked to check. */
  const recording = () => {
    const checked: string[] = [];
    const verify = async (password: string, hash: string | null) => {
      checked.push(hash ?? '');
      return verifyPassword(password, hash);
    };
    return { checked, verify };
  };

  it('checks the stored hash of a known account and returns the account only for its password', async () => {
    const account = { id: 'a1', password_hash: await hashPassword('correct horse battery') };
    const { checked, verify } = recording();
    expect(await verifiedAccount(account, 'correct horse battery', verify)).toBe(account);
    expect(await verifiedAccount(account, 'wrong horse battery', verify)).toBeNull();
    expect(checked).toEqual([account.password_hash, account.password_hash]);
  });

  it('checks a real scrypt dummy hash for an unknown account (or one without a password) and never matches', async () => {
    const { checked, verify } = recording();
    expect(await verifiedAccount(undefined, 'anything at all', verify)).toBeNull();
    expect(await verifiedAccount(null, 'anything at all', verify)).toBeNull();
    expect(await verifiedAccount({ password_hash: null }, 'anything at all', verify)).toBeNull();
    const dummy = await dummyPasswordHash();
    expect(checked).toEqual([dummy, dummy, dummy]);
    // The dummy costs what a stored hash costs: same algorithm and parameters.
    const real = await hashPassword('x');
    expect(dummy.split('$').slice(0, 4)).toEqual(real.split('$').slice(0, 4));
  });
});
