'use strict';
/**
 * The calls of spec section 7 (users, chatbots, verify, screenshot, languages, translations,
 * stripe portal-session), validated with the same zod schemas as the real server and the rules of contract/
 * (URL, languages); nothing here loads the server's services, repositories or database layer.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const express = require('express');
const contract = require('../contract/api/account.ts');
const { normalizeChatbotUrl } = require('../contract/chatbotUrl.ts');
const { LANGUAGE_NAMES, LANGUAGE_POOL, aliasOf } = require('../contract/languages.ts');
const { badRequest, notFound, forbidden, conflict, parse, MockError } = require('./errors.cjs');
const { presentUser, presentChatbot, presentSubscription, lookup } = require('./present.cjs');

/** Codes the mock's stand-in translator "supports": the base languages of the pool. */
const TRANSLATION_TARGETS = LANGUAGE_POOL.filter((l) => !/-/.test(l) || /^pt-/.test(l)).filter((l) => l !== 'cn');


function assertPoolLanguage(lang) {
  if (!LANGUAGE_POOL.includes(lang))
    throw badRequest('LanguageNotAvailable', `Language not available: ${lang}`, { lang, pool: LANGUAGE_POOL });
}

const presentLanguage = (row) => ({ lang: row.lang, isDefault: Boolean(row.isDefault), name: LANGUAGE_NAMES[row.lang] ?? row.lang, alias: aliasOf(row.lang) });

const SCREENSHOT = `data:image/jpeg;base64,${fs.readFileSync(path.join(__dirname, 'screenshot.jpg')).toString('base64')}`;

/** How long the mock's simulated initial setup of a new chatbot takes: pending, then running, then completed. */
const SETUP_PENDING_MS = 1500;
const SETUP_RUNNING_MS = 6000;
const SETUP_PAGES = 12;

const wrap = (fn) => (req, res, next) => {
  try {
    const out = fn(req, res);
    if (out !== undefined && !res.headersSent) res.json(out);
  } catch (e) {
    next(e);
  }
};

function urlOrThrow(input) {
  const r = normalizeChatbotUrl(String(input ?? ''));
  if (!r.ok) throw badRequest('ValidationFailed', 'invalid URL', [{ path: 'url', code: r.problem, message: `URL is ${r.problem}` }]);
  return r.url;
}

