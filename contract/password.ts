/**
 * The one password rule, after NIST SP 800-63B §3.1.1.2: a length floor (and a ceiling that bounds hashing work),
 * no composition rules, and a refusal of passwords attackers try first: the common and breached passwords that
 * @zxcvbn-ts/language-common ships (about 49,000, no download at run time), anything zxcvbn finds guessable from
 * them and from German and English words and names (sequences, repeats, keyboard walks, "P@ssw0rd1", "Sommer2024!"), and the account's own e-mail address or its name part.
 * Applied wherever a password is set: sign-up, the operator CLI, ADMIN_PASSWORD, createAccount.
 */
import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The estimator and its dictionaries (about 110 ms of CPU to load) are required on the first password checked,
 * not when this module is imported: the server imports it with its configuration, before the database opens.
 */
const requireLazily = createRequire(import.meta.url);

export const PASSWORD_MIN_LENGTH = 8;
/** NIST asks for at least 64; the cap only keeps one sign-in from costing the server an unbounded hash. */
export const PASSWORD_MAX_LENGTH = 256;
/**
 * As many guesses as eight random characters (NIST's minimum length) need: below it are the word-plus-year
 * passwords ("Sommer2024!", "Passwort1!") that spraying tries first. (zxcvbn's score 2 starts at 10^6.)
 */
const MIN_GUESSES = 1e8;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'common' | 'containsEmail' | 'guessable';

/** English wording for API answers, the CLI and start-up errors; the sign-in pages translate the key. */
export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  tooShort: `the password must have at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `the password must have at most ${PASSWORD_MAX_LENGTH} characters`,
  common: 'the password is on the list of common or breached passwords',
  containsEmail: 'the password must not be (or be made of) the e-mail address',
  guessable: 'the password is too easy to guess (a sequence, repetition, keyboard pattern, common word or a word with a year)',
};

let factory: ZxcvbnFactory | undefined;
let commonPasswords: Set<string> | undefined;
/** Built on first use: the dictionaries take a few milliseconds to index, and most processes never need them. */
function estimator() {
  if (!factory || !commonPasswords) {
    const { ZxcvbnFactory: Factory } = requireLazily('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const { adjacencyGraphs, dictionary } = requireLazily('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    const { dictionary: german } = requireLazily('@zxcvbn-ts/language-de') as typeof import('@zxcvbn-ts/language-de');
    const { dictionary: english } = requireLazily('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
    commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
    // The product's two languages: "Sommer2024!" and "Summer2024!" are a word and a year, not a secret.
    factory = new Factory({ dictionary: { ...dictionary, ...prefixed('de', german), ...prefixed('en', english) }, graphs: adjacencyGraphs });
  }
  return { factory, commonPasswords };
}

const prefixed = (lang: string, words: Record<string, string[]>) => Object.fromEntries(Object.entries(words).map(([name, list]) => [`${lang}-${name}`, list]));
const codePoints = (s: string) => [...s].length;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether the e-mail address carries the password: taking out (case-insensitive) the address, its name part,
 * the name part without trailing digits and the name part's words leaves less than the minimum, as in
 * "max.mustermann", "Max.Mustermann2024!" or "mustermann-max" for max.mustermann7@example.com.
 */
function madeOfEmail(password: string, email: string) {
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0];
  const words = local.replace(/\d+$/, '').split(/[._+-]+/);
  const parts = [...new Set([address, local, local.replace(/\d+$/, ''), ...words])]
    .filter((p) => p.length >= 3)
    // Longest first, so that the whole name part goes before its words.
    .sort((a, b) => b.length - a.length);
  if (parts.length === 0) return false;
  const rest = password.toLowerCase().replace(new RegExp(parts.map(escapeRe).join('|'), 'g'), '');
  return codePoints(rest) < PASSWORD_MIN_LENGTH;
}

/** The first thing wrong with a password, or null when it may be used. */
export function passwordProblem(password: string, opts: { email?: string } = {}): PasswordProblem | null {
  const length = codePoints(password.normalize('NFKC'));
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (opts.email && madeOfEmail(password, opts.email)) return 'containsEmail';
  const { factory: zxcvbn, commonPasswords: common } = estimator();
  if (common.has(password.toLowerCase())) return 'common';
  const userInputs = opts.email ? [opts.email, opts.email.split('@')[0]] : [];
  if (zxcvbn.check(password, userInputs).guesses < MIN_GUESSES) return 'guessable';
  return null;
}
