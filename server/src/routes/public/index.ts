import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../../services/rateLimitStore.ts';
import { AppError } from '../../errors.ts';
import { isUuid } from '../../../../contract/ids.ts';
import { z } from 'zod';
import { apiObject, apiRecord, errorResponses } from '../../../../contract/api/common.ts';
import { leadBody, publicConfig, sendMessage, startChat, startChatBody, submitLead } from '../../runtime/publicChat.ts';
import { uiConfigRepo } from '../../runtime/uiConfigRepo.ts';
import { visitorText } from '../../runtime/visitorTexts.ts';
import { answerBackpressure, answerLimits } from '../../plugins/app/backpressure.ts';
import { lazyEventStream, wantsEventStream } from './eventStream.ts';
import { giveFeedback } from '../../runtime/feedback.ts';
import { feedbackBody } from '../../../../contract/api/widget.ts';

// The widget API checks its ids and bodies itself (a malformed chatbot id is 400 there): the schemas document them.
const chatbotParams = z.object({ chatbotId: z.string().describe('uuid of the chatbot') });
const messageBody = z.strictObject({ text: z.string().min(1).describe('the visitor\'s question; at most WIDGET_MAX_MESSAGE_CHARS') });
const chatParams = z.object({ chatbotId: z.string().describe('uuid of the chatbot'), chatId: z.string().describe('uuid of the chat') });

const messageParams = chatParams.extend({ messageId: z.string().describe('uuid of the answer (the id of POST …/messages)') });

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
        // The widget on the customer's site reads it to know when to ask again after a 429/503.
        exposedHeaders: ['retry-after'],
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

  app.get('/chatbots/:chatbotId/config', { schema: { params: chatbotParams, querystring: z.object({ lang: z.string().optional() }), response: { 200: apiObject('the widget\'s public configuration of the chatbot in the language: texts, colours, lead form, languages, maxMessageChars'), ...errorResponses('OriginNotAllowed', 'SubscriptionExpired') } } }, async (req, reply) => {
    const { chatbotId } = req.params as z.infer<typeof chatbotParams>;
    const body = await publicConfig(app.ctx, chatbotId, (req.query as { lang?: string }).lang);
    // Short cache: a saved change reaches visitors within a minute.
    return reply.header('cache-control', 'public, max-age=30').send(body);
  });

  app.post('/chatbots/:chatbotId/chats', { ...limited, schema: { params: chatbotParams, response: { 201: apiRecord('the new chat: its id, and the greeting'), ...errorResponses('OriginNotAllowed', 'RateLimited') } }, config: { bodyCheckedAfterLookup: startChatBody } }, async (req, reply) =>
    reply.status(201).send(await startChat(app.ctx, (req.params as z.infer<typeof chatbotParams>).chatbotId, req.body)),
  );

  // Answers wait for a place in the answer queue; a full queue refuses before the rate limits count.
  const answers = answerBackpressure(answerLimits(config), app.ctx);
  app.post('/chatbots/:chatbotId/chats/:chatId/messages', { onRequest: [answers.onRequest, limited.onRequest], schema: { params: chatParams, response: { 200: apiObject('the answer: text, sources, contact (a hand-over), language. With `Accept: text/event-stream` and a language model configured, a stream of server-sent events instead: `delta` ({ text }) as the model writes, then `answer` (this object; its text replaces the pieces) or `error`'), ...errorResponses('OriginNotAllowed', 'RateLimited', 'MessageQuotaReached', 'SubscriptionExpired', 'ServerBusy') } }, config: { bodyCheckedAfterLookup: messageBody } }, async (req, reply) => {
    const p = req.params as z.infer<typeof chatParams>;
    if (!wantsEventStream(req.headers.accept)) return answers.run(req, reply, () => sendMessage(app.ctx, p.chatbotId, p.chatId, req.body, req.log));
    // Streamed: the model's words as `delta` events, then the whole answer (the same object as without streaming) as `answer`.
    const stream = lazyEventStream(reply);
    try {
      const answer = await answers.run(req, reply, () => sendMessage(app.ctx, p.chatbotId, p.chatId, req.body, req.log, (text) => stream.send('delta', { text })));
      if (!stream.started) return answer;
      stream.end('answer', answer);
    } catch (e) {
      if (!stream.started) throw e;
      req.log.error({ err: e }, 'answer failed after its stream began');
      stream.fail(e);
    }
    return reply;
  },
  );

  app.post('/chatbots/:chatbotId/chats/:chatId/lead', { ...limited, schema: { params: chatParams, response: { 200: apiObject('the saved lead'), ...errorResponses('OriginNotAllowed', 'RateLimited') } }, config: { bodyCheckedAfterLookup: leadBody } }, async (req) => {
    const p = req.params as z.infer<typeof chatParams>;
    return submitLead(app.ctx, p.chatbotId, p.chatId, req.body);
  },
  );

  // The visitor's thumbs up or down on an answer (a second rating replaces the first).
  app.post('/chatbots/:chatbotId/chats/:chatId/messages/:messageId/feedback', { ...limited, schema: { params: messageParams, response: { 200: apiObject('the saved rating: messageId, chatId, rating, comment, ratedAt'), ...errorResponses('OriginNotAllowed', 'RateLimited', 'SubscriptionExpired') } }, config: { bodyCheckedAfterLookup: feedbackBody } }, async (req) => {
    const p = req.params as z.infer<typeof messageParams>;
    return giveFeedback(app.ctx, p.chatbotId, p.chatId, p.messageId, req.body);
  });
}
