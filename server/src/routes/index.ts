import type { FastifyInstance } from 'fastify';
import usersRoutes from './api/users/index.ts';
import chatbotsRoutes from './api/chatbots/index.ts';
import languagesRoutes from './api/languages/index.ts';
import translationsRoutes from './api/translations/index.ts';
import stripeRoutes from './api/stripe/index.ts';
import uiconfigRoutes from './api/uiconfig/index.ts';
import statisticsRoutes from './api/statistics/index.ts';
import publicRoutes from './public/index.ts';
import widgetFileRoutes from './public/widgetFiles.ts';
import appConfigRoutes from './public/appConfig.ts';
import internalRoutes from './internal/index.ts';
import trainingRoutes from '../training/routes.ts';
import chatsRoutes from './api/chats/index.ts';
import privacyRoutes from './api/privacy/index.ts';
import accountRoutes from './api/account/index.ts';
import customersRoutes from './api/customers/index.ts';
import knowledgeGapsRoutes from './api/knowledge-gaps/index.ts';
import testQuestionsRoutes from './api/test-questions/index.ts';
import { registerOpenApiRoute, useZodSchemas } from '../plugins/app/openapi.ts';

/**
 * Every feature's routes, registered under their prefix. Adding a feature = one line here.
 */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(async (api) => {
    // feature route modules are registered here, e.g.: await api.register(usersRoutes);
    useZodSchemas(api);
    registerOpenApiRoute(api);
    await api.register(usersRoutes);
    await api.register(chatbotsRoutes);
    await api.register(languagesRoutes);
    await api.register(translationsRoutes);
    await api.register(stripeRoutes);
    await api.register(uiconfigRoutes);
    await api.register(statisticsRoutes);
    await api.register(trainingRoutes);
    await api.register(chatsRoutes);
    await api.register(privacyRoutes);
    await api.register(accountRoutes);
    await api.register(customersRoutes);
    await api.register(knowledgeGapsRoutes);
    await api.register(testQuestionsRoutes);
    await api.register(publicRoutes, { prefix: '/public' });
    await api.register(appConfigRoutes, { prefix: '/public' });
  }, { prefix: '/api/v1' });
  await app.register(widgetFileRoutes);
  await app.register(internalRoutes);
}
