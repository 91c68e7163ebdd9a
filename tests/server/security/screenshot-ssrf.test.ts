import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressGuard, isPrivateAddress } from '../../../server/src/training/fetch.ts';
import { chromiumExecutable } from '../../../server/src/training/render.ts';
import { startTestServer, type TestServer } from '../helpers.ts';
import { closedPort, startHttp } from '../fakeServers.ts';

/**
 * The website screenshot (headless Chromium) must not reach internal addresses by any route: redirects,
 * frames, subresources, refreshes, script navigations, workers, WebSockets, WebRTC, DNS rebinding.
 * All of it stays on loopback: "public-site.test" resolves to 127.0.0.1, which this file's address guard
 * counts as public; 127.0.0.2, 127.0.0.3 ("intranet.test") and ::1 play the internal servers.
 */
const hasChromium = !!chromiumExecutable({ CHROMIUM_PATH: process.env.CHROMIUM_PATH });
const PUBLIC_HOST = 'public-site.test';

/** A server on an internal address that notes every connection, request, WebSocket upgrade and datagram. */
async function internalServer(host: string, port = 0) {
  const paths: string[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    paths.push(req.url ?? '');
    res.setHeader('content-type', 'text/html');
    res.end('<h1>internal</h1>');
  });
  server.on('connection', () => connections++);
  server.on('upgrade', (req, socket) => {
    paths.push(req.url ?? '');
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(port, host, r));
  return {
    port: (server.address() as AddressInfo).port,
    paths,
    connections: () => connections,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function udpListener(host: string) {
  const socket = dgram.createSocket('udp4');
  let datagrams = 0;
  socket.on('message', () => datagrams++);
  await new Promise<void>((r) => socket.bind(0, host, r));
  return { port: socket.address().port, datagrams: () => datagrams, close: () => new Promise<void>((r) => socket.close(() => r())) };
}

const html = (body: string, head = '') => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

let s: TestServer;
let site: Awaited<ReturnType<typeof startHttp>>;
let v4: Awaited<ReturnType<typeof internalServer>>; // 127.0.0.2, on the public site's port (for rebinding)
let intranet: Awaited<ReturnType<typeof internalServer>>; // 127.0.0.3, as "intranet.test"
let v6: Awaited<ReturnType<typeof internalServer>>; // ::1
let udp: Awaited<ReturnType<typeof udpListener>>;
let closedV4: number;
let rebindLookups = 0;
const saved = { ...addressGuard };

/** The internal targets, each address spelled the ways an attacker may spell it. */
let targets: Record<string, string>;
/** Probes in subresource and frame positions, each in every spelling. */
const SUB_VECTORS = [
  'img', 'script', 'stylesheet', 'css-bg', 'font', 'video', 'icon', 'iframe', 'object', 'fetch', 'xhr', 'eventsource', 'websocket', 'prefetch', 'preconnect',
  'img-redirect', 'iframe-redirect', 'iframe-refresh', 'iframe-jsnav', 'popup',
];
/** Probes that need a script context of their own, in one spelling. */
const SCRIPT_VECTORS = ['beacon', 'form-post', 'worker', 'shared-worker', 'service-worker', 'webrtc-stun', 'webrtc-turn'];

const to = (target: string) => `/to?u=${encodeURIComponent(target)}`;
const probe = (spelling: string, vector: string) => `${targets[spelling]}/probe/${vector}.${spelling}`;

function subresourcePage(): string {
  const parts: string[] = [];
  const scripts: string[] = [];
  for (const sp of Object.keys(targets)) {
    const p = (v: string) => attr(probe(sp, v));
    parts.push(
      `<img src="${p('img')}"><script async src="${p('script')}"></script><link rel="stylesheet" href="${p('stylesheet')}">`,
      `<div style="width:5px;height:5px;background:url('${p('css-bg')}')"></div><iframe src="${p('iframe')}"></iframe><object data="${p('object')}"></object>`,
      `<link rel="prefetch" href="${p('prefetch')}"><link rel="preconnect" href="${p('preconnect')}"><link rel="icon" href="${p('icon')}"><video src="${p('video')}" autoplay muted></video>`,
      `<style>@font-face{font-family:f-${sp};src:url('${p('font')}')}</style><span style="font-family:f-${sp}">font</span>`,
      `<img src="${attr(to(probe(sp, 'img-redirect')))}"><iframe src="${attr(to(probe(sp, 'iframe-redirect')))}"></iframe>`,
      `<iframe src="/page/refresh?u=${attr(encodeURIComponent(probe(sp, 'iframe-refresh')))}"></iframe><iframe src="/page/jsnav?u=${attr(encodeURIComponent(probe(sp, 'iframe-jsnav')))}"></iframe>`,
    );
    const j = (v: string) => JSON.stringify(probe(sp, v));
    scripts.push(
      `fetch(${j('fetch')}).catch(() => {});`,
      `try { const x = new XMLHttpRequest(); x.open('GET', ${j('xhr')}); x.send(); } catch {}`,
      `try { new EventSource(${j('eventsource')}); } catch {}`,
      `try { new WebSocket(${j('websocket')}.replace(/^http/, 'ws')); } catch {}`,
      `try { window.open(${j('popup')}); } catch {}`,
    );
  }
  const v = (vector: string) => JSON.stringify(probe('v4', vector));
  scripts.push(
    `try { navigator.sendBeacon(${v('beacon')}, 'x'); } catch {}`,
    `try { new Worker('/worker.js?u=' + encodeURIComponent(${v('worker')})); } catch {}`,
    `try { new SharedWorker('/worker.js?shared=1&u=' + encodeURIComponent(${v('shared-worker')})); } catch {}`,
    `try { navigator.serviceWorker.register('/worker.js?sw=1&u=' + encodeURIComponent(${v('service-worker')})).catch(() => {}); } catch {}`,
    `try {
      const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.2:${udp.port}' }, { urls: 'turn:127.0.0.2:${v4.port}?transport=tcp', username: 'u', credential: 'c' }] });
      pc.createDataChannel('probe');
      pc.createOffer().then((o) => pc.setLocalDescription(o)).catch(() => {});
    } catch {}`,
  );
  parts.push(`<iframe src="/page/post?u=${attr(encodeURIComponent(probe('v4', 'form-post')))}"></iframe>`);
  return html(parts.join('\n'), `<script>${scripts.join('\n')}</script>`);
}

/** Every internal server's log: the probe paths that reached one, plus connections and datagrams. */
function internalTraffic() {
  return {
    paths: [...v4.paths, ...intranet.paths, ...v6.paths].sort(),
    connections: v4.connections() + intranet.connections() + v6.connections(),
    datagrams: udp.datagrams(),
  };
}

const shot = (token: string, url: string) => s.api('GET', `/api/v1/chatbots/screenshot?url=${encodeURIComponent(url)}`, { token });

describe.skipIf(!hasChromium)('screenshot behind the crawler address guard', () => {
  beforeAll(async () => {
    site = await startHttp((req, _body, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const target = u.searchParams.get('u') ?? '';
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (u.pathname === '/to') {
        res.statusCode = 302;
        res.setHeader('location', target);
        return void res.end();
      }
      if (u.pathname === '/page/sub') return void res.end(subresourcePage());
      if (u.pathname === '/page/refresh') return void res.end(html('refreshing', `<meta http-equiv="refresh" content="0;url=${attr(target)}">`));
      if (u.pathname === '/page/jsnav') return void res.end(html(`<script>location.href = ${JSON.stringify(target)};</script>`));
      if (u.pathname === '/page/post')
        return void res.end(html(`<form method="post" action="${attr(target)}"><input name="a" value="b"></form><script>document.forms[0].submit();</script>`));
      if (u.pathname === '/worker.js') {
        res.setHeader('content-type', 'text/javascript');
        return void res.end(`fetch(${JSON.stringify(target)}).catch(() => {});`);
      }
      if (u.pathname === '/probe/rebind-top') {
        // A fresh connection, so the image's request has to look the name up again (now 127.0.0.2).
        res.setHeader('connection', 'close');
        return void res.end(html(`<h1>Rebinding</h1><img src="/probe/rebind-top-img">`));
      }
      res.end(html(`<h1>Public site</h1><img src="/probe/plain-img"><img src="/to?u=%2Fprobe%2Fplain-img-moved">`));
    });
    v4 = await internalServer('127.0.0.2', site.port);
    [intranet, v6, udp, closedV4] = await Promise.all([internalServer('127.0.0.3'), internalServer('::1'), udpListener('127.0.0.2'), closedPort()]);
    targets = {
      v4: `http://127.0.0.2:${v4.port}`,
      'v4-decimal': `http://2130706434:${v4.port}`,
      'v4-hex': `http://0x7f000002:${v4.port}`,
      'v4-short': `http://127.2:${v4.port}`,
      'v4-mapped-v6': `http://[::ffff:127.0.0.2]:${v4.port}`,
      v6: `http://[::1]:${v6.port}`,
      'intranet-name': `http://intranet.test:${intranet.port}`,
    };
    // The loopback stand-in for DNS: a fixed table, nothing else resolves (no real DNS server is asked).
    addressGuard.lookup = async (hostname) => {
      const table: Record<string, string> = { [PUBLIC_HOST]: '127.0.0.1', 'intranet.test': '127.0.0.3' };
      // Rebinding: public for the first two questions (the https attempt, the http fallback), internal ever after.
      const address = hostname === 'rebind.test' ? (rebindLookups++ < 2 ? '127.0.0.1' : '127.0.0.2') : table[hostname];
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return [{ address, family: 4 }];
    };
    addressGuard.isPrivate = (address) => address !== '127.0.0.1' && isPrivateAddress(address);
    // The hostile page makes ~160 requests: on a loaded machine that takes longer than a real site's 15 s budget.
    s = await startTestServer({ CRAWL_ALLOW_PRIVATE: 'false', SCREENSHOT_TIME_LIMIT_MS: '90000' });
  });
  afterAll(async () => {
    Object.assign(addressGuard, saved);
    await s?.close();
    await Promise.all([site, v4, intranet, v6, udp].map((x) => x?.close()));
  });

  it('answers a public page with a picture, loading it and its redirects only through the guard', async () => {
    const { token } = await s.createUser();
    const r = await shot(token, `${PUBLIC_HOST}:${site.port}/plain`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.image).toMatch(/^data:image\/jpeg;base64,/);
    expect(site.requests.map((q) => q.url)).toEqual(expect.arrayContaining(['/plain', '/probe/plain-img', '/probe/plain-img-moved']));
    // A public site that redirects (to its www host, to https…) still gets its picture.
    const moved = await shot(token, `${PUBLIC_HOST}:${site.port}${to('/plain-moved')}`);
    expect(moved.status, moved.text).toBe(200);
    expect(site.requests.map((q) => q.url)).toContain('/plain-moved');
    expect(internalTraffic()).toEqual({ paths: [], connections: 0, datagrams: 0 });
  });

  it('no internal server receives anything from a hostile public page (probe matrix)', { timeout: 180_000 }, async () => {
    const { token } = await s.createUser();
    const spellings = Object.keys(targets);
    // The matrix: every subresource vector in every spelling, and each script-context vector, are on the page.
    const page = decodeURIComponent(subresourcePage());
    const onPage = [...spellings.flatMap((sp) => SUB_VECTORS.map((v) => `${v}.${sp}`)), ...SCRIPT_VECTORS.map((v) => `${v}.v4`)];
    const webrtc = /^webrtc-(stun|turn)\.v4$/; // ICE servers are addresses, not paths
    for (const id of onPage) expect(page, id).toContain(webrtc.test(id) ? id.replace(webrtc, '$1:127.0.0.2:') : `/probe/${id}`);
    // Subresources, frames, scripts, workers, WebSockets, WebRTC: one page.
    const sub = await shot(token, `${PUBLIC_HOST}:${site.port}/page/sub`);
    expect(sub.status, sub.text).toBe(200);
    // The page ran: its redirecting image and frames, its refreshing frames and its worker were asked for on the public site.
    const asked = site.requests.map((q) => new URL(q.url, 'http://x').pathname);
    expect(asked.filter((p) => p === '/to').length).toBeGreaterThanOrEqual(spellings.length * 2);
    expect(asked.filter((p) => p === '/page/refresh').length).toBe(spellings.length);
    expect(asked).toContain('/worker.js');
    // Top-level: a redirect to each spelling, a chain of redirects, a refresh and a script navigation.
    const tops = [
      ...spellings.map((sp) => to(probe(sp, 'top-redirect'))),
      to(to(probe('v4', 'top-redirect-chain'))),
      `/page/refresh?u=${encodeURIComponent(probe('v4', 'top-refresh'))}`,
      `/page/jsnav?u=${encodeURIComponent(probe('v4', 'top-jsnav'))}`,
    ];
    // DNS rebinding too: the name is public for the page itself and 127.0.0.2 for everything after.
    const answers = await Promise.all([...tops.map((p) => shot(token, `${PUBLIC_HOST}:${site.port}${p}`)), shot(token, `rebind.test:${site.port}/probe/rebind-top`)]);
    for (const [i, r] of answers.entries()) expect([200, 502], tops[i] ?? 'rebind').toContain(r.status);
    // The rebound page came from the public site; its image, looked up again, went nowhere.
    expect(answers.at(-1)!.status).toBe(200);
    expect(rebindLookups).toBeGreaterThanOrEqual(3);
    expect(site.requests.map((q) => q.url)).toContain('/probe/rebind-top');
    expect(site.requests.map((q) => q.url)).not.toContain('/probe/rebind-top-img');
    expect(internalTraffic()).toEqual({ paths: [], connections: 0, datagrams: 0 });
  });

  it('says only "not reachable", the same for an open and a closed internal port', async () => {
    const { token } = await s.createUser();
    const open = await shot(token, `${PUBLIC_HOST}:${site.port}${to(`http://127.0.0.2:${v4.port}/probe/open-port`)}`);
    const closed = await shot(token, `${PUBLIC_HOST}:${site.port}${to(`http://127.0.0.2:${closedV4}/probe/closed-port`)}`);
    const closedV6 = await shot(token, `${PUBLIC_HOST}:${site.port}${to(`http://[::1]:${closedV4}/`)}`);
    const deadPublic = await shot(token, `${PUBLIC_HOST}:${closedV4}/`);
    for (const r of [open, closed, closedV6, deadPublic]) {
      expect(r.status, r.text).toBe(502);
      expect(r.json).toMatchObject({ error: 'WebsiteNotReachable', message: 'The website is not reachable' });
    }
    const withoutUrl = (r: typeof open) => ({ ...r.json, details: undefined });
    expect(withoutUrl(open)).toEqual(withoutUrl(closed));
    expect(withoutUrl(closedV6)).toEqual(withoutUrl(deadPublic));
    expect(internalTraffic()).toEqual({ paths: [], connections: 0, datagrams: 0 });
  });
});
