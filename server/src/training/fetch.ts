import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';

/**
 * The crawler's only way onto the network: resolves each host itself and refuses private,
 * loopback and link-local addresses (checked on the resolved address at connect time, so a
 * DNS answer cannot switch to an internal address after the check), bounded redirects,
 * size and time.
 */
export class FetchError extends Error {
  constructor(
    readonly code: 'PrivateAddress' | 'DnsFailed' | 'Refused' | 'Timeout' | 'TooLarge' | 'TooManyRedirects' | 'Network' | 'BadUrl',
    message: string,
  ) {
    super(message);
  }
}

const blocked = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const)
  blocked.addSubnet(a, p, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/**
 * Where the guard learns a host's addresses and which addresses it refuses. Tests replace both, so that
 * a made-up host name on 127.0.0.1 can play a public site while 127.0.0.2 and ::1 play internal ones and
 * nothing asks a real DNS server.
 */
export const addressGuard = {
  lookup: (hostname: string, family: number): Promise<dns.LookupAddress[]> => dns.promises.lookup(hostname, { all: true, family }),
  isPrivate: isPrivateAddress,
};

/** Resolves once and hands the connection only addresses that passed the check (no second lookup to rebind). */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    addressGuard.lookup(hostname, Number(options.family) || 0).then(
      (list) => {
        const ok = allowPrivate ? list : list.filter((a) => !addressGuard.isPrivate(a.address));
        if (!ok.length) {
          const e = new FetchError('PrivateAddress', `${hostname} resolves to a private address`);
          return callback(e as unknown as NodeJS.ErrnoException, '', 4);
        }
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, ok);
        callback(null, ok[0].address, ok[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}

export interface FetchOptions {
  allowPrivate: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  userAgent?: string;
  accept?: string;
  agents?: { http: http.Agent; https: https.Agent };
  /** Hand a redirect back (status and location) instead of following it: for a caller that treats the first hop apart. */
  returnRedirects?: boolean;
  /** How often a transient failure is tried again (see TRANSIENT_STATUS, transient): none unless set. */
  retries?: number;
}

/** Answers a server gives when it is busy or restarting, not because the page is missing: worth asking again. */
const TRANSIENT_STATUS = new Set([429, 502, 503, 504]);
/** The longest wait a Retry-After may ask for; a server asking for longer is treated as failing. */
const MAX_RETRY_WAIT_MS = 10_000;

/**
 * A connection the server closed as the crawler reused it ("socket hang up", ECONNRESET: keep-alive sockets race),
 * or no answer in time: the same GET may well succeed a moment later.
 */
const transient = (e: unknown) => e instanceof FetchError && (e.code === 'Network' || e.code === 'Timeout');

/** The wait a Retry-After header asks for (seconds or an HTTP date), else the backoff: 0.5 s, then 2 s. */
function retryWait(retryAfter: string | undefined, attempt: number): number {
  const backoff = 500 * 4 ** attempt;
  if (!retryAfter) return backoff;
  const seconds = Number(retryAfter);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
  return Number.isFinite(ms) ? Math.max(0, ms) : backoff;
}

/** One hop, tried again after transient failures (opts.retries times at most). */
async function fetchHop(url: string, opts: FetchOptions) {
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= (opts.retries ?? 0);
    let r;
    try {
      r = await fetchOnce(url, opts);
    } catch (e) {
      // A page that timed out once is given one more chance, not two: each try waits the whole timeout.
      if (last || !transient(e) || ((e as FetchError).code === 'Timeout' && attempt > 0)) throw e;
      await sleep(retryWait(undefined, attempt));
      continue;
    }
    if (last || !TRANSIENT_STATUS.has(r.status)) return r;
    const wait = retryWait(r.retryAfter, attempt);
    if (wait > MAX_RETRY_WAIT_MS) return r;
    await sleep(wait);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FetchResult {
  url: string; // after redirects
  status: number;
  contentType: string;
  body: Buffer;
  redirects: string[];
  /** The target of a redirect handed back (returnRedirects). */
  location?: string;
}

export const USER_AGENT = 'ChatbotTrainer/1.0 (+website chatbot training)';

/** Keep-alive agents shared by one crawl, so polite per-host concurrency reuses connections. */
export function createAgents(perHost: number) {
  return {
    http: new http.Agent({ keepAlive: true, maxSockets: perHost }),
    https: new https.Agent({ keepAlive: true, maxSockets: perHost }),
  };
}

export async function safeFetch(url: string, opts: FetchOptions): Promise<FetchResult> {
  const maxRedirects = opts.maxRedirects ?? 5;
  const redirects: string[] = [];
  let current = url;
  for (;;) {
    const r = await fetchHop(current, opts);
    if (r.status >= 300 && r.status < 400 && r.location) {
      if (opts.returnRedirects) return { url: current, status: r.status, contentType: r.contentType, body: r.body, redirects, location: r.location };
      if (redirects.length >= maxRedirects) throw new FetchError('TooManyRedirects', `more than ${maxRedirects} redirects`);
      let next: URL;
      try {
        next = new URL(r.location, current);
      } catch {
        throw new FetchError('BadUrl', 'bad redirect target');
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new FetchError('BadUrl', 'redirect to a non-web URL');
      redirects.push(current);
      current = next.toString();
      continue;
    }
    return { url: current, status: r.status, contentType: r.contentType, body: r.body, redirects };
  }
}

function fetchOnce(url: string, opts: FetchOptions): Promise<{ status: number; contentType: string; body: Buffer; location?: string; retryAfter?: string }> {
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return new Promise((resolve, reject) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return reject(new FetchError('BadUrl', 'not a URL'));
    }
    const isHttps = u.protocol === 'https:';
    if (!isHttps && u.protocol !== 'http:') return reject(new FetchError('BadUrl', 'only http and https'));
    // A literal IP address never goes through lookup: check it here.
    const literal = u.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && !opts.allowPrivate && addressGuard.isPrivate(literal))
      return reject(new FetchError('PrivateAddress', `${literal} is a private address`));
    const mod = isHttps ? https : http;
    const req = mod.request(
      u,
      {
        method: 'GET',
        agent: opts.agents ? (isHttps ? opts.agents.https : opts.agents.http) : undefined,
        lookup: guardedLookup(opts.allowPrivate),
        headers: {
          'user-agent': opts.userAgent ?? USER_AGENT,
          accept: opts.accept ?? 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, contentType, body: Buffer.alloc(0), location: res.headers.location });
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          return reject(new FetchError('TooLarge', `larger than ${maxBytes} bytes`));
        }
        const enc = String(res.headers['content-encoding'] ?? '').toLowerCase();
        const stream =
          enc === 'gzip' ? res.pipe(zlib.createGunzip()) : enc === 'deflate' ? res.pipe(zlib.createInflate()) : enc === 'br' ? res.pipe(zlib.createBrotliDecompress()) : res;
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            req.destroy(new FetchError('TooLarge', `larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(c);
        });
        const retryAfter = res.headers['retry-after'];
        stream.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks), ...(retryAfter ? { retryAfter } : {}) }));
        stream.on('error', (e) => reject(e instanceof FetchError ? e : new FetchError('Network', e.message)));
        res.on('error', (e) => reject(e instanceof FetchError ? e : new FetchError('Network', e.message)));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new FetchError('Timeout', `no answer within ${timeoutMs} ms`)));
    req.on('error', (e: Error & { code?: string }) => {
      if (e instanceof FetchError) return reject(e);
      if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return reject(new FetchError('DnsFailed', e.message));
      // Nothing listens there: no server to ask again (unlike a connection dropped while in use).
      if (e.code === 'ECONNREFUSED') return reject(new FetchError('Refused', e.message));
      reject(new FetchError('Network', e.message));
    });
    req.end();
  });
}
