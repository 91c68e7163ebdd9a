/**
 * Operator command line, against the same DATA_DIR / DATABASE_URL as the server:
 *
 *   npm run -s admin -- create-user EMAIL PASSWORD [--admin]
 *   npm run -s admin -- set-admin EMAIL true|false
 *   npm run -s admin -- token EMAIL        (prints only a 15-minute access token)
 *   npm run -s admin -- backup FILE        (the embedded database, also while the server runs)
 *   npm run -s admin -- restore FILE       (the embedded database, while no server runs)
 *
 * Exit codes: 0 done, 1 failure, 2 bad usage or input, 3 unknown user, 4 email taken.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { SECRET_HEADER } from '../routes/internal/index.ts';
import { AppError, parse } from '../errors.ts';
import { commandSchema, runCommand, type Command, type CommandResult } from './operations.ts';
import { readServerFile, removeServerFile, usesServerFile } from './serverFile.ts';
import { POSTGRES_BACKUP_MESSAGE, restoreFrom } from './backup.ts';
import { processAlive } from '../processAlive.ts';

const USAGE = `Usage:
  npm run -s admin -- create-user EMAIL PASSWORD [--admin]
  npm run -s admin -- set-admin EMAIL true|false
  npm run -s admin -- token EMAIL
  npm run -s admin -- backup FILE
  npm run -s admin -- restore FILE`;

const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 3, conflict: 4 } as const;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Restoring replaces the database folder, so only the CLI does it, never a running server. */
type CliCommand = Command | { command: 'restore'; file: string };

/** argv → command; the values are checked by the shared schema wherever the command runs. */
function parseArgs(argv: string[]): CliCommand {
  const flags = argv.filter((a) => a.startsWith('--'));
  const args = argv.filter((a) => !a.startsWith('--'));
  const [name, ...rest] = args;
  const unknownFlag = flags.find((f) => !(name === 'create-user' && f === '--admin'));
  if (unknownFlag) throw new CliError(`Unknown option ${unknownFlag}\n${USAGE}`, EXIT.usage);
  const arity = (n: number) => {
    if (rest.length !== n) throw new CliError(`${name} takes ${n} argument${n > 1 ? 's' : ''}\n${USAGE}`, EXIT.usage);
  };
  switch (name) {
    case 'create-user':
      arity(2);
      return { command: name, email: rest[0], password: rest[1], admin: flags.includes('--admin') };
    case 'set-admin':
      arity(2);
      if (rest[1] !== 'true' && rest[1] !== 'false') throw new CliError(`set-admin expects true or false, not "${rest[1]}"`, EXIT.usage);
      return { command: name, email: rest[0], admin: rest[1] === 'true' };
    case 'token':
      arity(1);
      return { command: name, email: rest[0] };
    case 'backup':
    case 'restore':
      arity(1);
      return { command: name, file: path.resolve(rest[0]) };
    case undefined:
    case 'help':
      throw new CliError(USAGE, EXIT.usage);
    default:
      throw new CliError(`Unknown command "${name}"\n${USAGE}`, EXIT.usage);
  }
}

function toCliError(status: number, message: string, details?: unknown): CliError {
  const lines = Array.isArray(details)
    ? details.map((d: { path?: string; message?: string }) => `  ${d.path ? `${d.path}: ` : ''}${d.message}`)
    : [];
  const text = [message, ...lines].join('\n');
  if (status === 400) return new CliError(text, EXIT.usage);
  if (status === 404) return new CliError(text, EXIT.notFound);
  if (status === 409) return new CliError(text, EXIT.conflict);
  return new CliError(text, EXIT.failure);
}


/**
 * While a server holds the embedded database, ask it to run the command; a server
 * file left by a crashed server is removed. Returns null when the CLI should open
 * the database itself.
 */
