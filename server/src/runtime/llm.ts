/**
 * A client for any OpenAI-compatible /chat/completions endpoint (OpenAI, Azure, Mistral,
 * Ollama, vLLM). Off unless LLM_BASE_URL and LLM_MODEL are configured.
 */
import { AppError, notConfigured } from '../errors.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmConfig {
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
  LLM_TIMEOUT_MS?: number;
}

export interface LlmClient {
  model: string;
  complete(messages: ChatMessage[], opts?: { temperature?: number; maxTokens?: number }): Promise<string>;
  /**
   * The same answer through the provider's streaming API (server-sent events): `onDelta` gets each piece
   * of text as it arrives; resolves with the whole text. A failure mid-stream rejects like `complete`.
   */
  stream(messages: ChatMessage[], onDelta: (text: string) => void, opts?: { temperature?: number; maxTokens?: number }): Promise<string>;
}

export function isLlmConfigured(config: LlmConfig) {
  return !!(config.LLM_BASE_URL && config.LLM_MODEL);
}

export function createLlmClient(config: LlmConfig): LlmClient {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) throw notConfigured('llm');
  const endpoint = `${config.LLM_BASE_URL.replace(/\/$/, '')}/chat/completions`;
  const model = config.LLM_MODEL;
  const timeoutMs = config.LLM_TIMEOUT_MS ?? 20_000;
  const failed = (message: string, extra: Record<string, unknown> = {}) => new AppError(502, 'UpstreamFailed', message, { provider: 'llm', ...extra });
  async function post(messages: ChatMessage[], opts: { temperature?: number; maxTokens?: number }, stream: boolean) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (config.LLM_API_KEY) headers.authorization = `Bearer ${config.LLM_API_KEY}`;
    try {
      return await fetch(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model, messages, temperature: opts.temperature ?? 0.2, max_tokens: opts.maxTokens ?? 600, ...(stream ? { stream: true } : {}) }),
        // The whole answer, streamed or not, must arrive within the timeout.
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw failed((e as Error).name === 'TimeoutError' ? 'Language model timed out' : 'Language model unreachable');
    }
  }
  return {
    model,
    async complete(messages, opts = {}) {
      const res = await post(messages, opts, false);
      const text = await res.text().catch(() => {
        throw failed('Language model timed out');
      });
      if (!res.ok) throw failed(`Language model answered ${res.status}`, { status: res.status });
      let content: unknown;
      try {
        content = JSON.parse(text)?.choices?.[0]?.message?.content;
      } catch {
        /* handled below */
      }
      if (typeof content !== 'string' || !content.trim()) throw failed('Language model sent no answer');
      return content.trim();
    },
    async stream(messages, onDelta, opts = {}) {
      const res = await post(messages, opts, true);
      if (!res.ok || !res.body) {
        await res.body?.cancel().catch(() => undefined);
        throw failed(`Language model answered ${res.status}`, { status: res.status });
      }
      let whole = '';
      try {
        for await (const data of serverSentData(res.body)) {
          if (data === '[DONE]') break;
          const delta: unknown = JSON.parse(data)?.choices?.[0]?.delta?.content;
          if (typeof delta === 'string' && delta) {
            whole += delta;
            onDelta(delta);
          }
        }
      } catch (e) {
        if (e instanceof SyntaxError) throw failed('Language model sent a broken stream');
        throw failed((e as Error).name === 'TimeoutError' ? 'Language model timed out' : 'Language model stream broke off');
      }
      if (!whole.trim()) throw failed('Language model sent no answer');
      return whole.trim();
    },
  };
}

/** The `data:` payloads of a server-sent event stream, one per event (multi-line data joined by newlines). */
async function* serverSentData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      if (line === '') {
        if (data.length) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
  }
  if (data.length) yield data.join('\n');
}
