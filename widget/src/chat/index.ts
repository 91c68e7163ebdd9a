/**
 * The chat interface, loaded by the loader when the visitor opens the widget: a dialog with
 * the conversation, suggested questions, the composer and the lead form.
 */
import type { WidgetApi } from '../shared/api.ts';
import { isApiError } from '../shared/api.ts';
import type { UiConfig } from '../shared/config.ts';
import { h, ICONS, svgIcon } from '../shared/dom.ts';
import { textsFor } from '../shared/texts.ts';
import { withBusyRetry } from '../shared/retry.ts';
import { DEFAULT_MAX_MESSAGE_CHARS } from '../../../contract/widget.ts';
import { renderLeadForm } from './leadForm.ts';
import { readEvents } from './stream.ts';
import { link, renderAnswer, renderVisitorMessage } from './render.ts';
import { CHAT_CSS } from './styles.ts';
import { feedbackSender, renderFeedback } from './feedback.ts';
import { feedbackTextsFor } from './feedbackTexts.ts';

export interface ChatOptions {
  root: ShadowRoot;
  host: HTMLElement;
  api: WidgetApi;
  config: UiConfig;
  lang: string;
  training: boolean;
  /** Longest message the server takes (public config); the contract's default when not sent. */
  maxMessageChars?: number;
  /** The chatbot has a language model: its answers are shown word by word as they are written. */
  streaming?: boolean;
  source: 'widget' | 'demo';
  base: string;
  onClose: () => void;
}

export interface ChatHandle {
  open(view: 'chat' | 'contact', expanded?: boolean): void;
  close(): void;
  setConfig(config: UiConfig): void;
}

export type ChatModule = { mountChat: (o: ChatOptions) => ChatHandle };

function visitorId(chatbotKey: string) {
  // A stable, random id per browser so the history can tell returning visitors apart; no cookie.
  const key = `chatbot-visitor:${chatbotKey}`;
  try {
    let id = localStorage.getItem(key);
    if (!id) localStorage.setItem(key, (id = crypto.randomUUID()));
    return id;
  } catch {
    return undefined;
  }
}

