import { describe, expect, it } from 'vitest';
import { visibleStream } from '../../server/src/runtime/answer.ts';

const shown = (pieces: string[]) => {
  const out: string[] = [];
  const push = visibleStream((t) => out.push(t));
  for (const p of pieces) push(p);
  return out;
};

describe('what a visitor sees of a streamed model answer', () => {
  it('leaves out citation markers, also when a marker comes in pieces', () => {
    expect(shown(['Ab 15 Uhr', ' [', '1', ']', '. Frühstück', ' [2][3]', ' bis 10 Uhr.']).join('')).toBe('Ab 15 Uhr. Frühstück bis 10 Uhr.');
  });
  it('holds a trailing blank until the next word shows whether a marker or a word follows', () => {
    expect(shown(['Ab ', '15 ', 'Uhr'])).toEqual(['Ab', ' 15', ' Uhr']);
  });
  it('shows nothing of NO_ANSWER, whole or in pieces, nor of a text that starts like it until it differs', () => {
    expect(shown(['NO_', 'ANS', 'WER'])).toEqual([]);
    expect(shown([' NO_ANSWER'])).toEqual([]);
    expect(shown(['NO', 'rden ist links.'])).toEqual(['NOrden ist links.']);
  });
});
