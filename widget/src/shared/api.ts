/** The public widget API (/api/v1/public/…). Errors keep the server's key and visitor text. */
import type { PublicConfig } from './config.ts';
import type { AnswerSource as StoredAnswerSource } from '../../../contract/answerSource.ts';

export class WidgetApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly visitorMessage?: string,
    /** Seconds from the Retry-After header of a 429/503 (undefined when absent or a date). */
    readonly retryAfter?: number,
  ) {
    super(key);
    this.name = 'WidgetApiError';
  }
}

/**
 * The loader (widget.js) and the chat (widget-chat.js) are separate bundles, each with its own copy of the class,
 * and the chat gets the loader's API: `instanceof` across them is always false, so errors are told by name.
 */
export const isApiError = (e: unknown): e is WidgetApiError => e instanceof Error && e.name === 'WidgetApiError';

/** A source as the widget shows it: the stored source without its score, which the widget does not read. */
export type AnswerSource = Omit<StoredAnswerSource, 'score'>;

export interface Contact {
  name: string;
  email: string;
  phone: string;
  department: string;
}

export interface AnswerResponse {
  id: string;
  answer: string;
  sources: AnswerSource[];
  contact: Contact | null;
  showLeadForm: boolean;
  category: string;
}

/**
 * fresh: the dashboard's preview and demo, where the customer has just saved the configuration: the config is
 * revalidated instead of taken from the browser's cache (visitors on the customer's site may use it for 30 s).
 */
export function createApi(base: string, chatbotId: string, fresh = false) {
  const root = `${base}/api/v1/public/chatbots/${encodeURIComponent(chatbotId)}`;
  /** `stream`: asks for server-sent events and reads them (the chat bundle brings the reader, keeping this loader small). */
  async function call<T>(method: string, path: string, body?: unknown, stream?: (body: ReadableStream<Uint8Array>) => Promise<T>): Promise<T> {
    let res: Response;
    try {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      if (stream) headers.accept = 'text/event-stream, application/json';
      res = await fetch(root + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        cache: fresh ? 'no-cache' : 'default',
      });
      // The server streams only a language model's answer; anything else (and every error) comes as JSON.
      if (stream && res.ok && res.body && /event-stream/.test(res.headers.get('content-type') ?? '')) return await stream(res.body);
    } catch (e) {
      if (isApiError(e)) throw e;
      throw new WidgetApiError(0, 'NoInternetConnection');
    }
    const json = await res.json().catch(() => null);
    const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
    if (!res.ok) throw new WidgetApiError(res.status, json?.error ?? 'Unknown', json?.details?.visitorMessage, Number.isFinite(retryAfter) ? retryAfter : undefined);
    return json as T;
  }
  return {
    config: (lang?: string) => call<PublicConfig>('GET', `/config${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`),
    startChat: (body: { lang: string; visitorId?: string; source: 'widget' | 'demo' }) => call<{ id: string; lang: string }>('POST', '/chats', body),
    send: (chatId: string, text: string, stream?: (body: ReadableStream<Uint8Array>) => Promise<AnswerResponse>) =>
      call<AnswerResponse>('POST', `/chats/${encodeURIComponent(chatId)}/messages`, { text }, stream),
    lead: (chatId: string, lead: Record<string, string | boolean>) => call<{ category: string }>('POST', `/chats/${encodeURIComponent(chatId)}/lead`, lead),
  };
}
export type WidgetApi = ReturnType<typeof createApi>;

