import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { startHttp } from './fakeServers.ts';

const q = (lang: string, message: string) => `/api/v1/translations?lang=${encodeURIComponent(lang)}&message=${encodeURIComponent(message)}`;

/** Speaks DeepL's API v2: /v2/languages and /v2/translate with a DeepL-Auth-Key header. */
function fakeDeepL() {
  const targets = ['BG', 'DE', 'EN-GB', 'EN-US', 'FR', 'IT', 'PT-BR', 'PT-PT', 'ZH-HANS'];
  return startHttp((req, body, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== 'DeepL-Auth-Key test-key') {
      res.statusCode = 403;
      return void res.end(JSON.stringify({ message: 'Wrong key' }));
    }
    if (req.method === 'GET' && req.url === '/v2/languages?type=target')
      return void res.end(JSON.stringify(targets.map((language) => ({ language, name: language }))));
    if (req.method === 'POST' && req.url === '/v2/translate') {
      const { text, target_lang } = JSON.parse(body);
      if (text[0].includes('boom')) {
        res.statusCode = 500;
        return void res.end('{}');
      }
      return void res.end(JSON.stringify({ translations: [{ detected_source_language: 'DE', text: `[${target_lang}] ${text[0]}` }] }));
    }
    res.statusCode = 404;
    res.end('{}');
  });
}

/** Speaks LibreTranslate's API: /languages and /translate with api_key in the body. */
function fakeLibreTranslate() {
  return startHttp((req, body, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && req.url === '/languages')
      return void res.end(JSON.stringify(['de', 'en', 'it', 'pt', 'zh-Hans'].map((code) => ({ code, name: code, targets: [] }))));
    if (req.method === 'POST' && req.url === '/translate') {
      const b = JSON.parse(body);
      if (b.api_key !== 'libre-key') {
        res.statusCode = 403;
        return void res.end(JSON.stringify({ error: 'Invalid API key' }));
      }
      return void res.end(JSON.stringify({ translatedText: `<${b.target}|${b.source}> ${b.q}` }));
    }
    res.statusCode = 404;
    res.end('{}');
  });
}

describe('without a translation provider', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('answers 501 FeatureNotConfigured', async () => {
    const { token } = await s.createUser();
    const r = await s.api('GET', q('en', 'Hallo'), { token });
    expect(r.status).toBe(501);
    expect(r.json.error).toBe('FeatureNotConfigured');
  });

  it('validates before anything: language outside the pool, missing or too long message, no token', async () => {
    const { token } = await s.createUser();
    expect((await s.api('GET', q('xx', 'Hallo'), { token })).json.error).toBe('LanguageNotAvailable');
    expect((await s.api('GET', '/api/v1/translations?lang=en', { token })).json.error).toBe('ValidationFailed');
    const long = await s.api('GET', q('en', 'a'.repeat(5001)), { token });
    expect(long.status).toBe(400);
    expect(long.json.details[0].path).toBe('message');
    expect((await s.api('GET', q('en', 'Hallo'))).status).toBe(401);
  });
});

describe('with DeepL', () => {
  let s: TestServer;
  let deepl: Awaited<ReturnType<typeof fakeDeepL>>;
  beforeAll(async () => {
    deepl = await fakeDeepL();
    s = await startTestServer({ TRANSLATION_PROVIDER: 'deepl', TRANSLATION_API_URL: deepl.url, TRANSLATION_API_KEY: 'test-key' });
  });
  afterAll(async () => {
    await s?.close();
    await deepl?.close();
  });

  it("translates through DeepL's API, mapping pool codes to DeepL's", async () => {
    const { token } = await s.createUser();
    const cases: [string, string][] = [['italian', 'IT'], ['en', 'EN-US'], ['en-IN', 'EN-GB'], ['de-CH', 'DE'], ['cn', 'ZH-HANS'], ['pt-BR', 'PT-BR']];
    for (const [lang, code] of cases) {
      const r = await s.api('GET', q(lang, 'Guten Tag & willkommen'), { token });
      expect(r.status, lang).toBe(200);
      expect(r.json).toEqual({ text: `[${code}] Guten Tag & willkommen`, lang });
    }
    const call = deepl.requests.find((x) => x.url === '/v2/translate')!;
    expect(call.headers['content-type']).toBe('application/json');
  });

  it('lists the pool codes DeepL can translate into', async () => {
    const { token } = await s.createUser();
    const r = await s.api('GET', '/api/v1/languages/translation', { token });
    expect(r.json).toEqual(['bg', 'cn', 'de-AT', 'de-CH', 'de', 'en-GB', 'en-HK', 'en-IN', 'en-US', 'en-BD', 'en', 'fr', 'italian', 'pt-BR', 'pt-PT', 'zh']);
  });

  it('refuses a pool language DeepL does not offer, and answers 502 Unknown when DeepL fails', async () => {
    const { token } = await s.createUser();
    const th = await s.api('GET', q('th', 'Hallo'), { token });
    expect(th.status).toBe(400);
    expect(th.json.error).toBe('LanguageNotAvailable');
    const boom = await s.api('GET', q('fr', 'boom'), { token });
    expect(boom.status).toBe(502);
    expect(boom.json.error).toBe('Unknown');
  });
});

describe('with LibreTranslate', () => {
  let s: TestServer;
  let libre: Awaited<ReturnType<typeof fakeLibreTranslate>>;
  beforeAll(async () => {
    libre = await fakeLibreTranslate();
    s = await startTestServer({ TRANSLATION_PROVIDER: 'libretranslate', TRANSLATION_API_URL: libre.url, TRANSLATION_API_KEY: 'libre-key' });
  });
  afterAll(async () => {
    await s?.close();
    await libre?.close();
  });

  it("translates through LibreTranslate's API", async () => {
    const { token } = await s.createUser();
    expect((await s.api('GET', q('italian', 'Hallo'), { token })).json).toEqual({ text: '<it|auto> Hallo', lang: 'italian' });
    expect((await s.api('GET', q('zh', 'Hallo'), { token })).json).toEqual({ text: '<zh-Hans|auto> Hallo', lang: 'zh' });
    expect((await s.api('GET', q('pt-PT', 'Hallo'), { token })).json.text).toBe('<pt|auto> Hallo');
    const targets = await s.api('GET', '/api/v1/languages/translation', { token });
    expect(targets.json).toEqual(['cn', 'de-AT', 'de-CH', 'de', 'en-GB', 'en-HK', 'en-IN', 'en-US', 'en-BD', 'en', 'italian', 'pt-BR', 'pt-PT', 'zh']);
  });
});
