import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../errors.ts';
import { runCommand } from '../../cli/operations.ts';
import { removeServerFile, usesServerFile, writeServerFile } from '../../cli/serverFile.ts';

export const SECRET_HEADER = 'x-operator-secret';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Same machine: a loopback connection, or one from this host's own address. */
function fromThisHost(req: FastifyRequest) {
  const { remoteAddress, localAddress } = req.raw.socket;
  return !!remoteAddress && (LOOPBACK.has(remoteAddress) || remoteAddress === localAddress);
}

/**
 * POST /internal/operator: the operator CLI's way in while this server holds the
 * embedded database. Answers only connections from this host without proxy headers
 * (a local reverse proxy would add them) that present the secret from
 * DATA_DIR/server.json, which is written at listen and removed at close.
 */
export default async function internalRoutes(app: FastifyInstance) {
  const { config } = app.ctx;
  if (!usesServerFile(config)) return;
  const secret = randomBytes(32).toString('hex');

  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo;
    const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    writeServerFile(config, { url, secret, pid: process.pid });
  });
  app.addHook('onClose', async () => removeServerFile(config, secret));

  app.post('/internal/operator', async (req) => {
    const given = Buffer.from(String(req.headers[SECRET_HEADER] ?? ''));
    const expected = Buffer.from(secret);
    const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
    // Looks like no route at all to anyone but the local operator.
    if (!fromThisHost(req) || proxied) throw notFound('Route');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(401, 'Unauthorized', 'Wrong operator secret');
    return runCommand(app.ctx, req.body);
  });
}
