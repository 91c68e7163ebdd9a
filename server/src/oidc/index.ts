import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { createProvider } from './provider.ts';
import { deleteExpiredPayloads } from './adapter.ts';
import { signInFailuresRepo } from './signInFailuresRepo.ts';
import { interactionRoutes } from './interactions.ts';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * Mounts the local identity provider under /oidc when no external OIDC_ISSUER is
 * configured: oidc-provider's own endpoints (discovery, authorize, token, jwks,
 * end-session, …) plus this app's sign-in and sign-up pages under /oidc/interaction.
 */
export async function registerOidc(app: FastifyInstance) {
  if (!app.ctx.keys) return;
  // Made on the first request under /oidc, not at start: loading oidc-provider and building it took a third of a
  // second of a start's CPU, for a sign-in that comes later (or, for a server that only answers visitors, never).
  let building: Promise<{ provider: Provider; callback: ReturnType<Provider['callback']> }> | undefined;
  const built = () =>
    (building ??= createProvider(app.ctx).then(
      (provider) => ({ provider, callback: provider.callback() }),
      (e: unknown) => {
        building = undefined; // the next request tries again
        throw e;
      },
    ));
  const provider = async () => (await built()).provider;
  const issuerPath = new URL(app.ctx.issuer).pathname.replace(/\/$/, '');

  await app.register(
    async (oidc) => {
      // oidc-provider reads request bodies itself: leave the stream untouched.
      oidc.removeAllContentTypeParsers();
      oidc.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
      const handoff = async (req: FastifyRequest, reply: FastifyReply) => {
        const { callback } = await built(); // before the hijack: a failure here is answered by the error handler
        reply.hijack();
        // oidc-provider's routes are relative to its mount path; it finds that path in originalUrl.
        const rest = req.raw.url!.slice('/oidc'.length) || '/';
        Object.assign(req.raw, { originalUrl: issuerPath + rest, url: rest });
        callback(req.raw, reply.raw);
      };
      oidc.all('/', handoff);
      oidc.all('/*', handoff);
    },
    { prefix: '/oidc' },
  );
  await app.register(interactionRoutes, {
    prefix: '/oidc/interaction',
    provider,
    issuerPath,
    loginRateLimit: app.ctx.config.OIDC_LOGIN_RATE_LIMIT,
  });

  // Expired codes, sessions, tokens and sign-in failures are invisible to their readers already; this frees their rows.
  const cleanup = () =>
    Promise.all([deleteExpiredPayloads(app.ctx.db), signInFailuresRepo.deleteExpired(app.ctx.db)]).catch((err) =>
      app.log.warn({ err }, 'oidc cleanup failed'),
    );
  const timer = setInterval(cleanup, CLEANUP_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    await cleanup();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
