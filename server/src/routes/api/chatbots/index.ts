import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiChatbot, createChatbotBody, screenshotQuery, screenshotResult, verifyQuery, verifyResult,
} from '../../../../../contract/api/account.ts';
import { errorResponses } from '../../../../../contract/api/common.ts';
import { pathId } from '../../../../../contract/ids.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { chatbotForRead, createChatbot, toApiChatbot, verifyChatbot } from '../../../services/chatbots.ts';
import { takeScreenshot } from '../../../services/screenshot.ts';

const params = z.object({ id: pathId });

/** chatbots: registration, reading, the wizard's verify polling and the website screenshot. */
export default async function chatbotsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.post('/chatbots', {
    schema: {
      body: createChatbotBody,
      response: { 201: apiChatbot, ...errorResponses('LanguageNotAvailable', 'AlreadyRegistered', 'Forbidden', 'SubscriptionExpired') },
    },
  }, async (req, reply) => reply.status(201).send(await createChatbot(app.ctx, requireAuth(req), req.body, req.log)));

  // Declared before /chatbots/:id so "screenshot" is never taken for an id.
  api.get('/chatbots/screenshot', {
    schema: { querystring: screenshotQuery, response: { 200: screenshotResult, ...errorResponses('WebsiteNotReachable', 'FeatureNotConfigured') } },
  }, async (req) => {
    requireAuth(req);
    return takeScreenshot(app.ctx, req.query.url);
  });

  api.get('/chatbots/:id', { schema: { params, response: { 200: apiChatbot } } }, async (req) =>
    toApiChatbot(await chatbotForRead(db, requireAuth(req), req.params.id)),
  );

  api.get('/chatbots/:id/verify', {
    schema: { params, querystring: verifyQuery, response: { 200: verifyResult, ...errorResponses('LanguageNotAvailable', 'SubscriptionExpired') } },
  }, async (req) => verifyChatbot(app.ctx, await chatbotForRead(db, requireAuth(req), req.params.id), req.query));
}
