/**
 * The page inside the preview frame: an empty document whose <head> carries the customer's snippet, exactly
 * as on their site, so what the dashboard shows is the real widget (its own shadow root, its own events).
 */
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface FrameDocumentOptions {
  /** Where widget.js lives (the dashboard's own server). */
  origin: string;
  chatbotId: string;
  lang?: string | null;
  /** Preview and demo chats are marked as demo (they count towards the monthly messages like any other). */
  source?: 'demo' | 'widget';
}

export function frameDocument({ origin, chatbotId, lang, source = 'demo' }: FrameDocumentOptions): string {
  const attrs = [`src="${escapeAttr(`${origin}/widget.js`)}"`, `data-chatbot-id="${escapeAttr(chatbotId)}"`, `data-source="${source}"`];
  if (lang) attrs.push(`data-lang="${escapeAttr(lang)}"`);
  return `<!doctype html><html lang="${escapeAttr(lang ?? 'de')}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body{margin:0;min-height:100%;height:100%}body{background:#eef1f4 center top/cover no-repeat}</style>
<script ${attrs.join(' ')} defer></script>
</head><body></body></html>`;
}

/** Sends one of the widget's window events into the frame, built in the frame's own realm. */
export function dispatchInFrame(win: Window, name: string, detail: Record<string, unknown> = {}) {
  const FrameEvent = (win as Window & typeof globalThis).CustomEvent;
  const frameDetail = (win as Window & typeof globalThis).JSON.parse(JSON.stringify(detail));
  win.dispatchEvent(new FrameEvent(name, { detail: frameDetail }));
}
