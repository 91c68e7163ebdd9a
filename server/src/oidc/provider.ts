import { randomBytes } from 'node:crypto';
import type { default as Provider, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import { createPgAdapter } from './adapter.ts';
import { loadSecret } from './secrets.ts';
import { accessTokenClaims, accountFinder } from './account.ts';
import { pickLocale, t } from './i18n.ts';
import { messagePage, pageCsp, signOutPage } from './pages.ts';

/** What the dashboard asks for, and what its tokens grant. */
export const SCOPE = 'openid profile email';
export const ACCESS_TOKEN_TTL = 15 * 60;
const DAY = 24 * 60 * 60;
const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'];

/**
 * oidc-provider builds its absolute URLs (discovery, redirects) from the request's host and protocol; here they
 * are PUBLIC_URL's whatever Host and X-Forwarded-* say, so a forged header cannot put another host into a
 * discovery document a shared cache keeps. Secure cookies follow PUBLIC_URL's protocol the same way. The client
 * address is not needed here: the sign-in limits count fastify's request.ip (TRUST_PROXY's rule).
 */
function followPublicUrl(provider: Provider, config: Pick<Config, 'publicUrl'>) {
  const pub = new URL(config.publicUrl);
  provider.proxy = true;
  provider.use(async (c, next) => {
    for (const h of FORWARDED_HEADERS) delete c.req.headers[h];
    c.req.headers.host = pub.host;
    c.req.headers['x-forwarded-host'] = pub.host;
    c.req.headers['x-forwarded-proto'] = pub.protocol.slice(0, -1);
    await next();
  });
}

/**
 * Where the dashboard may run: the public URL, its loopback twin (localhost and
 * 127.0.0.1 are both used for a local `npm start`), and OIDC_EXTRA_ORIGINS (a Vite
 * dev server). Each may receive codes and call the token endpoint from the browser.
 */
export function dashboardOrigins(config: Pick<Config, 'publicUrl' | 'OIDC_EXTRA_ORIGINS'>) {
  const pub = new URL(config.publicUrl);
  const twin = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[pub.hostname];
  const bases = [config.publicUrl, ...(twin ? [config.publicUrl.replace(`//${pub.hostname}`, `//${twin}`)] : []), ...config.OIDC_EXTRA_ORIGINS];
  return [...new Set(bases)];
}

/** The one registered client's addresses. */
export function dashboardClient(config: Pick<Config, 'publicUrl' | 'OIDC_EXTRA_ORIGINS'>) {
  const bases = dashboardOrigins(config);
  return {
    redirectUris: bases.flatMap((b) => [`${b}/auth/callback`, `${b}/auth/silent-renew`]),
    postLogoutRedirectUris: bases.flatMap((b) => [`${b}/`, `${b}/register`]),
    origins: [...new Set(bases.map((b) => new URL(b).origin))],
  };
}

const localeOf = (ctx: KoaContextWithOIDC) =>
  pickLocale({ uiLocales: ctx.oidc?.params?.ui_locales, acceptLanguage: ctx.get('accept-language') });

/**
 * The local identity provider: one public client (the dashboard) with authorization
 * code + PKCE, refresh-token rotation for silent renew, RP-initiated logout, and
 * access tokens issued as RS256 JWTs for the API audience (resource indicators), so
 * the API verifies them exactly like an external issuer's.
 */
export async function createProvider(ctx: AppContext): Promise<Provider> {
  const { config, db, keys, issuer, audience } = ctx;
  if (!keys) throw new Error('The local identity provider needs signing keys (no OIDC_ISSUER configured)');
  // Loaded here, not with this module: the library is a third of a second of CPU a start does not need (index.ts).
  const { default: Provider, errors } = await import('oidc-provider');
  const { publicUrl } = config;
  const client = dashboardClient(config);
  const issuerPath = new URL(issuer).pathname.replace(/\/$/, '');
  // Sign-in forms end in a redirect to the dashboard: the pages' CSP form-action must allow it.
  const formTargets = client.origins;
  const cookieKeys = [await loadSecret(db, 'oidc_cookie_key')];

  const configuration: Configuration = {
    adapter: createPgAdapter(db),
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_name: 'Chatbot Studio',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris,
      },
    ],
    jwks: { keys: keys.privateJwks as never },
    cookies: { keys: cookieKeys },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'locale'] },
    // The dashboard reads the profile from the ID token; it does not call userinfo.
    conformIdTokenClaims: false,
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    extraParams: ['screen_hint'],
    pkce: { required: () => true },
    findAccount: accountFinder(db),
    // Silent renew = refresh-token rotation. The refresh token lives as long as the
    // sign-in session (no offline_access), so signing out ends it too.
    issueRefreshToken: async (_ctx, c) => c.grantTypeAllowed('refresh_token'),
    // The dashboard is first-party: consent is given by signing in.
    loadExistingGrant: async (c) => {
      const { oidc } = c;
      const grantId = oidc.result?.consent?.grantId || oidc.session!.grantIdFor(oidc.client!.clientId);
      const grant =
        (grantId && (await oidc.provider.Grant.find(grantId))) ||
        new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope(`${SCOPE} offline_access`);
      grant.addResourceScope(audience, SCOPE);
      await grant.save();
      return grant;
    },
    extraTokenClaims: async (_ctx, token) =>
      token.kind === 'AccessToken' ? accessTokenClaims(db, (token as { accountId?: string }).accountId) : undefined,
    interactions: { url: (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: SCOPE,
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (c, form) => {
          const nonce = randomBytes(16).toString('base64');
          c.set('content-security-policy', pageCsp([...formTargets], nonce));
          c.type = 'html';
          c.body = signOutPage({ locale: localeOf(c), form, nonce, homeUrl: `${publicUrl}/` });
        },
        postLogoutSuccessSource: async (c) => {
          const l = localeOf(c);
          c.set('content-security-policy', pageCsp(formTargets));
          c.type = 'html';
          c.body = messagePage({ locale: l, title: t(l, 'signedOutTitle'), message: t(l, 'signedOut'), homeUrl: `${publicUrl}/` });
        },
      },
    },
    // The dashboard calls the token endpoint from the browser.
    clientBasedCORS: (_ctx, origin) => client.origins.includes(origin),
    renderError: async (c, out) => {
      const l = localeOf(c);
      c.set('content-security-policy', pageCsp(formTargets));
      c.type = 'html';
      c.body = messagePage({
        locale: l,
        title: t(l, 'errorTitle'),
        message: t(l, out.error === 'session_not_found' ? 'sessionExpired' : 'signInFailed'),
        detail: [out.error, out.error_description].filter(Boolean).join(': '),
        homeUrl: `${publicUrl}/`,
      });
    },
  };

  const provider = new Provider(issuer, configuration);
  followPublicUrl(provider, config);
  return provider;
}
