import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sharedRateLimitStore } from '../services/rateLimitStore.ts';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { dummyPasswordHash, verifiedAccount } from '../auth/password.ts';
import { passwordProblem, type PasswordProblem } from '../../../contract/password.ts';
import { usersRepo } from '../repositories/users.ts';
import { createAccount } from '../services/accounts.ts';
import { pickLocale, t, type Locale, type TextKey } from './i18n.ts';
import { messagePage, pageCsp, signInPage, signUpPage } from './pages.ts';
import { SCOPE, dashboardClient } from './provider.ts';
import { signInThrottle } from './signInThrottle.ts';

type Screen = 'signin' | 'signup';
type Form = { email?: string; password?: string; password2?: string; lang?: string };

const emailSchema = z.email();
/** The sign-up page's wording of each problem the password rule finds. */
const PASSWORD_TEXTS: Record<PasswordProblem, TextKey> = {
  tooShort: 'passwordTooShort',
  tooLong: 'passwordTooLong',
  common: 'passwordCommon',
  containsEmail: 'passwordContainsEmail',
  guessable: 'passwordGuessable',
};

/**
 * One rate-limit hook with its own counter. @fastify/rate-limit runs a single limit per
 * request and registration, so each limit gets its own registration in a child scope.
 */
async function limiter(app: FastifyInstance, options: RateLimitOptions) {
  let hook: preHandlerAsyncHookHandler | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false, ...sharedRateLimitStore(app.ctx.db) });
    hook = scope.rateLimit(options);
  });
  return hook!;
}

/** Thrown when the browser's interaction is gone (expired, finished, cookie missing). */
class InteractionGone extends Error {}

