import { describe, expect, it } from 'vitest';
import { readEvents } from '../../widget/src/chat/stream.ts';

/** A response body that arrives in the given pieces (cut anywhere, also inside an event or a character). */
const body = (pieces: string[]) => {
  const bytes = pieces.map((p) => new TextEncoder().encode(p));
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = bytes.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
};

describe('the widget reading a streamed answer', () => {
  it('hands over each delta in order, across cuts anywhere, and returns the answer event', async () => {
    const text = 'event: delta\ndata: {"text":"Ab "}\n\nevent: delta\ndata: {"text":"15 Uhr – früh"}\n\nevent: answer\ndata: {"answer":"Ab 15 Uhr – früh.","id":"1"}\n\n';
    const cuts = [5, 21, 40, 44, 70, 71];
    const pieces = [0, ...cuts].map((c, i, all) => text.slice(c, all[i + 1]));
    const seen: string[] = [];
    const answer = await readEvents<{ answer: string }>(body(pieces), (d) => seen.push(d));
    expect(seen).toEqual(['Ab ', '15 Uhr – früh']);
    expect(answer).toEqual({ answer: 'Ab 15 Uhr – früh.', id: '1' });
  });

  it('throws the error event’s key, and a stream that ends without an answer as a lost connection', async () => {
    await expect(readEvents(body(['event: delta\ndata: {"text":"Ab"}\n\nevent: error\ndata: {"error":"Unknown"}\n\n']), () => undefined)).rejects.toMatchObject({ name: 'WidgetApiError', key: 'Unknown' });
    await expect(readEvents(body(['event: delta\ndata: {"text":"Ab"}\n\n']), () => undefined)).rejects.toMatchObject({ key: 'NoInternetConnection' });
  });
});
