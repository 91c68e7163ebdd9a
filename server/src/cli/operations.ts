import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { SigningKeys } from '../auth/keys.ts';
import { mintAccessToken } from '../auth/tokens.ts';
import { AppError, parse } from '../errors.ts';
import { usersRepo } from '../repositories/users.ts';
import { createAccount } from '../services/accounts.ts';
import { backupTo } from './backup.ts';
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from '../../../contract/password.ts';

/** What an operator command needs: the same pieces as the server's app context. */
export interface OperatorContext {
  config: Config;
  db: Db;
  keys: SigningKeys | null;
  issuer: string;
  audience: string;
}

export const TOKEN_TTL_SECONDS = 15 * 60;

const email = z.email({ error: 'not a valid email address' });
export const commandSchema = z.discriminatedUnion('command', [
  z.strictObject({
    command: z.literal('create-user'),
    email,
    password: z.string(),
    admin: z.boolean().default(false),
  }).superRefine((c, ctx) => {
    // The password rule every password set must pass (contract/password.ts), checked before any database is opened.
    const problem = passwordProblem(c.password, { email: c.email });
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_PROBLEM_MESSAGES[problem] });
  }),
  z.strictObject({ command: z.literal('set-admin'), email, admin: z.boolean() }),
  z.strictObject({ command: z.literal('token'), email }),
  // Written by whichever process holds the database (the server, while it runs), so the CLI sends an absolute path.
  z.strictObject({ command: z.literal('backup'), file: z.string().min(1).refine((f) => path.isAbsolute(f), 'must be an absolute path') }),
]);
export type Command = z.input<typeof commandSchema>;

export type CommandResult =
  | { command: 'create-user' | 'set-admin'; user: { id: string; email: string; isAdmin: boolean } }
  | { command: 'token'; token: string; expiresIn: number }
  | { command: 'backup'; file: string; bytes: number };

const unknownUser = (address: string) => new AppError(404, 'NotFound', `No user with email ${address}`);

/**
 * The operator commands, run either by the CLI on its own database connection or by
 * the running server on the CLI's behalf (routes/internal). Bad input is a 400
 * ValidationFailed, an unknown user a 404, a taken email a 409.
 */
export async function runCommand(ctx: OperatorContext, input: unknown): Promise<CommandResult> {
  const cmd = parse(commandSchema, input);
  const { db, config } = ctx;
  switch (cmd.command) {
    case 'create-user': {
      const user = await createAccount(db, { email: cmd.email, password: cmd.password, isAdmin: cmd.admin, trialDays: config.TRIAL_DAYS });
      return { command: cmd.command, user: { id: user.id, email: user.email, isAdmin: user.is_admin } };
    }
    case 'set-admin': {
      const user = await usersRepo.setAdmin(db, cmd.email, cmd.admin);
      if (!user) throw unknownUser(cmd.email);
      return { command: cmd.command, user: { id: user.id, email: user.email, isAdmin: user.is_admin } };
    }
    case 'token': {
      if (!ctx.keys)
        throw new AppError(501, 'FeatureNotConfigured', 'Tokens can only be minted for the local identity provider; OIDC_ISSUER is set');
      const user = await usersRepo.byEmail(db, cmd.email);
      if (!user) throw unknownUser(cmd.email);
      const token = await mintAccessToken(ctx.keys, {
        issuer: ctx.issuer,
        audience: ctx.audience,
        clientId: config.OIDC_CLIENT_ID,
        subject: user.subject,
        email: user.email,
        isAdmin: user.is_admin,
        ttlSeconds: TOKEN_TTL_SECONDS,
      });
      return { command: cmd.command, token, expiresIn: TOKEN_TTL_SECONDS };
    }
    case 'backup':
      return backupTo(db, cmd.file);
  }
}