/**
 * The provider's own sign-in and sign-up pages (German or English), posted as plain
 * HTML forms. Signing in or up finishes the interaction; oidc-provider then issues
 * the authorization code to the dashboard.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  opts: { provider: () => Promise<Provider>; issuerPath: string; loginRateLimit: number },
) {
  const { issuerPath } = opts;
  const { config, db, audience } = app.ctx;
  const homeUrl = `${config.publicUrl}/`;
  const csp = pageCsp(dashboardClient(config).origins);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const emailOf = (req: FastifyRequest) => String((req.body as Form | undefined)?.email ?? '').trim().toLowerCase();
  /** Sign-in and sign-up attempts, each counted on its own. */
  const limitedFor = async (kind: 'login' | 'signup') => ({
    // preHandler: the form body (the email address) is parsed by then.
    preHandler: [
      // Per client address and account: one guessing client can neither lock others out nor try many passwords.
      await limiter(app, { max: opts.loginRateLimit, timeWindow: 60_000, keyGenerator: (req) => `${kind}|${req.ip}|${emailOf(req)}` }),
      // Per account across client addresses: a spray from many addresses on one account.
      await limiter(app, { max: opts.loginRateLimit * 2, timeWindow: 60_000, keyGenerator: (req) => `${kind}|account|${emailOf(req)}` }),
      // Per client address across accounts, looser: an office's users share one address. Its failures are
      // also slowed down progressively (signInThrottle.ts), which is what stops one address trying many accounts.
      await limiter(app, { max: opts.loginRateLimit * 5, timeWindow: 60_000, keyGenerator: (req) => `${kind}|address|${req.ip}` }),
    ],
  });

  const throttle = signInThrottle(db);
  // The first unknown-address sign-in should not pay for making the dummy hash.
  app.addHook('onReady', async () => void (await dummyPasswordHash()));

  /** The 429 page while failures lock the client address or the account, with the seconds left as Retry-After. */
  function lockedPage(reply: FastifyReply, uid: string, screen: Screen, l: Locale, email: string, seconds: number) {
    reply.header('retry-after', String(seconds));
    return renderForm(reply, 429, uid, screen, l, { email, error: 'waitAfterFailures', errorVars: { seconds } });
  }

  const base = (uid: string) => `${issuerPath}/interaction/${encodeURIComponent(uid)}`;
  const href = (uid: string, screen: Screen, l: Locale) => `${base(uid)}?screen=${screen}&lang=${l}`;

  function html(reply: FastifyReply, status: number, body: string) {
    return reply
      .status(status)
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  function renderForm(reply: FastifyReply, status: number, uid: string, screen: Screen, l: Locale, form: { email?: string; error?: TextKey; errorVars?: Record<string, number> }) {
    const common = {
      locale: l,
      homeUrl,
      email: form.email,
      error: form.error ? t(l, form.error, form.errorVars) : undefined,
      langHref: (other: Locale) => href(uid, screen, other),
    };
    return html(
      reply,
      status,
      screen === 'signup'
        ? signUpPage({ ...common, action: `${base(uid)}/signup`, signInHref: href(uid, 'signin', l), trialDays: config.TRIAL_DAYS })
        : signInPage({ ...common, action: `${base(uid)}/login`, signUpHref: href(uid, 'signup', l) }),
    );
  }

  /** The interaction named by the browser's cookie; it must be the one in the address. */
  async function interaction(req: FastifyRequest, reply: FastifyReply, uid: string) {
    try {
      const details = await (await opts.provider()).interactionDetails(req.raw, reply.raw);
      if (details.uid !== uid) throw new InteractionGone();
      return details;
    } catch (e) {
      const { errors } = await import('oidc-provider'); // loaded with the provider above
      if (e instanceof errors.SessionNotFound || e instanceof InteractionGone) throw new InteractionGone();
      throw e;
    }
  }

  async function finish(req: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    const to = await (await opts.provider()).interactionResult(req.raw, reply.raw, result, { mergeWithLastSubmission: true });
    return reply.redirect(to, 303);
  }

  const localeOf = (req: FastifyRequest, explicit: unknown, uiLocales?: unknown) =>
    pickLocale({ explicit, uiLocales, acceptLanguage: req.headers['accept-language'] });

  app.setErrorHandler(async (err: Error & { statusCode?: number }, req, reply) => {
    const { uid } = (req.params ?? {}) as { uid?: string };
    const body = (req.body ?? {}) as Form;
    const l = localeOf(req, body.lang ?? (req.query as Form | undefined)?.lang);
    if (err.statusCode === 429 && uid) {
      const screen: Screen = req.url.split('?')[0].endsWith('/signup') ? 'signup' : 'signin';
      return renderForm(reply, 429, uid, screen, l, { email: body.email, error: 'tooManyAttempts' });
    }
    if (err instanceof InteractionGone)
      return html(reply, 400, messagePage({ locale: l, title: t(l, 'errorTitle'), message: t(l, 'sessionExpired'), homeUrl }));
    req.log.error({ err }, 'sign-in page failed');
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    return html(reply, status, messagePage({ locale: l, title: t(l, 'errorTitle'), message: t(l, 'signInFailed'), homeUrl }));
  });

  app.get<{ Params: { uid: string }; Querystring: { screen?: string; lang?: string } }>('/:uid', async (req, reply) => {
    const { uid } = req.params;
    const details = await interaction(req, reply, uid);
    const { params, prompt } = details;
    if (prompt.name === 'consent') {
      const provider = await opts.provider();
      // Not expected (loadExistingGrant covers the dashboard), but a first-party client never asks.
      const grant = details.grantId
        ? (await provider.Grant.find(details.grantId))!
        : new provider.Grant({ accountId: details.session!.accountId, clientId: String(params.client_id) });
      grant.addOIDCScope(`${SCOPE} offline_access`);
      grant.addResourceScope(audience, SCOPE);
      return finish(req, reply, { consent: { grantId: await grant.save() } });
    }
    const l = localeOf(req, req.query.lang, params.ui_locales);
    const screen: Screen =
      req.query.screen === 'signup' || req.query.screen === 'signin'
        ? req.query.screen
        : params.screen_hint === 'signup'
          ? 'signup'
          : 'signin';
    const loginHint = typeof params.login_hint === 'string' ? params.login_hint : undefined;
    return renderForm(reply, 200, uid, screen, l, { email: loginHint });
  });

  app.post<{ Params: { uid: string }; Body: Form }>('/:uid/login', await limitedFor('login'), async (req, reply) => {
    const { uid } = req.params;
    const body = req.body ?? {};
    const l = localeOf(req, body.lang);
    await interaction(req, reply, uid);
    const email = String(body.email ?? '').trim();
    const password = String(body.password ?? '');
    const fail = (status: number, error: TextKey) => renderForm(reply, status, uid, 'signin', l, { email, error });
    if (!email || !password) return fail(400, 'required');
    const wait = await throttle.secondsToWait(req.ip, email);
    if (wait > 0) return lockedPage(reply, uid, 'signin', l, email, wait);
    // Unknown address and wrong password: the same answer after the same work (a hash is checked either way).
    const user = await verifiedAccount(await usersRepo.byEmail(db, email), password);
    if (!user) {
      await throttle.failed(req.ip, email);
      return fail(401, 'wrongCredentials');
    }
    await throttle.succeeded(email);
    return finish(req, reply, { login: { accountId: user.subject, remember: true } });
  });

  app.post<{ Params: { uid: string }; Body: Form }>('/:uid/signup', await limitedFor('signup'), async (req, reply) => {
    const { uid } = req.params;
    const body = req.body ?? {};
    const l = localeOf(req, body.lang);
    await interaction(req, reply, uid);
    const email = String(body.email ?? '').trim();
    const password = String(body.password ?? '');
    const fail = (status: number, error: TextKey) => renderForm(reply, status, uid, 'signup', l, { email, error });
    if (!email || !password || !body.password2) return fail(400, 'required');
    if (!emailSchema.safeParse(email).success) return fail(400, 'invalidEmail');
    if (password !== body.password2) return fail(400, 'passwordMismatch');
    const problem = passwordProblem(password, { email });
    if (problem) return fail(400, PASSWORD_TEXTS[problem]);
    // Only the address's lock: a sign-up names no existing account.
    const wait = await throttle.secondsToWait(req.ip);
    if (wait > 0) return lockedPage(reply, uid, 'signup', l, email, wait);
    let user;
    try {
      user = await createAccount(db, { email, password, trialDays: config.TRIAL_DAYS, preferredLanguage: l });
    } catch (e) {
      // Taken before we looked, or by a parallel sign-up (unique index on lower(email)). Without e-mail sending
      // the answer cannot wait for a confirmation, so it says so, and counts as a failure of the client address:
      // probing many addresses through sign-up is slowed down like trying many accounts through sign-in.
      if ((e instanceof AppError && e.key === 'EmailTaken') || (e as { code?: string }).code === '23505') {
        await throttle.failed(req.ip);
        return fail(409, 'emailTaken');
      }
      req.log.error({ err: e }, 'sign-up failed');
      return fail(500, 'registrationFailed');
    }
    return finish(req, reply, { login: { accountId: user.subject, remember: true } });
  });
}
