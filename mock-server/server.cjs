'use strict';
/**
 * `npm run mock` (= node --import tsx mock-server/server.cjs): the mock API on MOCK_PORT (default 3001).
 * tsx is needed because the request schemas (contract/api/account.ts) and the rules of contract/ are
 * TypeScript shared with the real server.
 *
 * Environment: MOCK_PORT (0 = any free port), MOCK_HOST (default localhost), MOCK_PUBLIC_URL (how the
 * browser reaches the mock), MOCK_DB (fixture file, default mock-server/db.json), MOCK_LOG=false to mute
 * request logs, OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_AUDIENCE / MEETING_URL for the app-config answer.
 */
const fs = require('node:fs');
const path = require('node:path');
const { createMockApp } = require('./app.cjs');
const { startMockOidc } = require('./oidc.cjs');

async function main(env = process.env) {
  const port = Number(env.MOCK_PORT ?? 3001);
  const host = env.MOCK_HOST || 'localhost';
  const fixtures = JSON.parse(fs.readFileSync(env.MOCK_DB || path.join(__dirname, 'db.json'), 'utf8'));

  // The public URL depends on the port actually bound (MOCK_PORT=0), so listen first, then mount.
  const http = require('node:http');
  const server = http.createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const bound = server.address().port;
  const publicUrl = (env.MOCK_PUBLIC_URL || `http://${['0.0.0.0', '::'].includes(host) ? 'localhost' : host}:${bound}`).replace(/\/$/, '');

  const clientId = env.OIDC_CLIENT_ID || 'dashboard';
  const audience = env.OIDC_AUDIENCE || `${publicUrl}/api/v1`;
  // Without an external issuer the mock signs people in itself (in memory, any password).
  const oidc = env.OIDC_ISSUER ? null : await startMockOidc({ issuer: `${publicUrl}/oidc`, clientId, audience });
  const app = createMockApp({
    fixtures,
    publicUrl,
    oidc: { authority: env.OIDC_ISSUER || `${publicUrl}/oidc`, clientId, scope: 'openid profile email', resource: audience },
    meetingUrl: env.MEETING_URL || null,
    trialDays: Number(env.TRIAL_DAYS || 14),
    logger: env.MOCK_LOG !== 'false',
    beforeApi: oidc ? (a) => a.use('/oidc', oidc.callback) : undefined,
  });
  server.on('request', app);
  console.log(`mock-server listening on ${publicUrl} (fixtures: ${Object.keys(fixtures).join(', ')})`);

  // Keep-alive connections would hold close() open: end them, and never wait more than a moment.
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

module.exports = { main };