function contractRoutes(db, { publicUrl }) {
  const r = express.Router();
  const users = () => db.get('users');
  const chatbots = () => db.get('chatbots');
  const languages = () => db.get('chatbotLanguages');

  /** The account the caller looks at: their own, or the customer an admin acts as. */
  const subject = (req) => req.auth.actingAs ?? req.auth.user;

  /** A foreign tenant's chatbot is always 404, never 403 (an admin may read any chatbot by id, as on the real server). */
  function requireChatbot(req, id, { adminMayRead = false } = {}) {
    const bot = chatbots().find({ id: String(id) }).value();
    if (!bot) throw notFound('Chatbot');
    if (bot.organizationId !== req.auth.organizationId && !(adminMayRead && req.auth.isAdmin)) throw notFound('Chatbot');
    return bot;
  }

  function requireUser(req, id) {
    const target = users().find({ id: String(id) }).value();
    const own = target && target.organizationId === req.auth.organizationId;
    if (!target || (!own && !req.auth.isAdmin)) throw notFound('User');
    return target;
  }

  /** Moves a freshly created chatbot's initial setup along, as the real training job would. */
  function advanceSetup(bot) {
    if (!bot.simulatedSetup || bot.initialSetup === 'completed') return bot;
    const elapsed = Date.now() - Date.parse(bot.createdAt);
    const running = elapsed - SETUP_PENDING_MS;
    let next;
    if (running < 0) next = { initialSetup: 'pending', progress: {} };
    else if (running < SETUP_RUNNING_MS) {
      const share = running / SETUP_RUNNING_MS;
      next = {
        initialSetup: 'running',
        progress: { pagesFound: SETUP_PAGES, pagesTrained: Math.floor(share * SETUP_PAGES), message: 'training' },
      };
    } else next = { initialSetup: 'completed', progress: { pagesFound: SETUP_PAGES, pagesTrained: SETUP_PAGES } };
    return chatbots().find({ id: bot.id }).assign(next).write();
  }

  // ---- users -------------------------------------------------------------
  r.get('/users/lookup', wrap((req) => lookup(db, subject(req))));
  r.get('/users/:id', wrap((req) => lookup(db, requireUser(req, req.params.id))));
  r.patch(
    '/users/:id',
    wrap((req) => {
      const target = requireUser(req, req.params.id);
      const body = parse(contract.patchUserBody, req.body);
      const updated = users().find({ id: target.id }).assign(body).write();
      return presentUser(db, updated);
    }),
  );

  // ---- chatbots ----------------------------------------------------------
  r.get(
    '/chatbots/screenshot',
    wrap((req) => ({ url: urlOrThrow(req.query.url), image: SCREENSHOT })),
  );
  r.post(
    '/chatbots',
    wrap((req, res) => {
      const body = parse(contract.createChatbotBody, req.body);
      if (body.organizationId !== req.auth.organizationId) throw notFound('Organization');
      const url = urlOrThrow(body.url);
      assertPoolLanguage(body.lang);
      if (chatbots().find({ organizationId: body.organizationId }).value())
        throw conflict('AlreadyRegistered', 'This account already has a chatbot');
      const bot = {
        id: crypto.randomUUID(),
        organizationId: body.organizationId,
        url,
        lang: body.lang,
        initialSetup: 'pending',
        progress: {},
        simulatedSetup: true,
        createdAt: new Date().toISOString(),
      };
      chatbots().push(bot).write();
      languages().push({ id: `${bot.id}:${body.lang}`, chatbotId: bot.id, lang: body.lang, isDefault: true }).write();
      db.get('websites')
        .push({ id: crypto.randomUUID(), chatbotId: bot.id, lang: body.lang, domain: url, createdAt: bot.createdAt, pages: 0, lastTrained: null, beingTrained: true })
        .write();
      res.status(201);
      return presentChatbot(bot);
    }),
  );
  r.get('/chatbots/:id', wrap((req) => presentChatbot(advanceSetup(requireChatbot(req, req.params.id, { adminMayRead: true })))));
  r.get(
    '/chatbots/:id/verify',
    wrap((req) => {
      const bot = advanceSetup(requireChatbot(req, req.params.id, { adminMayRead: true }));
      const query = parse(contract.verifyQuery, req.query);
      if (query.url) urlOrThrow(query.url);
      assertPoolLanguage(query.lang || 'de');
      const sub = presentSubscription(db, bot.organizationId);
      if (!sub || !sub.valid) throw forbidden('SubscriptionExpired', 'The subscription is no longer valid');
      return { initialSetup: bot.initialSetup, progress: bot.progress ?? {} };
    }),
  );

  // ---- languages ---------------------------------------------------------
  r.get('/languages', wrap(() => [...LANGUAGE_POOL]));
  r.get('/languages/translation', wrap(() => TRANSLATION_TARGETS));
  const languagesOf = (chatbotId) =>
    languages()
      .filter({ chatbotId })
      .value()
      .map(presentLanguage); // in the order they were added, like the real server
  r.get('/languages/:chatbotId', wrap((req) => languagesOf(requireChatbot(req, req.params.chatbotId).id)));
  r.post(
    '/languages/:chatbotId',
    wrap((req, res) => {
      const bot = requireChatbot(req, req.params.chatbotId);
      const { lang } = parse(contract.addLanguageBody, req.body);
      assertPoolLanguage(lang);
      const existing = languages().filter({ chatbotId: bot.id }).value();
      if (existing.some((l) => l.lang === lang)) throw conflict('LanguageAlreadyAdded', `Language already added: ${lang}`);
      const { limits } = presentSubscription(db, bot.organizationId);
      if (existing.length >= limits.maxLanguages)
        throw new MockError(403, 'PlanLimitReached', `Your plan allows at most ${limits.maxLanguages} (maxLanguages)`, {
          limit: 'maxLanguages',
          max: limits.maxLanguages,
        });
      languages().push({ id: `${bot.id}:${lang}`, chatbotId: bot.id, lang, isDefault: existing.length === 0 }).write();
      res.status(201);
      return languagesOf(bot.id);
    }),
  );
  const requireLanguage = (bot, lang) => {
    const row = languages().find({ chatbotId: bot.id, lang }).value();
    if (!row) throw notFound('Language');
    return row;
  };
  // Changes answer with the chatbot's whole list, like the real server.
  r.patch(
    '/languages/:chatbotId/:lang',
    wrap((req) => {
      const bot = requireChatbot(req, req.params.chatbotId);
      parse(contract.setDefaultLanguageBody, req.body);
      const row = requireLanguage(bot, req.params.lang);
      for (const l of languages().filter({ chatbotId: bot.id }).value()) l.isDefault = l.lang === row.lang;
      chatbots().find({ id: bot.id }).assign({ lang: row.lang }).write();
      return languagesOf(bot.id);
    }),
  );
  r.delete(
    '/languages/:chatbotId/:lang',
    wrap((req) => {
      const bot = requireChatbot(req, req.params.chatbotId);
      const row = requireLanguage(bot, req.params.lang);
      if (row.isDefault)
        throw new MockError(409, 'DefaultLanguageNotDeletable', 'The default language cannot be deleted; make another language the default first', {
          lang: row.lang,
        });
      languages().remove({ chatbotId: bot.id, lang: row.lang }).write();
      return languagesOf(bot.id);
    }),
  );

  // ---- translations ------------------------------------------------------
  r.get(
    '/translations',
    wrap((req) => {
      const { lang, message } = parse(contract.translationQuery, req.query);
      assertPoolLanguage(lang);
      if (!TRANSLATION_TARGETS.includes(lang)) throw badRequest('LanguageNotAvailable', `The translation provider does not support ${lang}`, { lang });
      const known = db.get('translations').find({ lang, message }).value();
      // Unknown texts are marked rather than translated: the mock has no translation service.
      return { text: known ? known.text : `[${lang}] ${message}`, lang };
    }),
  );

  // ---- stripe ------------------------------------------------------------
  r.post(
    '/stripe/portal-session',
    wrap((req) => {
      const { customerId } = parse(contract.portalSessionBody, req.body);
      const org = db.get('organizations').find({ id: req.auth.organizationId }).value();
      if (!org || org.customerId !== customerId) throw notFound('Customer');
      return { url: `${publicUrl}/mock/stripe-portal?customer=${encodeURIComponent(customerId)}` };
    }),
  );

  return r;
}

module.exports = { wrap, contractRoutes, SCREENSHOT };
