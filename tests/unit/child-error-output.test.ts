import { describe, expect, it } from 'vitest';
import { childErrorOutput } from '../../server/src/training/extractionSandbox.ts';

/** V8's output when a heap is full: the fatal line, then a native stack trace of any length. */
function outOfMemoryOutput(stackLines: number) {
  const stack = Array.from({ length: stackLines }, (_, i) => `${i + 1}: 0x12c1b3b v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace) [node]`);
  return ['<--- Last few GCs --->', '', 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory', '----- Native stack trace -----', ...stack, ''].join('\n');
}

describe('childErrorOutput', () => {
  it('notices running out of heap even when the stack trace after it is longer than the kept tail', () => {
    const text = outOfMemoryOutput(60);
    const out = childErrorOutput(2000);
    for (let i = 0; i < text.length; i += 512) out.add(text.slice(i, i + 512));
    expect(text.length - text.indexOf('heap out of memory')).toBeGreaterThan(2000);
    expect(out.outOfMemory).toBe(true);
  });

  it('notices it when the line is split between two chunks', () => {
    const text = outOfMemoryOutput(3);
    const at = text.indexOf('heap out of memory') + 6;
    const out = childErrorOutput();
    out.add(text.slice(0, at));
    out.add(text.slice(at));
    expect(out.outOfMemory).toBe(true);
  });

  it('any other failure is not one of memory; its last line is the reason', () => {
    const out = childErrorOutput();
    out.add('Error: end of central directory not found\n    at readZip (zip.js:1:1)\nTypeError: not a zip file\n');
    expect(out.outOfMemory).toBe(false);
    expect(out.lastLine).toBe('TypeError: not a zip file');
  });
});
