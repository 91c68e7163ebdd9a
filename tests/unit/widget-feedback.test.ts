import { describe, expect, it } from 'vitest';
import { renderFeedback } from '../../widget/src/chat/feedback.ts';
import { feedbackTextsFor } from '../../widget/src/chat/feedbackTexts.ts';
import { FEEDBACK_COMMENT_MAX_CHARS } from '../../contract/feedback.ts';

const de = feedbackTextsFor('de');

/** The buttons under an answer with a recording sender; `fail` makes the next sends fail. */
function mount(lang = 'de') {
  const calls: [string, string | undefined][] = [];
  const state = { fail: false };
  const el = renderFeedback(async (rating, comment) => {
    calls.push([rating, comment]);
    if (state.fail) throw new Error('offline');
  }, feedbackTextsFor(lang));
  document.body.replaceChildren(el);
  const thumb = (name: string) => [...el.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name)!;
  // The fake sender resolves at once: one macrotask lets the click's promise chain finish.
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { el, calls, state, thumb, flush, status: () => el.querySelector('[role=status]')!.textContent };
}

describe('feedback under an answer', () => {
  it('is a labelled group of two toggle buttons with accessible names, in German and English', () => {
    const { el, thumb } = mount();
    expect(el.getAttribute('role')).toBe('group');
    expect(el.getAttribute('aria-label')).toBe('War diese Antwort hilfreich?');
    expect(thumb('Hilfreich').getAttribute('aria-pressed')).toBe('false');
    expect(thumb('Nicht hilfreich').getAttribute('type')).toBe('button');
    const en = mount('en-GB');
    expect(en.el.getAttribute('aria-label')).toBe('Was this answer helpful?');
    expect(en.thumb('Not helpful')).toBeTruthy();
  });

  it('a thumbs-up is sent and pressed, and thanked', async () => {
    const { calls, thumb, flush, status } = mount();
    thumb('Hilfreich').click();
    await flush();
    expect(calls).toEqual([['up', undefined]]);
    expect(thumb('Hilfreich').getAttribute('aria-pressed')).toBe('true');
    expect(thumb('Nicht hilfreich').getAttribute('aria-pressed')).toBe('false');
    expect(status()).toBe(de.thanks);
  });

  it('a thumbs-down is sent at once and opens an optional comment that is sent with it', async () => {
    const { el, calls, thumb, flush, status } = mount();
    thumb('Nicht hilfreich').click();
    await flush();
    expect(calls).toEqual([['down', undefined]]);
    expect(thumb('Nicht hilfreich').getAttribute('aria-pressed')).toBe('true');
    const comment = el.querySelector('textarea')!;
    expect(comment.getAttribute('aria-label')).toBe(de.commentLabel);
    expect(comment.getAttribute('maxlength')).toBe(String(FEEDBACK_COMMENT_MAX_CHARS));
    expect(document.activeElement).toBe(comment);
    comment.value = '  Die Preise fehlen.  ';
    el.querySelector('form')!.requestSubmit();
    await flush();
    expect(calls).toEqual([['down', undefined], ['down', 'Die Preise fehlen.']]);
    expect(el.querySelector('textarea')).toBeNull();
    expect(status()).toBe(de.thanks);
  });

  it('skipping the comment sends nothing more; changing to thumbs-up replaces the rating', async () => {
    const { el, calls, thumb, flush } = mount();
    thumb('Nicht hilfreich').click();
    await flush();
    [...el.querySelectorAll('button')].find((b) => b.textContent === de.skip)!.click();
    expect(el.querySelector('textarea')).toBeNull();
    thumb('Hilfreich').click();
    await flush();
    expect(calls).toEqual([['down', undefined], ['up', undefined]]);
    expect(thumb('Hilfreich').getAttribute('aria-pressed')).toBe('true');
    expect(thumb('Nicht hilfreich').getAttribute('aria-pressed')).toBe('false');
  });

  it('says so when the rating could not be saved, and leaves the buttons unpressed', async () => {
    const { el, state, thumb, flush, status } = mount();
    state.fail = true;
    thumb('Nicht hilfreich').click();
    await flush();
    expect(status()).toBe(de.failed);
    expect(thumb('Nicht hilfreich').getAttribute('aria-pressed')).toBe('false');
    expect(el.querySelector('textarea')).toBeNull();
  });
});
