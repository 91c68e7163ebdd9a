'use strict';
/**
 * The mock API: json-server 0.17.4 over fixture data, speaking the real server's contract
 * (ra-data-simple-rest lists under /api/v1, the section-7 calls, `{ error, message, details }` errors),
 * so `npm run mock` + `npm run dev` gives a working dashboard without a database.
 */
const jsonServer = require('json-server');
const { authenticate } = require('./auth.cjs');
const { contractRoutes } = require('./contract.cjs');
const { historyRoutes, chatFilterToJsonServer } = require('./history.cjs');
const { privacyRoutes } = require('./privacy.cjs');
const { toJsonServerQuery, render } = require('./dialect.cjs');
const { errorHandler, notFound, MockError } = require('./errors.cjs');

/** Resources with plain CRUD (everything else of the contract has its own route). */
const CRUD_RESOURCES = ['chats', 'websites', 'webpages', 'documents', 'contacts', 'qna'];

/** The fixtures were written on this day; every `…At` date is moved by the time since, so "today" stays today. */
const FIXTURE_NOW = Date.parse('2026-01-15T10:00:00.000Z');

function shiftDates(value, delta) {
  if (Array.isArray(value)) return value.map((v) => shiftDates(v, delta));
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = /At$/.test(k) && typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(Date.parse(v) + delta).toISOString() : shiftDates(v, delta);
  }
  return out;
}

function cors(req, res, next) {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count, Location');
  }
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'authorization,content-type');
    res.setHeader('Access-Control-Max-Age', '600');
    return res.status(204).end();
  }
  next();
}

/**
 * Options: fixtures (the parsed db.json), publicUrl (where the mock is reached), oidc (the sign-in
 * settings handed to the dashboard), meetingUrl, trialDays, logger, beforeApi (mounts the identity provider).
 */
function createMockApp(opts) {
  const fixtures = shiftDates(JSON.parse(JSON.stringify(opts.fixtures)), Date.now() - FIXTURE_NOW);
  const router = jsonServer.router(fixtures); // in memory: the committed fixture file is never rewritten
  const db = router.db;
  router.render = render;

  const app = jsonServer.create();
  app.disable('x-powered-by');
  // The identity provider reads its own bodies and sets its own CORS headers, so it goes first.
  if (opts.beforeApi) opts.beforeApi(app);
  app.use(cors);
  for (const mw of jsonServer.defaults({ noCors: true, logger: opts.logger ?? false, static: __dirname + '/public' })) app.use(mw);
  app.use(jsonServer.bodyParser);

  app.get('/health', (req, res) => res.json({ status: 'ok' }));
  app.get('/api/v1/public/app-config', (req, res) =>
    res.json({ oidc: opts.oidc, meetingUrl: opts.meetingUrl ?? null, publicUrl: opts.publicUrl }),
  );
  // Where the mock's portal-session URL leads: a plain page standing in for Stripe's customer portal.
  app.get('/mock/stripe-portal', (req, res) =>
    res
      .type('html')
      .send(`<!doctype html><meta charset="utf-8"><title>Customer portal (mock)</title><h1>Customer portal (mock)</h1><p>${String(req.query.customer ?? '').replace(/[<>&"]/g, '')}</p><a href="/profile">Back</a>`),
  );

  app.use('/api/v1/public', (req, res, next) => next(notFound('Route')));
  app.use('/api/v1', authenticate(db, { trialDays: opts.trialDays ?? 14 }));
  app.use('/api/v1', contractRoutes(db, { publicUrl: opts.publicUrl }));
  // Before the history routes: chats/visitor-data/… is not a chat id.
  app.use('/api/v1', privacyRoutes(db));
  app.use('/api/v1', historyRoutes(db));

  // Plain CRUD of the training/history resources, scoped to the caller's chatbots like the real server.
  app.use('/api/v1/:resource', (req, res, next) => {
    const resource = req.params.resource;
    if (!CRUD_RESOURCES.includes(resource)) return next(notFound('Route'));
    const own = db.get('chatbots').filter({ organizationId: req.auth.organizationId }).map('id').value();
    const id = req.path.split('/')[1];
    if (id) {
      if (req.path.split('/').length > 2) return next(notFound('Route'));
      const row = db.get(resource).find({ id }).value();
      if (!row || !own.includes(row.chatbotId)) return next(notFound('Record'));
      if (req.method === 'PUT') {
        req.method = 'PATCH'; // merge like the real server; a client never replaces id or chatbotId
        delete req.body.id;
        delete req.body.chatbotId;
      }
      if (req.method === 'PATCH' && req.body) delete req.body.chatbotId;
      if (req.method === 'DELETE') res.locals.deleted = row;
    } else if (req.method === 'GET') {
      let filter;
      try {
        const requested = safeFilter(req.query.filter);
        if (resource === 'chats' && req.query.filter !== undefined) req.query.filter = JSON.stringify(chatFilterToJsonServer(requested, db));
        const chatbotId = requested.chatbotId ?? own;
        if ([].concat(chatbotId).some((c) => !own.includes(String(c)))) throw notFound('Chatbot');
        filter = toJsonServerQuery(req.query, { chatbotId: [].concat(chatbotId).length ? chatbotId : ['-none-'] });
      } catch (e) {
        return next(e);
      }
      req.query = filter.query;
      req.listStart = filter.start;
      req.listResource = resource;
    } else if (req.method === 'POST') {
      const chatbotId = req.body?.chatbotId ?? own[0];
      if (!chatbotId || !own.includes(chatbotId)) return next(notFound('Chatbot'));
      req.body = { ...req.body, chatbotId, createdAt: new Date().toISOString() };
      delete req.body.id;
    } else return next(new MockError(405, 'Unknown', `${req.method} not allowed here`));
    req.url = `/${resource}${req.path === '/' ? '' : req.path}`;
    router(req, res, next);
  });

  app.use((req, res, next) => next(notFound('Route')));
  app.use(errorHandler);
  app.locals.db = db;
  return app;
}

function safeFilter(raw) {
  if (raw === undefined) return {};
  try {
    const f = JSON.parse(String(raw));
    return f && typeof f === 'object' && !Array.isArray(f) ? f : {};
  } catch {
    return {}; // toJsonServerQuery reports the bad JSON with its details
  }
}

module.exports = { createMockApp, CRUD_RESOURCES, FIXTURE_NOW };
