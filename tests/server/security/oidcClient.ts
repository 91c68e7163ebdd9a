import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { expect } from 'vitest';
import type { TestServer } from '../helpers.ts';

export interface Answer {
  status: number;
  location: string | null;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A browser with its own loopback source address (127.0.0.0/8 all reaches the server), so that each test is
 * a different client address for the sign-in limits without any proxy header. Keeps cookies, follows nothing.
 */
export class LoopbackBrowser {
  private cookies = new Map<string, string>();
  constructor(
    private readonly s: TestServer,
    readonly sourceAddress: string,
    readonly headers: Record<string, string> = {},
  ) {}

  request(method: string, pathOrUrl: string, form?: Record<string, string>, extraHeaders: Record<string, string> = {}): Promise<Answer> {
    const target = new URL(pathOrUrl, this.s.url);
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.s.url}${target.pathname}${target.search}`,
        {
          method,
          localAddress: this.sourceAddress,
          headers: {
            ...this.headers,
            ...extraHeaders,
            ...(cookie ? { cookie } : {}),
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const pair = line.split(';')[0];
            const name = pair.slice(0, pair.indexOf('='));
            const value = pair.slice(pair.indexOf('=') + 1);
            if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, location: res.headers.location ?? null, text: Buffer.concat(chunks).toString(), headers: res.headers }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Starts a sign-in (or, with screen_hint=signup, a sign-up) the way the dashboard does; the address its form posts to. */
  async startSignIn(extra: Record<string, string> = {}): Promise<string> {
    const q = new URLSearchParams({
      client_id: 'dashboard',
      response_type: 'code',
      redirect_uri: `${this.s.config.publicUrl}/auth/callback`,
      scope: 'openid profile email',
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('base64url'),
      ...extra,
    });
    let res = await this.request('GET', `/oidc/auth?${q}`);
    while (res.status >= 300 && res.status < 400 && res.location) res = await this.request('GET', res.location);
    expect(res.status).toBe(200);
    return /<form method="post" action="([^"]+)"/.exec(res.text)![1].replace(/&amp;/g, '&');
  }
}

/** The alert text of a sign-in page. */
export const alertOf = (page: string) => /<[^>]+class="alert"[^>]*>([^<]*)</.exec(page)?.[1];

export const uniqueEmail = () => `s${randomBytes(5).toString('hex')}@example.test`;
