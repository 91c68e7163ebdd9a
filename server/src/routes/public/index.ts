import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../../services/rateLimitStore.ts';
import { AppError } from '../../errors.ts';
import { isUuid } from '../../schemas/contract.ts';
import { publicConfig, sendMessage, startChat, submitLead } from '../../runtime/publicChat.ts';
import { uiConfigRepo } from '../../runtime/uiConfigRepo.ts';
import { visitorText } from '../../runtime/visitorTexts.ts';

type ChatbotParams = { chatbotId: string };
type ChatParams = { chatbotId: string; chatId: string };

const chatbotIdOf = (req: FastifyRequest) => /\/public\/chatbots\/([^/?#]+)/.exec(req.url)?.[1] ?? '';
const langOf = (req: FastifyRequest) => (req.headers['accept-language'] ?? '').split(/[,;]/)[0] || undefined;

/**
 * The widget's API: no sign-in. Each chatbot may restrict the sites that embed it (allowed
 * origins; an empty list allows any); requests are limited per visitor and per chatbot.
 */
export default async function publicRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const ownOrigin = new URL(config.publicUrl).origin;

  // CORS and the origin check both ask; one lookup per request.
  const checked = new WeakMap<FastifyRequest, Promise<boolean | null>>();
  const originAllowed = (req: FastifyRequest) => {
    let p = checked.get(req);
    if (!p) checked.set(req, (p = lookupOrigin(req)));
    return p;
  };

  /** null: no Origin header (server-to-server, same-origin GET); true/false: may this site use the chatbot? */
  async function lookupOrigin(req: FastifyRequest): Promise<boolean | null> {
    const origin = req.headers.origin;
    if (!origin) return null;
    // The dashboard's preview and demo pages: the configured public URL, or whatever host served this request.
    if (origin === ownOrigin || origin === `${req.protocol}://${req.headers.host}`) return true;
    const id = chatbotIdOf(req);
    if (!isUuid(id)) return true; // the route answers 400/404 itself
    const allowed = await uiConfigRepo.allowedOrigins(db, id);
    return allowed.length === 0 || allowed.includes(origin);
  }

  await app.register(cors, {
    delegator: async (req: FastifyRequest) => {
      const ok = await originAllowed(req);
      return {
        origin: ok === false ? false : (req.headers.origin ?? false),
        methods: ['GET', 'POST'],
        allowedHeaders: ['content-type'],
        maxAge: 600,
      };
    },
  } as never);

  // Browsers still send a refused site's requests; the server must not act on them.
  app.addHook('preHandler', async (req) => {
    if (req.method === 'OPTIONS') return;
    if ((await originAllowed(req)) === false)
      throw new AppError(403, 'OriginNotAllowed', 'This chatbot is not enabled on this website', {
        visitorMessage: visitorText('OriginNotAllowed', langOf(req)),
      });
  });

  // Two counters per request (visitor, chatbot): createRateLimit gives plain checks that can be combined,
  // where the plugin's route handlers would let only the first one run.
  await app.register(rateLimit, { global: false, ...sharedRateLimitStore(app.ctx.db) });
  const perVisitor = app.createRateLimit({
    max: config.WIDGET_RATE_PER_VISITOR,
    timeWindow: 60_000,
    keyGenerator: (req) => `v:${chatbotIdOf(req)}:${req.ip}`,
  });
  const perChatbot = app.createRateLimit({
    max: config.WIDGET_RATE_PER_CHATBOT,
    timeWindow: 60_000,
    keyGenerator: (req) => `c:${chatbotIdOf(req)}`,
  });
  const limited = {
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      for (const check of [perVisitor, perChatbot]) {
        const r = await check(req);
        if (r.isAllowed || !r.isExceeded) continue;
        reply.header('retry-after', r.ttlInSeconds);
        throw new AppError(429, 'RateLimited', `Too many requests, retry in ${r.ttlInSeconds} s`, {
          visitorMessage: visitorText('RateLimited', langOf(req)),
        });
      }
    },
  };

  app.get<{ Params: ChatbotParams; Querystring: { lang?: string } }>('/chatbots/:chatbotId/config', async (req, reply) => {
    const body = await publicConfig(app.ctx, req.params.chatbotId, req.query.lang);
    // Short cache: a saved change reaches visitors within a minute.
    return reply.header('cache-control', 'public, max-age=30').send(body);
  });

  app.post<{ Params: ChatbotParams }>('/chatbots/:chatbotId/chats', limited, async (req, reply) =>
    reply.status(201).send(await startChat(app.ctx, req.params.chatbotId, req.body)),
  );

  app.post<{ Params: ChatParams }>('/chatbots/:chatbotId/chats/:chatId/messages', limited, async (req) =>
    sendMessage(app.ctx, req.params.chatbotId, req.params.chatId, req.body, req.log),
  );

  app.post<{ Params: ChatParams }>('/chatbots/:chatbotId/chats/:chatId/lead', limited, async (req) =>
    submitLead(app.ctx, req.params.chatbotId, req.params.chatId, req.body),
  );
}
