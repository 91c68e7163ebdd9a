/**
 * Answers as inert DOM: text nodes, and links only for http(s) URLs (opened in a new tab with
 * rel=noopener). Markup inside an answer, a trained page's title or a visitor's message is
 * shown as the characters it is made of.
 */
import { h } from '../shared/dom.ts';
import type { AnswerSource, Contact } from '../shared/api.ts';
import type { WidgetTexts } from '../shared/texts.ts';

/** The URL if it is an absolute http(s) URL, else null (javascript:, data:, relative, malformed). */
export function safeHref(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

export function link(href: string, text: string) {
  return h('a', { href, target: '_blank', rel: 'noopener noreferrer nofollow' }, text);
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'）)\]]+/gi;

/** Text with its http(s) URLs turned into links; everything else stays text. */
export function linkify(text: string): Node[] {
  const out: Node[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const raw = m[0].replace(/[.,;:!?]+$/, '');
    const start = m.index ?? 0;
    if (start > last) out.push(document.createTextNode(text.slice(last, start)));
    const href = safeHref(raw);
    out.push(href ? link(href, raw) : document.createTextNode(raw));
    last = start + raw.length;
  }
  if (last < text.length) out.push(document.createTextNode(text.slice(last)));
  return out;
}

function sourceLabel(s: AnswerSource) {
  return (s.title || s.name || s.url || '').trim().slice(0, 120);
}

/** The list of sources under an answer: links for web pages, names for documents and pairs. */
export function renderSources(sources: AnswerSource[], texts: WidgetTexts): HTMLElement | null {
  const items = sources
    .map((s) => {
      const href = safeHref(s.url);
      const label = sourceLabel(s) || href;
      if (!label) return null;
      return h('li', {}, href ? link(href, label) : label);
    })
    .filter((x): x is HTMLLIElement => !!x);
  if (!items.length) return null;
  return h('div', { class: 'sources' }, h('span', { class: 'sources-title' }, texts.sources), h('ul', {}, items));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()/.-]{6,24}$/;

/** The handover contact with mailto/tel links built from checked values. */
export function renderContact(c: Contact): HTMLElement {
  const email = EMAIL.test(c.email) ? link(`mailto:${encodeURIComponent(c.email).replace('%40', '@')}`, c.email) : null;
  const phone = PHONE.test(c.phone) ? link(`tel:${c.phone.replace(/[^+\d]/g, '')}`, c.phone) : null;
  email?.removeAttribute('target');
  phone?.removeAttribute('target');
  return h(
    'div',
    { class: 'contact' },
    h('strong', {}, c.name),
    c.department ? h('span', {}, ` (${c.department})`) : null,
    email ? h('div', {}, email) : null,
    phone ? h('div', {}, phone) : null,
  );
}

export function renderAnswer(answer: { answer: string; sources?: AnswerSource[]; contact?: Contact | null }, texts: WidgetTexts) {
  return h(
    'div',
    { class: 'msg bot' },
    h('div', { class: 'text' }, linkify(answer.answer)),
    answer.contact ? renderContact(answer.contact) : null,
    renderSources(answer.sources ?? [], texts),
  );
}

export function renderVisitorMessage(text: string) {
  return h('div', { class: 'msg visitor' }, h('div', { class: 'text' }, text));
}
