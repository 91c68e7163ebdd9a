import type { Config } from '../config.ts';
import { AppError, badRequest, notConfigured } from '../errors.ts';
import { LANGUAGE_POOL, type TranslationResult } from '../../../contract/api/account.ts';
import { assertPoolLanguage } from './languages.ts';

/**
 * Translation through a configured provider: DeepL (API v2) or LibreTranslate.
 * Pool codes are mapped to the provider's codes; the first candidate the provider lists wins.
 */

type Provider = 'deepl' | 'libretranslate';

const DEEPL: Record<string, string[]> = {
  cn: ['ZH-HANS', 'ZH'], zh: ['ZH-HANS', 'ZH'], 'de-AT': ['DE'], 'de-CH': ['DE'], en: ['EN-US', 'EN'], 'en-US': ['EN-US', 'EN'],
  'en-GB': ['EN-GB', 'EN'], 'en-HK': ['EN-GB', 'EN'], 'en-IN': ['EN-GB', 'EN'], 'en-BD': ['EN-GB', 'EN'], italian: ['IT'],
  'pt-BR': ['PT-BR', 'PT'], 'pt-PT': ['PT-PT', 'PT'],
};
const LIBRE: Record<string, string[]> = {
  cn: ['zh-Hans', 'zh'], zh: ['zh-Hans', 'zh'], 'de-AT': ['de'], 'de-CH': ['de'], 'en-US': ['en'], 'en-GB': ['en'], 'en-HK': ['en'],
  'en-IN': ['en'], 'en-BD': ['en'], italian: ['it'], 'pt-BR': ['pb', 'pt-BR', 'pt'], 'pt-PT': ['pt'], nb: ['nb', 'no'],
};
const candidates = (provider: Provider, lang: string) =>
  (provider === 'deepl' ? DEEPL : LIBRE)[lang] ?? [provider === 'deepl' ? lang.toUpperCase() : lang];

interface ProviderConfig {
  provider: Provider;
  baseUrl: string;
  apiKey?: string;
}

export function translationConfig(config: Config): ProviderConfig | null {
  const provider = config.TRANSLATION_PROVIDER;
  if (provider === 'deepl') {
    if (!config.TRANSLATION_API_KEY) return null;
    // DeepL's free keys end in ":fx" and live on their own host.
    const base = config.TRANSLATION_API_URL ?? (config.TRANSLATION_API_KEY.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');
    return { provider, baseUrl: base.replace(/\/$/, ''), apiKey: config.TRANSLATION_API_KEY };
  }
  if (provider === 'libretranslate') {
    if (!config.TRANSLATION_API_URL) return null;
    return { provider, baseUrl: config.TRANSLATION_API_URL.replace(/\/$/, ''), apiKey: config.TRANSLATION_API_KEY };
  }
  return null;
}

const upstream = (what: string) => new AppError(502, 'Unknown', `Translation provider failed: ${what}`);

async function call(url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (e) {
    throw upstream((e as Error).message);
  }
  if (!res.ok) throw upstream(`HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw upstream('not JSON');
  }
}

/** Target codes the provider lists (its own codes), cached for an hour per provider. */
const targetsCache = new Map<string, { at: number; codes: Set<string> }>();
async function providerTargets(pc: ProviderConfig): Promise<Set<string>> {
  const key = `${pc.provider} ${pc.baseUrl}`;
  const hit = targetsCache.get(key);
  if (hit && Date.now() - hit.at < 3600_000) return hit.codes;
  let codes: string[];
  if (pc.provider === 'deepl') {
    const body = (await call(`${pc.baseUrl}/v2/languages?type=target`, { headers: { authorization: `DeepL-Auth-Key ${pc.apiKey}` } })) as { language?: string }[];
    codes = Array.isArray(body) ? body.map((l) => String(l.language ?? '')) : [];
  } else {
    const body = (await call(`${pc.baseUrl}/languages`, {})) as { code?: string }[];
    codes = Array.isArray(body) ? body.map((l) => String(l.code ?? '')) : [];
  }
  const set = new Set(codes.filter(Boolean).map((c) => c.toLowerCase()));
  targetsCache.set(key, { at: Date.now(), codes: set });
  return set;
}

function providerCode(pc: ProviderConfig, targets: Set<string>, lang: string) {
  return candidates(pc.provider, lang).find((c) => targets.has(c.toLowerCase())) ?? null;
}

/** Pool codes the configured provider can translate into; empty when no provider is configured. */
export async function translationTargets(config: Config): Promise<string[]> {
  const pc = translationConfig(config);
  if (!pc) return [];
  const targets = await providerTargets(pc);
  return LANGUAGE_POOL.filter((lang) => providerCode(pc, targets, lang));
}

export async function translate(config: Config, lang: string, message: string): Promise<TranslationResult> {
  assertPoolLanguage(lang);
  const pc = translationConfig(config);
  if (!pc) throw notConfigured('translation (set TRANSLATION_PROVIDER and its API URL/key)');
  const target = providerCode(pc, await providerTargets(pc), lang);
  if (!target) throw badRequest('LanguageNotAvailable', `The translation provider does not support ${lang}`, { lang });
  if (pc.provider === 'deepl') {
    const body = (await call(`${pc.baseUrl}/v2/translate`, {
      method: 'POST',
      headers: { authorization: `DeepL-Auth-Key ${pc.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: [message], target_lang: target }),
    })) as { translations?: { text?: string }[] };
    const text = body.translations?.[0]?.text;
    if (typeof text !== 'string') throw upstream('unexpected answer');
    return { text, lang };
  }
  const body = (await call(`${pc.baseUrl}/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ q: message, source: 'auto', target, format: 'text', ...(pc.apiKey ? { api_key: pc.apiKey } : {}) }),
  })) as { translatedText?: string };
  if (typeof body.translatedText !== 'string') throw upstream('unexpected answer');
  return { text: body.translatedText, lang };
}
