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
}

export function isLlmConfigured(config: LlmConfig) {
  return !!(config.LLM_BASE_URL && config.LLM_MODEL);
}

export function createLlmClient(config: LlmConfig): LlmClient {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) throw notConfigured('llm');
  const endpoint = `${config.LLM_BASE_URL.replace(/\/$/, '')}/chat/completions`;
  const model = config.LLM_MODEL;
  const timeoutMs = config.LLM_TIMEOUT_MS ?? 20_000;
  return {
    model,
    async complete(messages, opts = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (config.LLM_API_KEY) headers.authorization = `Bearer ${config.LLM_API_KEY}`;
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify({ model, messages, temperature: opts.temperature ?? 0.2, max_tokens: opts.maxTokens ?? 600 }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        const timedOut = (e as Error).name === 'TimeoutError';
        throw new AppError(502, 'UpstreamFailed', timedOut ? 'Language model timed out' : 'Language model unreachable', { provider: 'llm' });
      }
      const text = await res.text();
      if (!res.ok) throw new AppError(502, 'UpstreamFailed', `Language model answered ${res.status}`, { provider: 'llm', status: res.status });
      let content: unknown;
      try {
        content = JSON.parse(text)?.choices?.[0]?.message?.content;
      } catch {
        /* handled below */
      }
      if (typeof content !== 'string' || !content.trim())
        throw new AppError(502, 'UpstreamFailed', 'Language model sent no answer', { provider: 'llm' });
      return content.trim();
    },
  };
}
