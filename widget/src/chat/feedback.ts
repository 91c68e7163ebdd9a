/**
 * Thumbs up / down under a bot answer. A thumbs-down is saved at once and opens a short, optional comment
 * field; sending a comment saves the thumbs-down again with it (the server keeps the last rating). The
 * buttons are toggle buttons (aria-pressed) with accessible names; the outcome is announced politely.
 */
import { h, svgIcon } from '../shared/dom.ts';
import { FEEDBACK_COMMENT_MAX_CHARS, type FeedbackRating } from '../../../contract/feedback.ts';
import type { FeedbackTexts } from './feedbackTexts.ts';

// Material's thumb-up outline; the thumb-down is the same path turned over (CSS), a few bytes fewer.
const THUMB = 'M9 21h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.58 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2zM9 9l4.34-4.34L12 10h9v2l-3 7H9V9zM1 9h4v12H1z';

export type SendFeedback = (rating: FeedbackRating, comment?: string) => Promise<unknown>;

/** POSTs a rating through the widget's public API (the loader's API object stays as it is). */
export function feedbackSender(base: string, chatbotId: string, chatId: string, messageId: string): SendFeedback {
  const url = `${base}/api/v1/public/chatbots/${[chatbotId, 'chats', chatId, 'messages', messageId].map(encodeURIComponent).join('/')}/feedback`;
  return async (rating, comment) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(comment ? { rating, comment } : { rating }),
      credentials: 'omit',
    });
    if (!res.ok) throw new Error(`feedback ${res.status}`);
  };
}

export function renderFeedback(send: SendFeedback, texts: FeedbackTexts): HTMLElement {
  const button = (rating: FeedbackRating) => {
    const b = h('button', { type: 'button', class: `thumb ${rating}`, 'aria-pressed': 'false', 'aria-label': texts[rating], title: texts[rating] }, svgIcon(THUMB, 18));
    b.addEventListener('click', () => void rate(rating));
    return b;
  };
  const up = button('up');
  const down = button('down');
  const status = h('div', { class: 'fb-status', role: 'status' });
  const slot = h('div', {});
  const box = h('div', { class: 'feedback', role: 'group', 'aria-label': texts.question }, h('div', { class: 'thumbs' }, up, down), slot, status);

  async function save(rating: FeedbackRating, comment?: string) {
    status.textContent = '';
    try {
      await send(rating, comment);
      up.setAttribute('aria-pressed', String(rating === 'up'));
      down.setAttribute('aria-pressed', String(rating === 'down'));
      return true;
    } catch {
      status.textContent = texts.failed;
      return false;
    }
  }

  async function rate(rating: FeedbackRating) {
    slot.replaceChildren();
    if (!(await save(rating))) return;
    if (rating === 'up') return void (status.textContent = texts.thanks);
    commentForm();
  }

  function commentForm() {
    const input = h('textarea', { rows: '2', maxlength: String(FEEDBACK_COMMENT_MAX_CHARS), 'aria-label': texts.commentLabel, placeholder: texts.commentLabel });
    const skip = h('button', { type: 'button', class: 'btn secondary' }, texts.skip);
    const form = h('form', { class: 'fb-form' }, input, h('div', { class: 'actions' }, skip, h('button', { type: 'submit', class: 'btn' }, texts.send)));
    const done = () => {
      slot.replaceChildren();
      status.textContent = texts.thanks;
      down.focus();
    };
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const comment = input.value.trim();
      if (!comment || (await save('down', comment))) done();
    });
    skip.addEventListener('click', done);
    slot.replaceChildren(form);
    input.focus();
  }

  return box;
}
