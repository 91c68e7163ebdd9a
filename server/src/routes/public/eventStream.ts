import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * A server-sent event stream on a reply, opened by the first event: until then the reply is an ordinary
 * one, so an answer that never streams (no language model, a Q&A pair, an error before the first word) is
 * plain JSON with its usual status. The headers set so far (CORS, rate limits) go out with the stream.
 */
export function lazyEventStream(reply: FastifyReply) {
  let open = false;
  const write = (event: string, data: unknown) => reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  return {
    get started() {
      return open;
    },
    send(event: string, data: unknown) {
      if (!open) {
        reply.hijack();
        reply.raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          // Proxies such as nginx would otherwise hold the events back until the answer is complete.
          'x-accel-buffering': 'no',
        });
        open = true;
      }
      if (!reply.raw.writableEnded) write(event, data);
    },
    /** The last event; an error after the first event can only travel as an event. */
    end(event: string, data: unknown) {
      this.send(event, data);
      reply.raw.end();
    },
    fail(e: unknown) {
      const err = e instanceof AppError ? { error: e.key, message: e.message, details: e.details } : { error: 'Unknown', message: 'Unknown error' };
      this.end('error', err);
    },
  };
}

/** Whether the client asked for the answer as a stream (the widget does when the chatbot has a language model). */
export const wantsEventStream = (accept: string | undefined) => /\btext\/event-stream\b/.test(accept ?? '');
