/**
 * The loader a customer puts in the <head> of their site:
 *   <script src="https://…/widget.js" data-chatbot-id="…" data-lang="de" defer></script>
 * It draws the toggle button in a shadow root and loads the chat interface only when opened.
 */
import { createApi, WidgetApiError, type WidgetApi } from './shared/api.ts';
import { applyCssVariables, mergeConfig, type PublicConfig, type UiConfig } from './shared/config.ts';
import { h } from './shared/dom.ts';
import { emit, listen, type WidgetEventName } from './shared/events.ts';
import { textsFor } from './shared/texts.ts';
import { LOADER_CSS } from './loader/styles.ts';
import { renderToggle } from './loader/toggle.ts';
import type { ChatHandle, ChatModule } from './chat/index.ts';

declare const __CHAT_VERSION__: string;

const script = document.currentScript as HTMLScriptElement | null;

function start() {
  if (!script?.src) return;
  const chatbotId = script.dataset.chatbotId ?? '';
  if (!chatbotId) return console.warn('[chatbot] data-chatbot-id is missing on the widget script');
  const base = script.dataset.apiBase ?? new URL(script.src, location.href).origin;
  // Two snippets for the same chatbot on one page show one widget.
  if (document.querySelector(`chatbot-widget[data-chatbot-id="${CSS.escape(chatbotId)}"]`)) return;
  const wantedLang = script.dataset.lang || document.documentElement.lang || navigator.language;
  const source = script.dataset.source === 'demo' ? 'demo' : 'widget';
  const api = createApi(base, chatbotId, source === 'demo');
  api
    .config(wantedLang)
    .then((pub) => mount(pub, api, base, source))
    .catch((e) => console.warn('[chatbot] not shown:', e instanceof WidgetApiError ? e.key : e));
}

function mount(pub: PublicConfig, api: WidgetApi, base: string, source: 'widget' | 'demo') {
  let config: UiConfig = pub.config;
  const texts = textsFor(pub.lang);
  // A custom element name keeps the host page's generic selectors (div, section…) off the host.
  const host = document.createElement('chatbot-widget');
  host.setAttribute('data-chatbot-id', pub.chatbotId);
  const root = host.attachShadow({ mode: 'open' });
  const style = h('style', {}, LOADER_CSS);
  const toggle = h('button', { type: 'button', 'aria-expanded': 'false', 'aria-haspopup': 'dialog' });
  const cta = h('div', { class: 'cta', role: 'status', hidden: true });
  root.append(style, cta, toggle);

  let chat: ChatHandle | null = null;
  let loading: Promise<ChatHandle> | null = null;

  const apply = () => {
    host.setAttribute('data-position', config.position);
    applyCssVariables(host, config);
    renderToggle(toggle, config, texts);
    chat?.setConfig(config);
  };

  const loadChat = () =>
    (loading ??= import(/* @vite-ignore */ `${base}/widget-chat.js?v=${__CHAT_VERSION__}`).then((m: ChatModule) => {
      const { lang, training, maxMessageChars, streaming } = pub;
      chat = m.mountChat({ root, host, api, config, lang, training, maxMessageChars, streaming, source, base, onClose: () => close(true) });
      return chat;
    }));

  async function open(view: 'chat' | 'contact' = 'chat', byVisitor = false, expanded = false) {
    cta.hidden = true;
    const c = await loadChat();
    toggle.setAttribute('aria-expanded', 'true');
    c.open(view, expanded);
    if (byVisitor) emit('chatbotShowChat', { chatbotId: pub.chatbotId });
  }

  function close(byVisitor = false) {
    chat?.close();
    toggle.setAttribute('aria-expanded', 'false');
    if (byVisitor) {
      toggle.focus();
      emit('chatbotClose', { chatbotId: pub.chatbotId });
    }
  }

  function callToAction(text?: unknown) {
    if (toggle.getAttribute('aria-expanded') === 'true') return;
    cta.textContent = typeof text === 'string' && text.trim() ? text.slice(0, 300) : config.startMessage;
    cta.hidden = false;
    setTimeout(() => (cta.hidden = true), 8000);
  }

  toggle.addEventListener('click', () => void open('chat', true).catch(() => undefined));
  cta.addEventListener('click', () => void open('chat', true));

  const handlers: Record<WidgetEventName, (d: Record<string, unknown>) => void> = {
    chatbotConfigChange: (d) => {
      config = mergeConfig(config, 'config' in d ? d.config : d);
      apply();
    },
    chatbotExpand: () => void open('chat', false, true),
    chatbotShowChat: () => void open('chat'),
    chatbotShowContact: () => void open('contact'),
    chatbotClose: () => close(),
    chatbotPlayCallToAction: (d) => callToAction(d.text),
  };
  listen([base, location.origin], (name, detail) => {
    if (typeof detail.chatbotId === 'string' && detail.chatbotId !== pub.chatbotId) return;
    handlers[name](detail);
  });

  apply();
  document.body.appendChild(host);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
