import { WidgetApiError } from '../shared/api.ts';

/** Reads `event:`/`data:` blocks: `delta` goes to onDelta, `answer` is the result, `error` throws. */
export async function readEvents<T>(body: ReadableStream<Uint8Array>, onDelta: (text: string) => void): Promise<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
      if (event === 'delta') onDelta(data.text);
      else if (event === 'answer') return data as T;
      else if (event === 'error') throw new WidgetApiError(500, data?.error ?? 'Unknown');
    }
    if (done) throw new WidgetApiError(0, 'NoInternetConnection');
  }
}
