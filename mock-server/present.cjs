'use strict';
/** Fixture rows → the response shapes of contract/api/account.ts (ApiUser, ApiSubscription, ApiChatbot…). */

function presentUser(db, user) {
  const org = db.get('organizations').find({ id: user.organizationId }).value() ?? { customerId: null };
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    company: user.company,
    phone: user.phone,
    campaign: user.campaign ?? null,
    preferredLanguage: user.preferredLanguage ?? null,
    isAdmin: Boolean(user.isAdmin),
    organization: { id: user.organizationId, customerId: org.customerId ?? null },
  };
}

/** The chatbot answers only while the trial or the paid period runs. */
function isValid(sub, now = Date.now()) {
  if (sub.status === 'expired') return false;
  if (sub.status === 'trialing') return !sub.trialEndsAt || Date.parse(sub.trialEndsAt) > now;
  if (sub.status === 'canceled') return Boolean(sub.cancelAt) && Date.parse(sub.cancelAt) > now;
  if (sub.status === 'active') return !sub.currentPeriodEnd || Date.parse(sub.currentPeriodEnd) > now;
  return true; // demo
}

function presentSubscription(db, organizationId) {
  const sub = db.get('subscriptions').find({ organizationId }).value();
  if (!sub) return null;
  const plan = db.get('plans').find({ id: sub.planId }).value();
  return {
    planId: sub.planId,
    planName: plan.name,
    status: sub.status,
    priceCents: plan.priceCents,
    currency: plan.currency,
    period: plan.period,
    startedAt: sub.startedAt,
    trialEndsAt: sub.trialEndsAt ?? null,
    currentPeriodEnd: sub.currentPeriodEnd ?? null,
    cancelAt: sub.cancelAt ?? null,
    externalInvoice: Boolean(sub.externalInvoice),
    valid: isValid(sub),
    limits: plan.limits,
  };
}

function presentChatbot(bot) {
  if (!bot) return null;
  return {
    id: bot.id,
    organizationId: bot.organizationId,
    url: bot.url,
    lang: bot.lang,
    initialSetup: bot.initialSetup,
    createdAt: bot.createdAt,
  };
}

function lookup(db, user) {
  return {
    user: presentUser(db, user),
    subscription: presentSubscription(db, user.organizationId),
    chatbot: presentChatbot(db.get('chatbots').find({ organizationId: user.organizationId }).value()),
  };
}

module.exports = { presentUser, presentSubscription, presentChatbot, lookup, isValid };
