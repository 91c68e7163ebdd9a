import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from '../../../contract/password.ts';
import { AppError } from '../errors.ts';

// scrypt is memory-hard and ships with Node: N=2^15, r=8 uses 32 MiB per hash.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

function derive(password: string, salt: Buffer, p: ScryptOptions & { N: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, p, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Encodes as scrypt$N$r$p$salt$hash so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, encoded: string | null): Promise<boolean> {
  const parts = (encoded ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, N, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  try {
    const key = await derive(password, Buffer.from(salt, 'base64'), { N: +N, r: +r, p: +p, maxmem: PARAMS.maxmem });
    return key.length === expected.length && timingSafeEqual(key, expected);
  } catch {
    // A damaged stored hash (parameters out of range) is a failed sign-in, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash of a random password with the current parameters, made once per process. */
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('base64')));

/**
 * A sign-in's check: the account when the password is its own, else null. It costs the same whether or not the
 * account exists: without a stored hash (unknown address, or an account of an external issuer) the password is
 * checked against a dummy hash, so neither the answer nor its timing tells which addresses are registered.
 * Taking the looked-up account (or none) keeps callers from skipping the hash for an unknown address.
 */
export async function verifiedAccount<T extends { password_hash: string | null }>(
  account: T | null | undefined,
  password: string,
  verify = verifyPassword,
): Promise<T | null> {
  const stored = account?.password_hash;
  const matches = await verify(password, stored ?? (await dummyPasswordHash()));
  return matches && stored ? account! : null;
}

/** The password rule (contract/password.ts) where a password is set: a 400 naming the problem. */
export function assertAllowedPassword(password: string, email?: string) {
  const problem = passwordProblem(password, { email });
  if (problem) {
    const message = PASSWORD_PROBLEM_MESSAGES[problem];
    throw new AppError(400, 'ValidationFailed', message, [{ path: 'password', message, problem }]);
  }
}
