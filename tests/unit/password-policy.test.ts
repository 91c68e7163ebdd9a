import { describe, expect, it } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, passwordProblem } from '../../contract/password.ts';
import { delayAfterFailures, MAX_DELAY_SECONDS } from '../../server/src/oidc/signInThrottle.ts';
import { loadConfig } from '../../server/src/config.ts';
import { commandSchema } from '../../server/src/cli/operations.ts';

describe('password rule (NIST SP 800-63B)', () => {
  it('needs at least 8 characters, counted as characters, not bytes or UTF-16 units', () => {
    expect(passwordProblem('Kx9#vQ2')).toBe('tooShort');
    expect(passwordProblem('')).toBe('tooShort');
    // Seven emoji are 14 UTF-16 units but seven characters.
    expect(passwordProblem('🦊🐙🦉🐝🦋🐢🦀')).toBe('tooShort');
    expect(passwordProblem('Kx9#vQ2m')).toBeNull();
  });

  it('caps the length so that one sign-in cannot ask for an unbounded hash', () => {
    expect(passwordProblem('long-and-random-'.repeat(16))).toBeNull();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('tooLong');
  });

  it('refuses the common and breached passwords shipped with the product, in any case', () => {
    const list = dictionary['passwords-common'];
    expect(list.length).toBeGreaterThan(10_000);
    for (const p of ['12345678', 'password', 'iloveyou', 'PASSWORD1', 'sunshine', 'qwertyuiop']) expect(passwordProblem(p)).toBe('common');
    // Every long-enough entry of the list is refused.
    const refused = list.filter((p) => [...p].length >= 8 && passwordProblem(p) !== null);
    expect(refused).toHaveLength(list.filter((p) => [...p].length >= 8).length);
  });

  it('refuses what is guessable from them: sequences, repetitions, keyboard walks, l33t variants', () => {
    for (const p of ['aaaaaaaaaa', 'abcdefghij', '9876543210', 'qwertzuiop1', 'P@ssw0rd123', 'Dragon123!'])
      expect(passwordProblem(p), p).not.toBeNull();
  });

  it('refuses a German or English word with a year or a digit, what spraying tries first', () => {
    for (const p of ['Sommer2024!', 'Summer2024!', 'Passwort1!', 'Sonnenschein2025', 'Schmetterling', 'hotel123!'])
      expect(passwordProblem(p), p).toBe('guessable');
  });

  it('refuses the e-mail address and its name part, also with a few extra characters', () => {
    const email = 'Max.Mustermann@example.test';
    expect(passwordProblem('max.mustermann@example.test', { email })).toBe('containsEmail');
    expect(passwordProblem('Max.Mustermann', { email })).toBe('containsEmail');
    expect(passwordProblem('max.mustermann2024!', { email })).toBe('containsEmail');
    // Variants of the name part: its words in another order, another number.
    expect(passwordProblem('mustermann-max', { email })).toBe('containsEmail');
    expect(passwordProblem('max.muster1', { email: 'max.muster2@example.test' })).toBe('containsEmail');
    // A long password that merely contains a short name part is fine.
    expect(passwordProblem('information-desk-42', { email: 'info@example.test' })).toBeNull();
    // Without the address the same strings are judged on their own.
    expect(passwordProblem('Max.Mustermann2024-Kx9', { email })).toBeNull();
  });

  it('accepts long passphrases and random strings', () => {
    for (const p of ['correct horse battery', 'a-good-password', 'Kx9#vQ2m-77', 'Tiefseetaucher im Bodensee'])
      expect(passwordProblem(p, { email: 'someone@example.test' }), p).toBeNull();
  });
});

describe('the rule wherever a password is set', () => {
  it('stops the start on a weak ADMIN_PASSWORD, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'ops@example.test', ADMIN_PASSWORD: '12345678' })).toThrow(
      /ADMIN_PASSWORD: the password is on the list of common or breached passwords/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'ops.team@example.test', ADMIN_PASSWORD: 'ops.team2024' })).toThrow(/ADMIN_PASSWORD: .*e-mail address/);
    expect(loadConfig({ ADMIN_EMAIL: 'ops@example.test', ADMIN_PASSWORD: 'operator-secret-1' }).ADMIN_PASSWORD).toBe('operator-secret-1');
  });

  it('refuses a weak password in the operator command create-user, with the reason', () => {
    const create = (password: string) => commandSchema.safeParse({ command: 'create-user', email: 'ops@example.test', password });
    const weak = create('password1');
    expect(weak.success).toBe(false);
    expect(weak.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'the password is on the list of common or breached passwords'],
    ]);
    expect(create('long-password-42').success).toBe(true);
  });
});

describe('progressive delay after failed sign-ins', () => {
  it('leaves the free failures alone, then doubles up to the cap', () => {
    const delays = Array.from({ length: 12 }, (_, i) => delayAfterFailures(i + 1, 3));
    expect(delays).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(Math.max(...Array.from({ length: 100 }, (_, i) => delayAfterFailures(i, 10)))).toBe(MAX_DELAY_SECONDS);
  });
});
