'use strict';
/**
 * The privacy calls (retention period per chatbot, one visitor's data exported or erased, the account
 * exported or deleted), validated with the contract's schemas and answering like the real server.
 */
const express = require('express');
const { privacySettingsBody, visitorDataBody, accountDeleteBody } = require('../contract/privacySchemas.ts');
const { RETENTION_MONTHS } = require('../contract/privacy.ts');
const { badRequest, notFound, parse } = require('./errors.cjs');
const { wrap } = require('./contract.cjs');

/** Served as a download, like the real server's exports. */
const asAttachment = (res, name) =>
  res
    .set('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.json"`)
    .set('access-control-expose-headers', 'Content-Disposition')
    .set('cache-control', 'no-store');

function privacyRoutes(db) {
  const r = express.Router();

  /** A foreign tenant's chatbot (or no chatbot) is 404, as on the real server. */
  function requireChatbot(req, id) {
    const bot = db.get('chatbots').find({ id: String(id) }).value();
    if (!bot || bot.organizationId !== req.auth.organizationId) throw notFound('Chatbot');
    return bot;
  }
  const settingsOf = (bot) => ({ id: bot.id, chatbotId: bot.id, retentionMonths: bot.retentionMonths ?? RETENTION_MONTHS.default });

  /** One visitor's chats in the chatbot: the chat named, or every chat whose lead left the address. */
  function visitorChats(req) {
    const selector = parse(visitorDataBody, req.body);
    requireChatbot(req, selector.chatbotId);
    const chats = db
      .get('chats')
      .filter((c) => c.chatbotId === selector.chatbotId && ('chatId' in selector ? c.id === selector.chatId : c.lead?.email?.toLowerCase() === selector.email.toLowerCase()))
      .value();
    if (!chats.length) throw 'chatId' in selector ? notFound('Chat') : notFound('Visitor data');
    return { selector, chats };
  }

  r.get('/privacy-settings/:chatbotId', wrap((req) => settingsOf(requireChatbot(req, req.params.chatbotId))));
  r.put(
    '/privacy-settings/:chatbotId',
    wrap((req) => {
      const bot = requireChatbot(req, req.params.chatbotId);
      const { retentionMonths } = parse(privacySettingsBody, req.body);
      db.get('chatbots').find({ id: bot.id }).assign({ retentionMonths }).write();
      return settingsOf({ ...bot, retentionMonths });
    }),
  );

  r.post(
    '/chats/visitor-data/export',
    wrap((req, res) => {
      const { selector, chats } = visitorChats(req);
      asAttachment(res, 'visitor-data');
      return {
        exportedAt: new Date().toISOString(),
        chatbotId: selector.chatbotId,
        visitorIds: [...new Set(chats.map((c) => c.visitorId ?? c.id))],
        chats: chats.map(({ chatbotId, ...chat }) => chat),
      };
    }),
  );
  r.post(
    '/chats/visitor-data/delete',
    wrap((req) => {
      const { chats } = visitorChats(req);
      const ids = new Set(chats.map((c) => c.id));
      db.get('chats').remove((c) => ids.has(c.id)).write();
      return {
        deletedChats: chats.length,
        deletedMessages: chats.reduce((n, c) => n + (c.messages?.length ?? 0), 0),
        deletedLeads: chats.filter((c) => c.lead).length,
      };
    }),
  );

  r.get(
    '/account/export',
    wrap((req, res) => {
      const orgId = req.auth.organizationId;
      const chatbots = db.get('chatbots').filter({ organizationId: orgId }).value();
      const own = new Set(chatbots.map((b) => b.id));
      const ofOwnBots = (table) => db.get(table).filter((row) => own.has(row.chatbotId)).value();
      asAttachment(res, 'account');
      return {
        exportedAt: new Date().toISOString(),
        organization: db.get('organizations').find({ id: orgId }).value() ?? null,
        users: db.get('users').filter({ organizationId: orgId }).value(),
        subscriptions: db.get('subscriptions').filter({ organizationId: orgId }).value(),
        chatbots,
        ...Object.fromEntries(['websites', 'webpages', 'documents', 'qna', 'contacts'].map((t) => [t, ofOwnBots(t)])),
        chats: ofOwnBots('chats'),
      };
    }),
  );
  r.post(
    '/account/delete',
    wrap((req, res) => {
      const { email } = parse(accountDeleteBody, req.body);
      const account = req.auth.actingAs ?? req.auth.user;
      if (email.toLowerCase() !== String(account.email).toLowerCase())
        throw badRequest('ValidationFailed', 'The e-mail address does not match the account', [{ path: 'email', code: 'custom', message: 'does not match the account' }]);
      const deletionRequestedAt = new Date().toISOString();
      db.get('organizations').find({ id: req.auth.organizationId }).assign({ deletionRequestedAt }).write();
      res.status(202);
      return { deletionRequestedAt };
    }),
  );
  return r;
}

module.exports = { privacyRoutes };