export function mountChat(o: ChatOptions): ChatHandle {
  let config = o.config;
  const texts = textsFor(o.lang);
  const feedbackTexts = feedbackTextsFor(o.lang);
  let chatId: string | null = null;
  let sent = 0;
  let leadDone = false;
  let busy = false;

  const title = h('h2', { id: 'cb-title' });
  const contactBtn = h('button', { type: 'button', class: 'icon-btn' }, svgIcon(ICONS.person, 20), h('span', {}, texts.contactButton));
  const closeBtn = h('button', { type: 'button', class: 'icon-btn', 'aria-label': texts.close }, svgIcon(ICONS.close, 20));
  const introHeading = h('h3', {});
  const subHeading = h('p', {});
  const log = h('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': texts.conversation, tabindex: '0' });
  const startMessage = h('div', { class: 'msg bot' });
  log.append(
    h('div', { class: 'intro' }, introHeading, subHeading),
    ...(o.training ? [h('div', { class: 'notice', role: 'note' }, texts.training)] : []),
    startMessage,
  );
  const chips = h('div', { class: 'chips', role: 'group', 'aria-label': texts.suggestions });
  const input = h('textarea', { rows: '1', maxlength: String(o.maxMessageChars ?? DEFAULT_MAX_MESSAGE_CHARS), 'aria-label': texts.messageLabel });
  const send = h('button', { type: 'submit', class: 'send', 'aria-label': texts.send }, svgIcon(ICONS.send, 20));
  const composer = h('form', { class: 'composer' }, input, send);
  const leadSlot = h('div', { class: 'lead-slot', hidden: true });
  const footer = h('footer', {});
  const panel = h(
    'div',
    { class: 'panel', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'cb-title', hidden: true },
    h('header', {}, title, contactBtn, closeBtn),
    log,
    chips,
    composer,
    leadSlot,
    footer,
  );
  o.root.append(h('style', {}, CHAT_CSS), panel);

  function applyConfig() {
    title.textContent = config.title;
    introHeading.textContent = config.introHeading;
    subHeading.textContent = config.subHeading;
    startMessage.textContent = config.startMessage;
    startMessage.hidden = !config.startMessage;
    input.placeholder = config.placeholderText;
    contactBtn.hidden = !config.collectContacts || leadDone;
    chips.replaceChildren(
      ...(sent ? [] : config.recommendedMessages).map((m) => {
        const b = h('button', { type: 'button', class: 'chip' }, m);
        b.addEventListener('click', () => void ask(m));
        return b;
      }),
    );
    chips.hidden = chips.childElementCount === 0;
    footer.replaceChildren(...(config.showPoweredBy ? [texts.poweredBy + ' ', link(o.base, 'Chatbot Studio')] : []));
    footer.hidden = !config.showPoweredBy;
  }

  function scrollDown() {
    log.scrollTop = log.scrollHeight;
  }

  function showError(e: unknown) {
    const msg =
      isApiError(e)
        ? e.visitorMessage ?? (e.key === 'NoInternetConnection' ? texts.offline : e.key === 'ValidationFailed' ? texts.tooLong : texts.error)
        : texts.error;
    log.append(h('div', { class: 'msg error', role: 'alert' }, msg));
    scrollDown();
  }

  async function ensureChat() {
    if (chatId) return chatId;
    const chat = await o.api.startChat({ lang: o.lang, visitorId: visitorId(o.host.dataset.chatbotId ?? ''), source: o.source });
    return (chatId = chat.id);
  }

  async function ask(text: string) {
    const question = text.trim();
    if (!question || busy) return;
    busy = true;
    send.disabled = true;
    sent++;
    chips.hidden = true;
    log.append(renderVisitorMessage(question));
    const typing = h('div', { class: 'typing', role: 'status', 'aria-label': texts.typing }, h('span', {}), h('span', {}), h('span', {}));
    log.append(typing);
    scrollDown();
    // Shown while a refused question waits to be asked again; the typing dots stay.
    const busyNote = h('div', { class: 'notice', role: 'status' }, texts.busy);
    try {
      // The words so far, while the model writes; the complete answer (links, sources) replaces them.
      let live = null as HTMLElement | null;
      const onDelta = (piece: string) => {
        if (!live) {
          busyNote.remove();
          typing.replaceWith((live = h('div', { class: 'msg bot', 'aria-busy': 'true' }, h('div', { class: 'text' }))));
        }
        live.firstChild!.textContent += piece;
        scrollDown();
      };
      const answer = await withBusyRetry(
        async () => o.api.send(await ensureChat(), question, o.streaming ? (body) => readEvents(body, onDelta) : undefined),
        () => {
          if (!busyNote.isConnected) log.insertBefore(busyNote, typing);
          scrollDown();
        },
      );
      busyNote.remove();
      typing.remove();
      const rendered = renderAnswer(answer, texts);
      if (live) live.replaceWith(rendered);
      else log.append(rendered);
      // Thumbs up / down under the answer, rating it by the id POST …/messages gave it.
      if (answer.id && chatId) rendered.after(renderFeedback(feedbackSender(o.base, o.host.dataset.chatbotId ?? '', chatId, answer.id), feedbackTexts));
      if (answer.showLeadForm && !leadDone) showLead();
    } catch (e) {
      busyNote.remove();
      typing.remove();
      log.querySelector('[aria-busy="true"]')?.remove();
      showError(e);
    } finally {
      busy = false;
      send.disabled = false;
      scrollDown();
    }
  }

  function showChat() {
    contactBtn.hidden = !config.collectContacts || leadDone;
    leadSlot.hidden = true;
    leadSlot.replaceChildren();
    log.hidden = false;
    composer.hidden = false;
    chips.hidden = chips.childElementCount === 0 || sent > 0;
    input.focus();
  }

  function showLead() {
    if (!config.collectContacts || leadDone) return showChat();
    const { form, focus } = renderLeadForm(
      config,
      texts,
      async (values) => {
        const id = await ensureChat();
        await o.api.lead(id, values);
        leadDone = true;
        contactBtn.hidden = true;
        showChat();
        log.append(h('div', { class: 'msg bot' }, texts.thanks));
        scrollDown();
      },
      showChat,
    );
    log.hidden = true;
    composer.hidden = true;
    chips.hidden = true;
    contactBtn.hidden = true;
    leadSlot.replaceChildren(form);
    leadSlot.hidden = false;
    focus();
  }

  composer.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value;
    input.value = '';
    void ask(text);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      composer.requestSubmit();
    }
  });
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') o.onClose();
  });
  closeBtn.addEventListener('click', () => o.onClose());
  contactBtn.addEventListener('click', showLead);

  applyConfig();
  return {
    open(view, expanded = false) {
      panel.hidden = false;
      panel.classList.toggle('expanded', expanded);
      if (view === 'contact') showLead();
      else showChat();
    },
    close() {
      panel.hidden = true;
    },
    setConfig(next) {
      config = next;
      applyConfig();
    },
  };
}