async function viaRunningServer(config: Config, cmd: Command): Promise<CommandResult | null> {
  if (!usesServerFile(config)) return null;
  const server = readServerFile(config);
  if (!server) return null;
  let res: Response;
  try {
    res = await fetch(`${server.url}/internal/operator`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: server.secret },
      body: JSON.stringify(cmd),
      // A backup of a large database takes a while.
      signal: AbortSignal.timeout(cmd.command === 'backup' ? 30 * 60_000 : 30_000),
    });
  } catch (e) {
    if (server.pid && processAlive(server.pid))
      throw new CliError(
        `A server (pid ${server.pid}) holds ${config.dataDir} but does not answer at ${server.url}: ${(e as Error).message}`,
        EXIT.failure,
      );
    removeServerFile(config);
    return null;
  }
  const body = (await res.json().catch(() => ({}))) as CommandResult & { message?: string; details?: unknown };
  if (!res.ok) throw toCliError(res.status, body.message ?? `Server answered HTTP ${res.status}`, body.details);
  return body;
}

async function directly(config: Config, cmd: Command): Promise<CommandResult> {
  // Loaded only here: the embedded database is heavy, and not needed when the server runs the command.
  const [{ openDb }, { migrate }, { loadSigningKeys }] = await Promise.all([
    import('../db/index.ts'),
    import('../db/migrate.ts'),
    import('../auth/keys.ts'),
  ]);
  const db = await openDb(config);
  try {
    await migrate(db);
    // Same issuer, audience and keys as app.ts, so the API accepts what is minted here.
    const keys = config.OIDC_ISSUER ? null : await loadSigningKeys(db);
    const issuer = config.OIDC_ISSUER ?? `${config.publicUrl}/oidc`;
    const audience = config.OIDC_AUDIENCE ?? `${config.publicUrl}/api/v1`;
    return await runCommand({ config, db, keys, issuer, audience }, cmd);
  } catch (e) {
    if (e instanceof AppError) throw toCliError(e.status, e.message, e.details);
    throw e;
  } finally {
    await db.close();
  }
}

function refuseWithoutEmbeddedDatabase(config: Config) {
  if (config.DATABASE_URL) throw new CliError(POSTGRES_BACKUP_MESSAGE, EXIT.usage);
  if (config.DATA_DIR === ':memory:') throw new CliError('DATA_DIR is :memory:: nothing is stored to back up or restore', EXIT.usage);
}

/** Refused while a server holds the folder: its open database would overwrite the restored one. */
async function restore(config: Config, file: string) {
  const server = readServerFile(config);
  if (server?.pid && processAlive(server.pid))
    throw new CliError(`A server (pid ${server.pid}) holds ${config.dataDir}: stop it, then restore (nothing was changed)`, EXIT.failure);
  if (server) removeServerFile(config);
  try {
    return await restoreFrom(config, file);
  } catch (e) {
    if (e instanceof AppError) throw toCliError(e.status, e.message, e.details);
    throw e;
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    const config = loadConfig({ LOG_LEVEL: 'silent', ...process.env });
    const cmd = parseArgs(argv);
    if (cmd.command === 'backup' || cmd.command === 'restore') refuseWithoutEmbeddedDatabase(config);
    if (cmd.command === 'restore') {
      const restored = await restore(config, cmd.file);
      process.stdout.write(
        `Restored ${restored.file} into ${path.join(config.dataDir, 'pgdata')}` +
          (restored.previous ? `; the database it replaced is kept in ${restored.previous} (delete it once the restore is confirmed)` : '') +
          '\n',
      );
      return EXIT.ok;
    }
    // Bad input fails fast, before any database is opened; the server checks again.
    try {
      parse(commandSchema, cmd);
    } catch (e) {
      if (e instanceof AppError) throw toCliError(e.status, e.message, e.details);
      throw e;
    }
    const result = (await viaRunningServer(config, cmd)) ?? (await directly(config, cmd));
    if (result.command === 'token') process.stdout.write(`${result.token}\n`);
    else if (result.command === 'backup') process.stdout.write(`Backed up ${config.dataDir} to ${result.file} (${result.bytes} bytes)\n`);
    else process.stdout.write(`${result.user.email} (${result.user.id}): admin = ${result.user.isAdmin}\n`);
    return EXIT.ok;
  } catch (e) {
    if (e instanceof CliError || e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return e instanceof CliError ? e.exitCode : EXIT.usage;
    }
    process.stderr.write(`Failed: ${(e as Error).stack ?? e}\n`);
    return EXIT.failure;
  }
}

process.exitCode = await main(process.argv.slice(2));
