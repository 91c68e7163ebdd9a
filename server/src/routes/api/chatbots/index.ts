import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../../errors.ts';
import { createChatbotBody } from '../../../schemas/contract.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { chatbotForRead, createChatbot, toApiChatbot, verifyChatbot } from '../../../services/chatbots.ts';
import { takeScreenshot } from '../../../services/screenshot.ts';

const screenshotQuery = z.object({ url: z.string().min(1).max(2000) });
const verifyQuery = z.object({ url: z.string().max(2000).optional(), lang: z.string().max(10).optional() });

/** chatbots: registration, reading, the wizard's verify polling and the website screenshot. */
export default async function chatbotsRoutes(app: FastifyInstance) {
  app.post('/chatbots', async (req, reply) => {
    const body = parse(createChatbotBody, req.body);
    return reply.status(201).send(await createChatbot(app.ctx, requireAuth(req), body, req.log));
  });

  // Declared before /chatbots/:id so "screenshot" is never taken for an id.
  app.get('/chatbots/screenshot', async (req) => {
    requireAuth(req);
    return takeScreenshot(app.ctx, parse(screenshotQuery, req.query).url);
  });

  app.get<{ Params: { id: string } }>('/chatbots/:id', async (req) => toApiChatbot(await chatbotForRead(req, req.params.id)));

  app.get<{ Params: { id: string } }>('/chatbots/:id/verify', async (req) => {
    const bot = await chatbotForRead(req, req.params.id);
    return verifyChatbot(app.ctx, bot, parse(verifyQuery, req.query));
  });
}
