import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { proxyTrust, type Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { AppContext } from './context.ts';
import { loadSigningKeys } from './auth/keys.ts';
import { createVerifier, discoverJwksUri } from './auth/verifier.ts';
import { registerErrorHandler } from './plugins/external/errorHandler.ts';
import { registerStorableText } from './plugins/app/storableText.ts';
import { registerRetryAfter } from './plugins/app/backpressure.ts';
import { registerAuth } from './plugins/app/auth.ts';
import { registerOpenApi } from './plugins/app/openapi.ts';
import { registerRoutes } from './routes/index.ts';
import { registerOidc } from './oidc/index.ts';
import { QUEUES } from './jobs/workers.ts';
import { startJobs } from './jobs/boss.ts';
import { startChatRefresh } from './runtime/chatWords.ts';
import { ensureAdmin } from './services/accounts.ts';
import { useEmbeddings } from './services/embeddings.ts';
import { useSearchSettings } from './services/retrieval.ts';
import './context.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(ROOT, 'dist');

/** Builds the whole server on an open, migrated database. Listening and starting the job workers are the caller's (server.ts). */
export async function buildApp(config: Config, db: Db): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-* (client address for rate limits, protocol, host) only from TRUST_PROXY's proxies.
    trustProxy: config.TRUST_PROXY === false ? false : proxyTrust(config.TRUST_PROXY),
    // Node's own 'Connection: close' handling lets graceful shutdown finish in-flight requests.
    forceCloseConnections: 'idle',
    // The router's own refusals (a path that is not UTF-8, a segment longer than any id) name nothing: a 404 in
    // the API's error shape, not fastify's.
    frameworkErrors: (err, _req, reply) => {
      const send = reply as unknown as FastifyReply; // its generic route types do not fit a reply before routing
      if (err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH') send.status(404).send({ error: 'NotFound', message: 'Route not found' });
      else send.status(err.statusCode ?? 400).send({ error: 'Unknown', message: err.message });
    },
  });

  const issuer = config.OIDC_ISSUER ?? `${config.publicUrl}/oidc`;
  const audience = config.OIDC_AUDIENCE ?? `${config.publicUrl}/api/v1`;
  const keys = config.OIDC_ISSUER ? null : await loadSigningKeys(db);
  const verifyToken = createVerifier({
    issuer,
    audience,
    jwks: keys ? keys.publicJwks : await discoverJwksUri(issuer),
  });
  const jobs = await startJobs(db, { databaseUrl: config.DATABASE_URL, queues: QUEUES });
  const ctx: AppContext = { config, db, keys, issuer, audience, verifyToken, jobs };
  app.decorate('ctx', ctx);
  // Semantic retrieval when EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL are set (retrieve() finds the client by its database).
  useEmbeddings(db, config, app.log);
  useSearchSettings(db, config);

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD, config.TRIAL_DAYS);

  await app.register(helmet, {
    // The dashboard needs inline styles (emotion); the identity provider sets its own policy on its pages.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...(config.OIDC_ISSUER ? [new URL(config.OIDC_ISSUER).origin] : [])],
        frameSrc: ["'self'", ...(config.OIDC_ISSUER ? [new URL(config.OIDC_ISSUER).origin] : [])],
        formAction: ["'self'", ...(config.OIDC_ISSUER ? [new URL(config.OIDC_ISSUER).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
  });
  registerErrorHandler(app);
  registerRetryAfter(app);
  registerStorableText(app);
  registerAuth(app);
  await registerOpenApi(app);
  await registerOidc(app);
  app.get('/health', async () => {
    await db.query('select 1');
    return { status: 'ok' };
  });
  await registerRoutes(app);
  serveDashboard(app);
  const chatRefresh = startChatRefresh(db, app.log, config.CHAT_REFRESH_MS);
  app.addHook('onClose', async () => {
    await chatRefresh.stop();
    await jobs.stop();
  });
  return app;
}

/** The built dashboard and widget, with the SPA fallback for the dashboard's real paths. */
function serveDashboard(app: FastifyInstance) {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) return;
  // The widget files have their own route (routes/public/widgetFiles.ts) with CORS and cache rules.
  app.register(fastifyStatic, { root: DIST, wildcard: false, index: false, maxAge: '1h', globIgnore: ['widget.js', 'widget-chat.js'] });
  const indexHtml = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  app.get('/*', (req, reply) => {
    const p = req.url.split('?')[0];
    if (p.startsWith('/api/') || p.startsWith('/oidc')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  });
}
