/**
 * The widget's events on `window` (section 4 of the product spec). Listeners are added with
 * addEventListener, never by assigning window.on…; messages from other frames are accepted
 * only from the widget's own server (the dashboard's preview) or the page's own origin.
 */
export const WIDGET_EVENTS = [
  'chatbotConfigChange',
  'chatbotExpand',
  'chatbotShowChat',
  'chatbotShowContact',
  'chatbotClose',
  'chatbotPlayCallToAction',
] as const;
export type WidgetEventName = (typeof WIDGET_EVENTS)[number];

/** Events the widget sends itself carry this source, so it does not react to its own news. */
export const OWN_SOURCE = 'chatbot-widget';

export function emit(name: WidgetEventName, detail: Record<string, unknown> = {}) {
  window.dispatchEvent(new CustomEvent(name, { detail: { ...detail, source: OWN_SOURCE } }));
}

/** Listens to every widget event, on this window and from trusted frames; returns the unsubscribe. */
export function listen(trustedOrigins: string[], handler: (name: WidgetEventName, detail: Record<string, unknown>) => void) {
  const cleanups: (() => void)[] = [];
  for (const name of WIDGET_EVENTS) {
    const fn = (e: Event) => {
      const detail = ((e as CustomEvent).detail ?? {}) as Record<string, unknown>;
      if (detail && detail.source === OWN_SOURCE) return;
      handler(name, detail && typeof detail === 'object' ? detail : {});
    };
    window.addEventListener(name, fn);
    cleanups.push(() => window.removeEventListener(name, fn));
  }
  const onMessage = (e: MessageEvent) => {
    if (!isTrustedMessage(e, trustedOrigins)) return;
    const data = e.data as { type: WidgetEventName; detail?: Record<string, unknown> };
    handler(data.type, data.detail && typeof data.detail === 'object' ? data.detail : {});
  };
  window.addEventListener('message', onMessage);
  cleanups.push(() => window.removeEventListener('message', onMessage));
  return () => cleanups.forEach((c) => c());
}

export function isTrustedMessage(e: Pick<MessageEvent, 'origin' | 'data'>, trustedOrigins: string[]) {
  if (!trustedOrigins.includes(e.origin)) return false;
  const data = e.data as { type?: unknown } | null;
  return !!data && typeof data === 'object' && WIDGET_EVENTS.includes(data.type as WidgetEventName);
}
