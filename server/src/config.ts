import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_MESSAGE_CHARS } from '../../contract/widget.ts';
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from '../../contract/password.ts';

/** Environment variables: parsed once at start; a bad value stops the process with a clear message. */
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The address ranges fastify (proxy-addr) knows by name. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const namedRange = (entry: string) => (Object.hasOwn(NAMED_RANGES, entry) ? NAMED_RANGES[entry] : undefined);

function isAddressOrCidr(entry: string) {
  if (namedRange(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: whose X-Forwarded-* headers to believe. `false` (default): nobody's, the client address
 * is the connection's; `true`: everybody's (only when nothing can reach the server but the proxy); or
 * the proxies' addresses/CIDRs, comma-separated. Hop counts are refused: fastify ignores them since it
 * cannot tell a proxy from a client that sends the header itself.
 */
const trustProxy = z.string().transform((v, ctx): boolean | string[] => {
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: 'hop counts are not supported: list the addresses of the proxies (e.g. 10.0.0.5 or 10.0.0.0/24), or true/false' });
    return z.NEVER;
  }
  const entries = v.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || bad.length) {
    ctx.addIssue({ code: 'custom', message: `expected true, false or comma-separated IP addresses/CIDRs, got ${bad.join(', ') || 'nothing'}` });
    return z.NEVER;
  }
  return entries;
});

/**
 * The one rule for trusting a forwarding hop, shared by fastify (request.ip, protocol, host) and the
 * identity provider: an address is a trusted proxy when TRUST_PROXY is true or lists it.
 */
export function proxyTrust(setting: boolean | string[]): (address: string | undefined) => boolean {
  if (typeof setting === 'boolean') return () => setting;
  const trusted = new net.BlockList();
  for (const entry of setting.flatMap((e) => namedRange(e) ?? [e])) {
    const [address, prefix] = entry.split('/');
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  // BlockList matches IPv4-mapped IPv6 addresses (::ffff:10.0.0.5) against IPv4 entries.
  return (address) => {
    const family = address ? net.isIP(address) : 0;
    return family !== 0 && trusted.check(address!, family === 6 ? 'ipv6' : 'ipv4');
  };
}

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxy.default(false),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('dashboard'),
  OIDC_AUDIENCE: z.string().optional(),
  /** Extra dashboard origins (comma-separated) for the local provider, e.g. a Vite dev server: redirect targets and CORS. */
  OIDC_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim().replace(/\/$/, '')).filter(Boolean)),
  /** Sign-in / sign-up attempts per minute per client address and email address. */
  OIDC_LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  ADMIN_EMAIL: z.email().optional(),
  /** Checked against the password rule below (with ADMIN_EMAIL), like every password that is set. */
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_WORKERS: bool.default(true),
  TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  CHROMIUM_PATH: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  STRIPE_RETURN_URL: z.url().optional(),
  TRANSLATION_PROVIDER: z.enum(['deepl', 'libretranslate']).optional(),
  TRANSLATION_API_URL: z.url().optional(),
  TRANSLATION_API_KEY: z.string().optional(),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  // Optional semantic retrieval: an OpenAI-compatible /embeddings endpoint and model (both, or neither).
  EMBEDDINGS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  EMBEDDINGS_MODEL: z.string().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Public widget API: requests per minute per visitor (chatbot + IP) and per chatbot; longest visitor message.
  WIDGET_RATE_PER_VISITOR: z.coerce.number().int().min(1).default(30),
  WIDGET_RATE_PER_CHATBOT: z.coerce.number().int().min(1).default(1200),
  WIDGET_MAX_MESSAGE_CHARS: z.coerce.number().int().min(10).max(20_000).default(DEFAULT_MAX_MESSAGE_CHARS),
  // Backpressure on widget answers (plugins/app/backpressure.ts): answers in progress at once, answers waiting for
  // a place, and the longest wait; beyond them a fast 503 ServerBusy with Retry-After. Unset: defaults by database.
  ANSWER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
  ANSWER_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  ANSWER_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // A chat's last message time and search words are written this long after its messages (runtime/chatWords.ts).
  CHAT_REFRESH_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  // Searching large chatbots (services/retrieval.ts): above this many units a chatbot is searched through candidates
  // (postings index or PostgreSQL) instead of a full in-memory index (unset: MAX_IN_MEMORY_UNITS, 20,000); how the
  // candidates are chosen (`wait` builds the postings index before the first answer, `off` takes them from PostgreSQL).
  // Set to 0 to measure the large path on a small chatbot.
  SEARCH_MAX_IN_MEMORY_UNITS: z.coerce.number().int().min(0).optional(),
  SEARCH_POSTINGS: z.enum(['background', 'wait', 'off']).default('background'),
  // Test questions are re-run this many seconds after a training change (a burst of changes is one run).
  TEST_RUN_DELAY_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  MEETING_URL: z.url().optional(),
  SALES_EMAIL: z.email().optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(20),
  CRAWL_ALLOW_PRIVATE: bool.default(false),
  // Crawler bounds: polite per-host concurrency, pages and depth per crawl, time per crawl and per page, bytes per page.
  CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  CRAWL_MAX_PAGES: z.coerce.number().int().min(1).max(100000).default(2000),
  CRAWL_MAX_DEPTH: z.coerce.number().int().min(0).max(50).default(8),
  CRAWL_MAX_SECONDS: z.coerce.number().int().min(5).max(86400).default(1800),
  CRAWL_PAGE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120000).default(15000),
  CRAWL_MAX_PAGE_MB: z.coerce.number().positive().max(100).default(5),
  // The website screenshot's whole browser run: start, page with its requests, picture.
  SCREENSHOT_TIME_LIMIT_MS: z.coerce.number().int().min(1000).max(120000).default(15000),
  // Pages whose content is filled in by scripts: rendered in headless Chromium (auto) or never (off); bounds per crawl.
  CRAWL_RENDER: z.enum(['auto', 'off']).default('auto'),
  CRAWL_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  CRAWL_RENDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120000).default(10000),
  CRAWL_RENDER_MAX_PAGES: z.coerce.number().int().min(0).max(100000).default(200),
  // Uploaded documents: DATA_DIR/uploads unless set (a temporary folder when the database is in memory).
  UPLOAD_DIR: z.string().optional(),
  // S3-compatible document storage (AWS S3, MinIO, Cloudflare R2…) instead of the local folder when S3_BUCKET is set.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Unset: path-style addressing when S3_ENDPOINT is set (MinIO and most self-hosted stores), virtual hosts on AWS. */
  S3_FORCE_PATH_STYLE: bool.optional(),
}).superRefine((c, ctx) => {
  const adminPasswordProblem = c.ADMIN_PASSWORD && passwordProblem(c.ADMIN_PASSWORD, { email: c.ADMIN_EMAIL });
  if (adminPasswordProblem)
    ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: PASSWORD_PROBLEM_MESSAGES[adminPasswordProblem] });
  if (c.EMBEDDINGS_BASE_URL && !c.EMBEDDINGS_MODEL)
    ctx.addIssue({ code: 'custom', path: ['EMBEDDINGS_MODEL'], message: 'required when EMBEDDINGS_BASE_URL is set' });
  if (c.EMBEDDINGS_MODEL && !c.EMBEDDINGS_BASE_URL)
    ctx.addIssue({ code: 'custom', path: ['EMBEDDINGS_BASE_URL'], message: 'required when EMBEDDINGS_MODEL is set' });
  if (!c.S3_BUCKET) return;
  for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when S3_BUCKET is set' });
});

export type Config = z.infer<typeof schema> & { dataDir: string; publicUrl: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as in most twelve-factor tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
