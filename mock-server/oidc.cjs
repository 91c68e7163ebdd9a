'use strict';
/**
 * The mock's identity provider under /oidc: oidc-provider kept in memory with its development sign-in
 * page (any e-mail, any password), so the dashboard's real sign-in code (authorization code + PKCE,
 * silent renew, end-session) runs against the mock without a database. The e-mail typed in becomes the
 * token's subject; the mock's auth maps it to a fixture user or provisions a new one.
 */

/** The dashboard may run on any local port (Vite picks one), so loopback redirects are allowed on any port. */
const LOOPBACK_ORIGINS = ['http://localhost', 'http://127.0.0.1'];

async function startMockOidc({ issuer, clientId, audience }) {
  const { default: Provider, interactionPolicy } = await import('oidc-provider');
  // "native" is only used for any-port loopback redirects; the dashboard is first-party, so no consent screen.
  const policy = interactionPolicy.base();
  policy.get('consent').checks.remove('native_client_prompt');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        application_type: 'native', // oidc-provider's rule for "loopback with any port"
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: LOOPBACK_ORIGINS.flatMap((o) => [`${o}/auth/callback`, `${o}/auth/silent-renew`]),
        post_logout_redirect_uris: LOOPBACK_ORIGINS.flatMap((o) => [`${o}/`, `${o}/register`]),
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['mock-server-only-not-secret'] },
    clientBasedCORS: () => true,
    interactions: { policy },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: 'openid profile email', audience, accessTokenFormat: 'jwt', accessTokenTTL: 3600 }),
      },
    },
    findAccount: (ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: id }),
    }),
    extraTokenClaims: (ctx, token) => ({ email: token.accountId }),
    // First-party dashboard: no consent screen, as with the real local provider.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(audience, 'openid profile email');
      await grant.save();
      return grant;
    },
    issueRefreshToken: () => true,
  });
  provider.proxy = true;
  return { provider, callback: provider.callback() };
}

module.exports = { startMockOidc };
