'use strict';
/**
 * The chat history's extra calls and the dashboard's statistics, computed from the fixture chats in the
 * shapes of server/src/history and server/src/services/statistics.ts.
 */
const express = require('express');
const { badRequest, notFound } = require('./errors.cjs');
const { presentSubscription } = require('./present.cjs');

const DAY_MS = 86400e3;
const STATISTICS_DAYS = 30;

/** The history's filter names → json-server's (from/to are instants of the chat's start). */
function chatFilterToJsonServer(filter, db) {
  const out = { ...filter };
  // Chats with an answer rated so: the ids of those chats (json-server filters by fields of the chat itself).
  if (out.rating !== undefined) {
    const rated = (db?.get('chats').value() ?? []).filter((c) => (c.messages ?? []).some((m) => m.feedbackRating === out.rating)).map((c) => c.id);
    out.id = out.id ? [].concat(out.id).filter((id) => rated.includes(id)) : rated;
    if (!out.id.length) out.id = ['-none-'];
    delete out.rating;
  }
  if (out.from !== undefined) {
    out.createdAt_gte = out.from;
    delete out.from;
  }
  if (out.to !== undefined) {
    out.createdAt_lte = out.to;
    delete out.to;
  }
  return out;
}

function matches(chat, f, skip = []) {
  if (f.lang && chat.lang !== f.lang) return false;
  if (!skip.includes('category') && f.category && chat.category !== f.category) return false;
  if (!skip.includes('read') && typeof f.read === 'boolean' && chat.read !== f.read) return false;
  if (typeof f.favorite === 'boolean' && chat.favorite !== f.favorite) return false;
  if (f.from && Date.parse(chat.createdAt) < Date.parse(f.from)) return false;
  if (f.to && Date.parse(chat.createdAt) >= Date.parse(f.to)) return false;
  if (f.rating && !chat.messages.some((m) => m.feedbackRating === f.rating)) return false;
  if (f.q) {
    const text = chat.messages.map((m) => `${m.question} ${m.answer}`).join(' ').toLowerCase();
    if (!String(f.q).toLowerCase().split(/\s+/).filter(Boolean).every((w) => text.includes(w))) return false;
  }
  return true;
}

/** YYYY-MM-DD of an instant in a time zone. */
const dayIn = (ms, timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

function historyRoutes(db) {
  const r = express.Router();

  function ownChatbot(req, id) {
    const bot = db.get('chatbots').find({ id: String(id ?? '') }).value();
    if (!bot || bot.organizationId !== req.auth.organizationId) throw notFound('Chatbot');
    return bot;
  }

  r.get('/chats/counts', (req, res, next) => {
    try {
      let filter;
      try {
        filter = JSON.parse(String(req.query.filter ?? '{}'));
      } catch {
        throw badRequest('ValidationFailed', 'filter is not valid JSON', [{ path: 'filter', message: 'not valid JSON' }]);
      }
      const bot = ownChatbot(req, filter.chatbotId);
      const chats = db.get('chats').filter({ chatbotId: bot.id }).value();
      const byCategory = chats.filter((c) => matches(c, filter, ['category']));
      const byRead = chats.filter((c) => matches(c, filter, ['read']));
      const count = (list, pred) => list.filter(pred).length;
      res.json({
        categories: {
          all: byCategory.length,
          general: count(byCategory, (c) => c.category === 'general'),
          contact: count(byCategory, (c) => c.category === 'contact'),
          hr: count(byCategory, (c) => c.category === 'hr'),
        },
        readStates: { all: byRead.length, read: count(byRead, (c) => c.read), unread: count(byRead, (c) => !c.read) },
        // The real server counts up to 1,000 (CHAT_COUNT_CAP); the mock's few chats never reach it.
        cap: 1000,
      });
    } catch (e) {
      next(e);
    }
  });

  r.get('/statistics', (req, res, next) => {
    try {
      const bot = ownChatbot(req, req.query.chatbotId);
      const timeZone = String(req.query.tz || 'UTC');
      try {
        new Intl.DateTimeFormat('en', { timeZone });
      } catch {
        throw badRequest('ValidationFailed', 'Unknown time zone', [{ path: 'tz', code: 'invalid_value', message: `Unknown time zone: ${timeZone}` }]);
      }
      const subscription = presentSubscription(db, bot.organizationId);
      const chats = db.get('chats').filter({ chatbotId: bot.id }).value();
      const messages = chats.flatMap((c) => c.messages);
      const now = Date.now();
      const today = dayIn(now, timeZone);
      const month = today.slice(0, 7);
      const perDay = new Map();
      for (let i = STATISTICS_DAYS - 1; i >= 0; i--) perDay.set(dayIn(now - i * DAY_MS, timeZone), 0);
      for (const m of messages) {
        const day = dayIn(Date.parse(m.createdAt), timeZone);
        if (perDay.has(day)) perDay.set(day, perDay.get(day) + 1);
      }
      const leads = chats.filter((c) => c.lead).length;
      const end = subscription && (subscription.cancelAt ?? (subscription.status === 'trialing' ? subscription.trialEndsAt : subscription.currentPeriodEnd));
      const round2 = (x) => Math.round(x * 100) / 100;
      const thisMonth = messages.filter((m) => dayIn(Date.parse(m.createdAt), timeZone).startsWith(month)).length;
      res.json({
        chatbotId: bot.id,
        timeZone,
        subscription,
        daysLeft: !subscription || subscription.status === 'demo' || !end ? null : Math.max(0, Math.ceil((Date.parse(end) - now) / DAY_MS)),
        messagesToday: messages.filter((m) => dayIn(Date.parse(m.createdAt), timeZone) === today).length,
        messagesThisMonth: thisMonth,
        totals: {
          chats: chats.length,
          messages: messages.length,
          avgMessagesPerChat: chats.length ? round2(messages.length / chats.length) : 0,
          avgLeadsPerChat: chats.length ? round2(leads / chats.length) : 0,
          contactsCollected: leads,
        },
        usage: { usedMessages: thisMonth, monthlyMessages: subscription?.limits.monthlyMessages ?? 0 },
        history: {
          unread: chats.filter((c) => !c.read).length,
          contact: chats.filter((c) => c.category === 'contact').length,
          hr: chats.filter((c) => c.category === 'hr').length,
          favorites: chats.filter((c) => c.favorite).length,
        },
        feedback: {
          up: messages.filter((m) => m.feedbackRating === 'up').length,
          down: messages.filter((m) => m.feedbackRating === 'down').length,
        },
        messagesPerDay: [...perDay].map(([day, count]) => ({ day, count })),
      });
    } catch (e) {
      next(e);
    }
  });

  return r;
}

module.exports = { historyRoutes, chatFilterToJsonServer };
