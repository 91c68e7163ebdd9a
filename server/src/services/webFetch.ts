import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';

/**
 * Fetching customers' websites from the server. Every hop's address is checked: loopback,
 * private, link-local and similar ranges are refused (SSRF) unless CRAWL_ALLOW_PRIVATE.
 * The check sits in the socket's DNS lookup, so a host cannot re-resolve to a private
 * address between the check and the connection.
 */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const v4ToInt = (ip: string) => ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);

export function isPrivateAddress(ip: string): boolean {
  const addr = ip.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIPv4(addr)) {
    const n = v4ToInt(addr);
    return PRIVATE_V4.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4ToInt(base) / 2 ** (32 - bits)));
  }
  if (!net.isIPv6(addr)) return true; // not an address at all: refuse rather than guess
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(addr)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  if (addr === '::' || addr === '::1') return true;
  return /^(f[cd]|fe[89ab]|ff)/.test(addr) || addr.startsWith('64:ff9b:') || addr.startsWith('2001:db8:');
}

/** Resolves a host and tells whether every address it has is public. */
export async function isPublicHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return !isPrivateAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  try {
    const addrs = await dns.promises.lookup(host, { all: true });
    return addrs.length > 0 && addrs.every((a) => !isPrivateAddress(a.address));
  } catch {
    throw new FetchError(`Host ${host} not found`, 'ENOTFOUND');
  }
}

function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address)))
        return callback(new FetchError(`${hostname} resolves to a private address`, 'EPRIVATE'), '', 0);
      if ((options as dns.LookupOptions).all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  };
}

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  body: string;
}

export interface FetchOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Retry an https start URL over http when TLS or the connection fails (sites without https). */
  httpFallback?: boolean;
}

/** GET a page with bounded time, size and redirects; 2xx only. */
export async function fetchPage(url: string, opts: FetchOptions): Promise<FetchedPage> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const maxRedirects = opts.maxRedirects ?? 5;
  let current = url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    let res: RawResponse;
    try {
      res = await request(current, opts, deadline);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      const tlsOrConnect = /^(EPROTO|ECONNREFUSED|ECONNRESET|ERR_SSL|ERR_TLS|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO|CERT_)/.test(code);
      if (hop === 0 && opts.httpFallback !== false && current.startsWith('https://') && tlsOrConnect) {
        current = 'http://' + current.slice('https://'.length);
        res = await request(current, opts, deadline);
      } else throw e;
    }
    if (res.status >= 300 && res.status < 400 && res.location) {
      res.stream.resume();
      const next = new URL(res.location, current);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new FetchError(`Redirect to ${next.protocol} refused`, 'EREDIRECT');
      current = next.href;
      continue;
    }
    if (res.status < 200 || res.status >= 300) {
      res.stream.resume();
      throw new FetchError(`${current} answered HTTP ${res.status}`, `HTTP_${res.status}`);
    }
    const body = await readBody(res, opts.maxBytes ?? 2 * 1024 * 1024, deadline);
    return { url: current, status: res.status, contentType: res.contentType, body };
  }
  throw new FetchError(`More than ${maxRedirects} redirects`, 'EREDIRECT');
}

interface RawResponse {
  status: number;
  location?: string;
  contentType: string;
  encoding: string;
  stream: Readable;
}

async function request(url: string, opts: FetchOptions, deadline: number): Promise<RawResponse> {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  // IP literals never go through DNS lookup, so they are checked here.
  if (net.isIP(host) && !opts.allowPrivate && isPrivateAddress(host)) throw new FetchError(`${host} is a private address`, 'EPRIVATE');
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw new FetchError('Timed out', 'ETIMEDOUT');
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method: 'GET',
        lookup: guardedLookup(opts.allowPrivate),
        signal: AbortSignal.timeout(remaining),
        headers: {
          'user-agent': 'Mozilla/5.0 (compatible; ChatbotBuilder/1.0)',
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (res) =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          contentType: String(res.headers['content-type'] ?? ''),
          encoding: String(res.headers['content-encoding'] ?? '').toLowerCase(),
          stream: res,
        }),
    );
    req.on('error', (e) => reject(e.name === 'AbortError' || e.name === 'TimeoutError' ? new FetchError('Timed out', 'ETIMEDOUT') : e));
    req.end();
  });
}

async function readBody(res: RawResponse, maxBytes: number, deadline: number): Promise<string> {
  let stream: Readable = res.stream;
  if (res.encoding === 'gzip' || res.encoding === 'x-gzip') stream = res.stream.pipe(zlib.createGunzip());
  else if (res.encoding === 'deflate') stream = res.stream.pipe(zlib.createInflate());
  else if (res.encoding === 'br') stream = res.stream.pipe(zlib.createBrotliDecompress());
  const chunks: Buffer[] = [];
  let size = 0;
  const timer = setTimeout(() => res.stream.destroy(new FetchError('Timed out', 'ETIMEDOUT')), Math.max(0, deadline - Date.now()));
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      // Counted after decompression: a small compressed bomb cannot fill memory.
      if (size > maxBytes) {
        res.stream.destroy();
        throw new FetchError(`Page larger than ${maxBytes} bytes`, 'ETOOLARGE');
      }
      chunks.push(chunk as Buffer);
    }
  } finally {
    clearTimeout(timer);
  }
  const charset = /charset=([\w-]+)/i.exec(res.contentType)?.[1] ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(Buffer.concat(chunks));
}
