import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  const provider = await createProvider(app.ctx);
  const callback = provider.callback();
  const issuerPath = new URL(app.ctx.issuer).pathname.replace(/\/$/, '');

  await app.register(
    async (oidc) => {
      // oidc-provider reads request bodies itself: leave the stream untouched.
      oidc.removeAllContentTypeParsers();
      oidc.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
      const handoff = (req: FastifyRequest, reply: FastifyReply) => {
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
